import { createId } from "@paralleldrive/cuid2";
import { afterAll, describe, expect, test } from "vitest";
import { AppError } from "#app/errors/app-error";
import type { PermissionSubject } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { updateClickAreaColors } from "./click-area-colors.server.ts";
import { loadMediaElements } from "./page-media-read.server.ts";
import {
  createMediaElement,
  deleteAllPageMedia,
  deleteMediaElement,
  duplicateMediaElement,
  updateMediaElement,
} from "./page-media.server.ts";
import { convertPdfLinks } from "./pdf-link-conversion.server.ts";

// Issue 11: every write of a media element checks permission, demo rule, lock and account on the
// server, validates with the shared rules, keeps frames on the page with 4-digit precision,
// refuses a stale version, and marks published forms as needing republishing.

afterAll(async () => {
  await db.destroy();
  redis.disconnect();
});

const deps = { db, redis };

const subjectOf = (accountId: string, overrides: Partial<PermissionSubject> = {}) =>
  permissionSubject({ id: createId(), accountId, baseAccountId: accountId, permissions: ["1"], ...overrides });

async function epaperWithPages(values: { isDemo?: boolean; isLocked?: boolean } = {}) {
  const { accountId } = await insertAccountWithUser(db);
  const epaperId = createId();
  await db
    .insertInto("epaper")
    .values({ id: epaperId, accountId, name: "Media", languageCode: "de", pageCount: 3, isRendered: true, ...values })
    .execute();
  await db.insertInto("epaperSetting").values({ id: createId(), epaperId }).execute();
  const pageIds = [createId(), createId(), createId()];
  await db
    .insertInto("page")
    .values(
      pageIds.map((id, i) => ({
        id,
        epaperId,
        page: i + 1,
        sourcePage: i + 1,
        width: 500,
        height: 1000,
        links: JSON.stringify(
          i === 0
            ? [
                { x: 0.1, y: 0.2, w: 0.3, h: 0.001, uri: "https://example.com/a" },
                { x: 0.5, y: 0.9, w: 0.1, h: 0.02, page: 3 },
                { x: 0.5, y: 0.5, w: 0.1, h: 0.02, uri: "mailto:info%40example.com?subject=Hi" },
                { x: 0.5, y: 0.6, w: 0.1, h: 0.02, uri: "javascript:alert(1)" },
              ]
            : i === 1
              ? [{ x: 0.2, y: 0.2, w: 0.2, h: 0.02, uri: "https://example.com/b" }]
              : [],
        ),
      })),
    )
    .execute();
  return { accountId, epaperId, pageIds, subject: subjectOf(accountId) };
}

const rejection = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, messageKey } = error as AppError;
  return { status, messageKey };
};

const link = { url: "https://example.com/", frame: { x1: 0.1, y1: 0.1, x2: 0.3, y2: 0.2 } };

describe("creating", () => {
  test("each kind with its defaults; frames rounded to 4 digits; the ePaper needs republishing", async () => {
    const { epaperId, pageIds, subject } = await epaperWithPages();
    await db.insertInto("publication").values({ id: createId(), epaperId, type: "preview", hash: createId() }).execute();
    const galleryId = createId();
    await db.insertInto("gallery").values({ id: galleryId, accountId: subject.accountId, name: "Shop" }).execute();
    const page = pageIds[0] as string;
    const made = [
      await createMediaElement(deps, subject, { epaperId, pageId: page, kind: "internalLink", fields: { internalLinkPageId: pageIds[2] } }),
      await createMediaElement(deps, subject, {
        epaperId,
        pageId: page,
        kind: "externalLink",
        fields: { ...link, frame: { x1: 0.123456, y1: 0.1, x2: 0.654321, y2: 0.2 } },
      }),
      await createMediaElement(deps, subject, {
        epaperId,
        pageId: page,
        kind: "mailtoLink",
        fields: { recipient: "a@example.com", title: "  " },
      }),
      await createMediaElement(deps, subject, { epaperId, pageId: page, kind: "video", fields: { url: "https://youtu.be/abc" } }),
      await createMediaElement(deps, subject, { epaperId, pageId: page, kind: "gallery", fields: { galleryId } }),
      await createMediaElement(deps, subject, {
        epaperId,
        pageId: page,
        kind: "customHtml",
        fields: { content: "<b>Hi</b>", editorMode: "html" },
      }),
    ];
    expect(made.map((element) => element.kind)).toEqual(["internalLink", "externalLink", "mailtoLink", "video", "gallery", "customHtml"]);
    expect(made[0]).toMatchObject({ internalLinkPageNumber: 3 });
    expect(made[1]?.frame).toEqual({ x1: 0.1235, y1: 0.1, x2: 0.6543, y2: 0.2 });
    expect(made[1]).toMatchObject({ displayAs: "tab_blank", width: null });
    expect(made[2]).toMatchObject({ title: null, recipient: "a@example.com" });
    expect(made[3]).toMatchObject({ displayAs: "overlay", width: 800, height: 450 });
    expect(made[5]).toMatchObject({ content: "<b>Hi</b>", editorMode: "html", width: 800 });
    expect((await loadMediaElements(db, { pageId: page })).map((element) => element.id)).toEqual(made.map((element) => element.id));
    const epaper = await db
      .selectFrom("epaper")
      .select(["republishingRequiredPreview", "republishChangesAt"])
      .where("id", "=", epaperId)
      .executeTakeFirstOrThrow();
    expect(epaper.republishingRequiredPreview).toBe(true);
    expect(epaper.republishChangesAt).not.toBeNull();
  });

  test("every rule of §4 and §5 refuses with its message", async () => {
    const { epaperId, pageIds, subject } = await epaperWithPages();
    const pageId = pageIds[0] as string;
    const refused = (kind: "externalLink" | "video" | "mailtoLink" | "internalLink" | "gallery", fields: object) =>
      rejection(createMediaElement(deps, subject, { epaperId, pageId, kind, fields }));
    expect(await refused("externalLink", { url: "ftp://example.com" })).toEqual({
      status: 400,
      messageKey: "media.validation.notPathOrUrl",
    });
    expect(await refused("externalLink", { url: "https://nohost" })).toMatchObject({ messageKey: "media.validation.urlNotValid" });
    // An address typed without its protocol is saved with https:// (issue 46).
    const typed = await createMediaElement(deps, subject, {
      epaperId,
      pageId,
      kind: "externalLink",
      fields: { url: " example.com/page?a=1 " },
    });
    expect(typed.url).toBe("https://example.com/page?a=1");
    expect(await refused("video", { url: "https://example.com/clip.avi" })).toMatchObject({
      messageKey: "media.validation.videoUrlNotValid",
    });
    expect(await refused("mailtoLink", { recipient: "nobody" })).toMatchObject({ messageKey: "media.validation.validEmailRequired" });
    expect(await refused("internalLink", {})).toMatchObject({ messageKey: "media.validation.targetPageRequired" });
    // §8: a chosen gallery that is gone by now is a failed dependency (the creator closes).
    expect(await refused("gallery", { galleryId: createId() })).toEqual({ status: 424, messageKey: "media.errors.dependencyGone" });
    expect(await refused("externalLink", { ...link, title: "ab" })).toMatchObject({ messageKey: "media.validation.textTooShort" });
    expect(await refused("externalLink", { ...link, displayAs: "overlay", width: 0, height: 300 })).toMatchObject({
      messageKey: "media.validation.numberValueNotValid",
    });
    expect(await refused("externalLink", { ...link, frameActive: false, mediaBarActive: false })).toMatchObject({
      messageKey: "media.validation.displayRequired",
    });
    expect(await refused("externalLink", { ...link, mediaBarActive: true, mediaBarContent: "short" })).toMatchObject({
      messageKey: "media.validation.needsTitle",
    });
    // 10 px at 100 %: a 500-point-wide page allows 0.02 at least.
    expect(await refused("externalLink", { ...link, frame: { x1: 0.1, y1: 0.1, x2: 0.11, y2: 0.2 } })).toMatchObject({
      messageKey: "media.errors.frameNotValid",
    });
    expect(await refused("externalLink", { ...link, frame: { x1: 0.5, y1: 0.1, x2: 0.3, y2: 0.2 } })).toMatchObject({
      messageKey: "media.errors.frameNotValid",
    });
    // Out-of-page values are clamped to the page, not stored as given.
    const clamped = await createMediaElement(deps, subject, {
      epaperId,
      pageId,
      kind: "externalLink",
      fields: { ...link, frame: { x1: -0.5, y1: 0.9, x2: 0.2, y2: 1.7 } },
    });
    expect(clamped.frame).toEqual({ x1: 0, y1: 0.9, x2: 0.2, y2: 1 });
    // A target page of another ePaper is no target: answered like a page that is gone.
    const other = await epaperWithPages();
    expect(await refused("internalLink", { internalLinkPageId: other.pageIds[0] })).toEqual({
      status: 424,
      messageKey: "media.errors.dependencyGone",
    });
    // Unknown fields and wrong types are not a request the editor makes.
    expect(await refused("externalLink", { ...link, pageId: "x" })).toMatchObject({ status: 400, messageKey: "errors.invalidRequest" });
  });
});

describe("permissions and account scoping", () => {
  test("another account's page or element is not found; demo, lock and missing rights refuse", async () => {
    const mine = await epaperWithPages();
    const element = await createMediaElement(deps, mine.subject, {
      epaperId: mine.epaperId,
      pageId: mine.pageIds[0] as string,
      kind: "externalLink",
      fields: link,
    });
    const stranger = await epaperWithPages();
    const foreign = { epaperId: mine.epaperId, pageMediaId: element.id };
    expect(
      await rejection(updateMediaElement(deps, stranger.subject, { ...foreign, version: element.version, patch: { title: "Taken" } })),
    ).toMatchObject({
      status: 404,
    });
    expect(await rejection(duplicateMediaElement(deps, stranger.subject, foreign))).toMatchObject({ status: 404 });
    expect(await rejection(deleteMediaElement(deps, stranger.subject, foreign))).toMatchObject({ status: 404 });
    // The stranger's own ePaper id with my element id: still not found.
    expect(
      await rejection(deleteMediaElement(deps, stranger.subject, { epaperId: stranger.epaperId, pageMediaId: element.id })),
    ).toMatchObject({
      status: 404,
    });
    expect(
      await rejection(deleteAllPageMedia(deps, stranger.subject, { epaperId: mine.epaperId, pageId: mine.pageIds[0] as string })),
    ).toMatchObject({
      status: 404,
    });
    expect(
      await rejection(
        createMediaElement(deps, stranger.subject, {
          epaperId: stranger.epaperId,
          pageId: mine.pageIds[0] as string,
          kind: "externalLink",
          fields: link,
        }),
      ),
    ).toMatchObject({ status: 404 });
    expect(await rejection(convertPdfLinks(deps, stranger.subject, { epaperId: mine.epaperId }))).toMatchObject({ status: 404 });
    expect(
      await rejection(updateClickAreaColors(deps, stranger.subject, { epaperId: mine.epaperId, color: "#000", hoverColor: "#fff" })),
    ).toMatchObject({
      status: 404,
    });
    expect(await loadMediaElements(db, { pageId: mine.pageIds[0] as string })).toHaveLength(1);

    const demo = await epaperWithPages({ isDemo: true });
    expect(
      await rejection(
        createMediaElement(deps, demo.subject, {
          epaperId: demo.epaperId,
          pageId: demo.pageIds[0] as string,
          kind: "externalLink",
          fields: link,
        }),
      ),
    ).toMatchObject({ messageKey: "errors.demoContent" });
    const locked = await epaperWithPages({ isLocked: true });
    expect(
      await rejection(
        createMediaElement(deps, locked.subject, {
          epaperId: locked.epaperId,
          pageId: locked.pageIds[0] as string,
          kind: "externalLink",
          fields: link,
        }),
      ),
    ).toMatchObject({ status: 403, messageKey: "epaper.errors.lockedBySupport" });
    const generated = subjectOf(mine.accountId, { isGenerated: true, permissions: [] });
    expect(
      await rejection(
        createMediaElement(deps, generated, {
          epaperId: mine.epaperId,
          pageId: mine.pageIds[0] as string,
          kind: "externalLink",
          fields: link,
        }),
      ),
    ).toMatchObject({ status: 403 });
  });
});

describe("editing", () => {
  test("saves changed fields; a stale version is a conflict and changes nothing", async () => {
    const { epaperId, pageIds, subject } = await epaperWithPages();
    const created = await createMediaElement(deps, subject, {
      epaperId,
      pageId: pageIds[0] as string,
      kind: "video",
      fields: { url: "https://vimeo.com/1" },
    });
    const first = await updateMediaElement(deps, subject, {
      epaperId,
      pageMediaId: created.id,
      version: created.version,
      patch: { title: "Trailer", width: 640 },
    });
    expect(first).toMatchObject({ title: "Trailer", width: 640, height: 450, url: "https://vimeo.com/1" });
    expect(first.version).not.toBe(created.version);
    // A second tab still holds the first version.
    expect(
      await rejection(
        updateMediaElement(deps, subject, { epaperId, pageMediaId: created.id, version: created.version, patch: { title: "Other" } }),
      ),
    ).toEqual({
      status: 409,
      messageKey: "media.errors.staleVersion",
    });
    const [stored] = await loadMediaElements(db, { pageId: pageIds[0] as string });
    expect(stored).toMatchObject({ title: "Trailer", version: first.version });
    // Empty title is stored as null; a frame move keeps its precision rules.
    const second = await updateMediaElement(deps, subject, {
      epaperId,
      pageMediaId: created.id,
      version: first.version,
      patch: { title: "", frame: { x1: 0.55555, y1: 0.1, x2: 0.75555, y2: 0.3 } },
    });
    expect(second).toMatchObject({ title: null, frame: { x1: 0.5556, y1: 0.1, x2: 0.7556, y2: 0.3 } });
    // Invalid changes are refused by the same rules as on creation.
    expect(
      await rejection(
        updateMediaElement(deps, subject, {
          epaperId,
          pageMediaId: created.id,
          version: second.version,
          patch: { url: "https://example.com/a.avi" },
        }),
      ),
    ).toMatchObject({
      messageKey: "media.validation.videoUrlNotValid",
    });
  });

  test("a retry with the creator's id answers the element made first; an id of another page is not found", async () => {
    const { epaperId, pageIds, subject } = await epaperWithPages();
    const id = createId();
    const input = { epaperId, pageId: pageIds[0] as string, kind: "mailtoLink" as const, fields: { recipient: "a@example.com" }, id };
    const [first, second] = await Promise.all([createMediaElement(deps, subject, input), createMediaElement(deps, subject, input)]);
    expect(first.id).toBe(id);
    expect(second.id).toBe(id);
    expect(await loadMediaElements(db, { pageId: pageIds[0] as string })).toHaveLength(1);
    expect(await rejection(createMediaElement(deps, subject, { ...input, pageId: pageIds[1] as string }))).toMatchObject({ status: 404 });
    // In the edit panel a gone target is the field's message, not a failed creation.
    const link = await createMediaElement(deps, subject, {
      epaperId,
      pageId: pageIds[0] as string,
      kind: "internalLink",
      fields: { internalLinkPageId: pageIds[1] },
    });
    expect(
      await rejection(
        updateMediaElement(deps, subject, {
          epaperId,
          pageMediaId: link.id,
          version: link.version,
          patch: { internalLinkPageId: createId() },
        }),
      ),
    ).toEqual({ status: 400, messageKey: "media.validation.targetPageRequired" });
  });

  test("custom HTML in text mode keeps only the rich-text formatting; HTML mode keeps the code", async () => {
    const { epaperId, pageIds, subject } = await epaperWithPages();
    const created = await createMediaElement(deps, subject, {
      epaperId,
      pageId: pageIds[0] as string,
      kind: "customHtml",
      fields: {
        editorMode: "text",
        content: '<p onclick="steal()">Hi <strong>there</strong><script>steal()</script></p><img src=x onerror=steal()>',
      },
    });
    expect(created.content).toBe("<p>Hi <strong>there</strong></p>");
    const plain = await updateMediaElement(deps, subject, {
      epaperId,
      pageMediaId: created.id,
      version: created.version,
      patch: { content: "a < b\nsecond" },
    });
    expect(plain.content).toBe("<p>a &lt; b</p><p>second</p>");
    const code = await updateMediaElement(deps, subject, {
      epaperId,
      pageMediaId: created.id,
      version: plain.version,
      patch: { editorMode: "html", content: "<script>run()</script>" },
    });
    expect(code).toMatchObject({ editorMode: "html", content: "<script>run()</script>" });
  });

  test("duplicate copies every field; delete and delete all remove only this page's elements", async () => {
    const { epaperId, pageIds, subject } = await epaperWithPages();
    const [one, two] = [pageIds[0] as string, pageIds[1] as string];
    const original = await createMediaElement(deps, subject, {
      epaperId,
      pageId: one,
      kind: "mailtoLink",
      fields: { recipient: "a@example.com", subject: "Hello", title: "Write us" },
    });
    await createMediaElement(deps, subject, { epaperId, pageId: two, kind: "externalLink", fields: link });
    const copy = await duplicateMediaElement(deps, subject, { epaperId, pageMediaId: original.id });
    const { id: _a, version: _b, ...rest } = original;
    expect(copy).toMatchObject(rest);
    expect(copy.id).not.toBe(original.id);
    await deleteMediaElement(deps, subject, { epaperId, pageMediaId: original.id });
    expect((await loadMediaElements(db, { pageId: one })).map((element) => element.id)).toEqual([copy.id]);
    expect(await deleteAllPageMedia(deps, subject, { epaperId, pageId: one })).toBe(1);
    expect(await loadMediaElements(db, { pageId: one })).toEqual([]);
    expect(await loadMediaElements(db, { pageId: two })).toHaveLength(1);
    const details = await db
      .selectFrom("pageMediaMailtoLink")
      .select("pageMediaId")
      .where("pageMediaId", "in", [original.id, copy.id])
      .execute();
    expect(details).toEqual([]);
  });
});

describe("PDF links", () => {
  test("turn into media elements once: page links, web links and mailto; other targets are dropped", async () => {
    const { epaperId, pageIds, subject } = await epaperWithPages();
    expect(await convertPdfLinks(deps, subject, { epaperId, pageId: pageIds[0] as string })).toBe(3);
    const elements = await loadMediaElements(db, { pageId: pageIds[0] as string });
    expect(elements.map((element) => element.kind)).toEqual(["externalLink", "internalLink", "mailtoLink"]);
    expect(elements[0]).toMatchObject({ url: "https://example.com/a", displayAs: "tab_blank", frameIconActive: false });
    // A link thinner than 10 px becomes 10 px high: 10 / 1000.
    expect(elements[0]?.frame).toEqual({ x1: 0.1, y1: 0.2, x2: 0.4, y2: 0.21 });
    expect(elements[1]).toMatchObject({ internalLinkPageId: pageIds[2], internalLinkPageNumber: 3 });
    expect(elements[2]).toMatchObject({ recipient: "info@example.com" });
    // Converted once: a second click makes nothing; the other pages are done with 'all'.
    expect(await convertPdfLinks(deps, subject, { epaperId, pageId: pageIds[0] as string })).toBe(0);
    expect(await convertPdfLinks(deps, subject, { epaperId })).toBe(1);
    expect(await convertPdfLinks(deps, subject, { epaperId })).toBe(0);
    const pages = await db.selectFrom("page").select("links").where("epaperId", "=", epaperId).execute();
    expect(pages.map((page) => page.links)).toEqual([[], [], []]);
  });
});

test("click-area colours: hex with optional alpha, else the hex message", async () => {
  const { epaperId, subject } = await epaperWithPages();
  await updateClickAreaColors(deps, subject, { epaperId, color: "#00ff0026", hoverColor: "#abc" });
  const row = await db
    .selectFrom("epaperSetting")
    .select(["clickAreaColor", "clickAreaHoverColor"])
    .where("epaperId", "=", epaperId)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ clickAreaColor: "#00FF0026", clickAreaHoverColor: "#ABC" });
  expect(await rejection(updateClickAreaColors(deps, subject, { epaperId, color: "green", hoverColor: "#abc" }))).toMatchObject({
    messageKey: "media.validation.hexColorNotValid",
  });
});
