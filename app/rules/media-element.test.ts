import { describe, expect, test } from "vitest";
import { isValidFrame } from "./click-area.ts";
import { cascadedFrame, changedFields, fieldProblems, newMediaFields } from "./media-element.ts";

// Issue 11: the rules the creator, the edit panel and the server share.

describe("fieldProblems", () => {
  test("a new element of each kind needs its content, and nothing else", () => {
    const keys = (kind: Parameters<typeof newMediaFields>[0]) => Object.keys(fieldProblems(kind, newMediaFields(kind), false));
    expect(keys("internalLink")).toEqual(["internalLinkPageId"]);
    expect(keys("externalLink")).toEqual(["url"]);
    expect(keys("mailtoLink")).toEqual(["recipient"]);
    expect(keys("video")).toEqual(["url"]);
    expect(keys("gallery")).toEqual(["galleryId"]);
    // Custom HTML starts with a size the user may change, and may be empty.
    expect(keys("customHtml")).toEqual([]);
  });

  test("sizes only for overlays; media bar content needs what it shows", () => {
    const link = { ...newMediaFields("externalLink"), url: "https://example.com/" };
    expect(fieldProblems("externalLink", link, false)).toEqual({});
    expect(Object.keys(fieldProblems("externalLink", { ...link, displayAs: "overlay" }, false))).toEqual(["width", "height"]);
    const bar = { ...link, mediaBarActive: true };
    expect(fieldProblems("externalLink", { ...bar, mediaBarContent: null }, false).mediaBarContent?.key).toBe("mediaBarContentRequired");
    expect(fieldProblems("externalLink", { ...bar, mediaBarContent: "long" }, false).mediaBarContent?.key).toBe("needsDescription");
    expect(fieldProblems("externalLink", { ...bar, mediaBarContent: "thumb" }, true).mediaBarContent).toBeUndefined();
    expect(fieldProblems("externalLink", { ...link, frameActive: false }, false).display?.key).toBe("displayRequired");
  });
});

test("changedFields sends only changes; an emptied title goes as null, not at all when it was null", () => {
  const saved = { ...newMediaFields("mailtoLink"), recipient: "a@example.com" };
  expect(changedFields(saved, { ...saved, title: "   " })).toEqual({});
  expect(changedFields({ ...saved, title: "Write" }, { ...saved, title: "" })).toEqual({ title: null });
  expect(changedFields(saved, { ...saved, subject: "Hi", frame: { ...saved.frame } })).toEqual({ subject: "Hi" });
});

test("cascaded default frames stay on the page and do not cover each other", () => {
  const frames = Array.from({ length: 16 }, (_, i) => cascadedFrame(i));
  for (const frame of frames) expect(isValidFrame(frame, { width: 612, height: 792 })).toBe(true);
  const overlap = (a: (typeof frames)[number], b: (typeof frames)[number]) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;
  for (const [i, a] of frames.entries()) for (const b of frames.slice(i + 1)) expect(overlap(a, b)).toBe(false);
  expect(cascadedFrame(16)).toEqual(cascadedFrame(0));
});
