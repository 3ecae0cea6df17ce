import { describe, expect, test } from "vitest";
import {
  completeUrl,
  contentReady,
  defaultDisplayAs,
  defaultIcon,
  isHexColor,
  isHttpUrl,
  isLinkTarget,
  isOverlaySize,
  isVideoUrl,
  mediaBarContentMissing,
  textProblem,
} from "./enrichment.ts";

test("default icons and display by kind (§4)", () => {
  expect(["internalLink", "externalLink", "mailtoLink", "video", "gallery", "customHtml", "somethingNew"].map(defaultIcon)).toEqual([
    "linkintern",
    "link",
    "email",
    "video",
    "gallery",
    "pdf",
    "readme",
  ]);
  expect(defaultDisplayAs("video")).toBe("overlay");
  expect(defaultDisplayAs("externalLink")).toBe("tab_blank");
});

describe("links and values (§5)", () => {
  test("URLs need http or https and a real host", () => {
    for (const url of ["https://example.com", "http://sub.example.co.uk/a?b=c", "https://localhost:3000/x", "http://10.0.0.1/"])
      expect(isHttpUrl(url), url).toBe(true);
    for (const url of ["example.com", "ftp://example.com", "https://", "https://nohost", "javascript:alert(1)", "mailto:a@b.de"])
      expect(isHttpUrl(url), url).toBe(false);
  });

  test("an external link may be a URL or a user-data path", () => {
    expect(isLinkTarget("userdata/acme/files/brochure.pdf")).toBe(true);
    expect(isLinkTarget("/userdata/acme/x.png")).toBe(true);
    expect(isLinkTarget("userdata/../etc/passwd")).toBe(false);
    expect(isLinkTarget("just text")).toBe(false);
  });

  test("videos: YouTube, Vimeo or a .mp4/.mov/.m4v file, with the protocol", () => {
    for (const url of [
      "https://www.youtube.com/watch?v=abc",
      "https://youtu.be/abc",
      "https://vimeo.com/123",
      "https://player.vimeo.com/video/123",
      "https://cdn.example.com/clip.MP4",
      "http://example.com/a/b.m4v",
    ])
      expect(isVideoUrl(url), url).toBe(true);
    for (const url of ["youtube.com/watch?v=abc", "https://example.com/clip.avi", "https://notyoutube.com/x", "https://example.com/page"])
      expect(isVideoUrl(url), url).toBe(false);
  });

  test("overlay sizes are whole numbers above zero; colours are hex", () => {
    expect(["640", 480, " 1 "].map(isOverlaySize)).toEqual([true, true, true]);
    expect(["0", "-5", "12.5", "abc", ""].map(isOverlaySize)).toEqual([false, false, false, false, false]);
    expect(["#d5bca2", "#FFF", "#C0C0C026"].map(isHexColor)).toEqual([true, true, true]);
    expect(["d5bca2", "#12", "#ggg"].map(isHexColor)).toEqual([false, false, false]);
  });

  test("title and description: empty, or 3 to 999 characters", () => {
    expect(textProblem(null)).toBeNull();
    expect(textProblem("   ")).toBeNull();
    expect(textProblem("ab")).toBe("textTooShort");
    expect(textProblem("abc")).toBeNull();
    expect(textProblem("x".repeat(1000))).toBe("textTooLong");
  });
});

test("media bar contents need their title, description or preview image (§4)", () => {
  const element = { title: null, description: null, hasPreviewImage: false, previewImageAuto: false };
  expect(mediaBarContentMissing("icon", element)).toBeNull();
  expect(mediaBarContentMissing("short", element)).toBe("title");
  expect(mediaBarContentMissing("long", { ...element, description: "  " })).toBe("description");
  expect(mediaBarContentMissing("thumb", element)).toBe("previewImage");
  expect(mediaBarContentMissing("thumb", { ...element, previewImageAuto: true })).toBeNull();
});

test("the content step is ready once its kind has what it needs (§4)", () => {
  expect(contentReady({ kind: "internalLink" })).toBe(false);
  expect(contentReady({ kind: "internalLink", internalLinkPageId: "p1" })).toBe(true);
  expect(contentReady({ kind: "mailtoLink", recipient: "info@example.com" })).toBe(true);
  expect(contentReady({ kind: "mailtoLink", recipient: "info@" })).toBe(false);
  expect(contentReady({ kind: "externalLink", url: "https://example.com", displayAs: "tab_blank" })).toBe(true);
  expect(contentReady({ kind: "externalLink", url: "https://example.com" })).toBe(false);
  expect(contentReady({ kind: "video", url: "https://youtu.be/x", displayAs: "overlay" })).toBe(false);
  expect(contentReady({ kind: "video", url: "https://youtu.be/x", displayAs: "overlay", width: 640, height: 360 })).toBe(true);
  expect(contentReady({ kind: "gallery", galleryId: "g1" })).toBe(true);
  expect(contentReady({ kind: "customHtml", width: "300", height: "0" })).toBe(false);
  expect(contentReady({ kind: "customHtml", width: "300", height: "200" })).toBe(true);
});

test("an address typed without its protocol gets https://; paths and other text stay as typed (issue 46)", () => {
  expect(completeUrl("example.com/page")).toBe("https://example.com/page");
  expect(completeUrl(" www.example.de ")).toBe("https://www.example.de");
  expect(completeUrl("shop.example.com:8080/a?b=c#d")).toBe("https://shop.example.com:8080/a?b=c#d");
  expect(completeUrl("http://example.com")).toBe("http://example.com");
  expect(completeUrl("mailto:a@example.com")).toBe("mailto:a@example.com");
  expect(completeUrl("userdata/abc/file.pdf")).toBe("userdata/abc/file.pdf");
  expect(completeUrl("not an address")).toBe("not an address");
  expect(completeUrl("nohost")).toBe("nohost");
  expect(isLinkTarget(completeUrl("example.com/page"))).toBe(true);
  // The creator's content step takes it too (the step's readiness and the fields' rule agree).
  expect(contentReady({ kind: "externalLink", url: "example.com/page", displayAs: "tab_blank" })).toBe(true);
  expect(contentReady({ kind: "video", url: "youtube.com/watch?v=abc", displayAs: "overlay", width: "640", height: "360" })).toBe(true);
});
