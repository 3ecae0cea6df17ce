import { createId } from "@paralleldrive/cuid2";
import { afterAll, expect, test } from "vitest";
import { AppError } from "#app/errors/app-error";
import type { AccessibilityCheck } from "#app/rules/accessibility-report";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { accessibilityReport } from "./accessibility-report.server.ts";

// Issue 47 item 5: each check of the accessibility report, once passing on an ePaper that has
// what it checks, and once failing (or warning) on one that lacks it, against real MariaDB.

afterAll(async () => {
  await db.destroy();
  redis.disconnect();
});

const LONG_TEXT = "Der Gemeinderat tagt am Montag im Rathaus.";

/** An ePaper that passes every check: a language, a real title, text on every page, named media, readable controls, a TOC. */
async function accessibleEpaper() {
  const { accountId, userId } = await insertAccountWithUser(db);
  const subject = permissionSubject({ id: userId, accountId, baseAccountId: accountId, permissions: ["1"] });
  const epaperId = createId();
  const uploadId = createId();
  await db
    .insertInto("upload")
    .values({
      id: uploadId,
      accountId,
      blobKey: `uploads/${uploadId}/source.pdf`,
      originalName: "gb-2026-03.pdf",
      sizeInByte: 1,
      numPages: 2,
    })
    .execute();
  await db
    .insertInto("epaper")
    .values({
      id: epaperId,
      accountId,
      name: "Gemeindeblatt März",
      languageCode: "de",
      pageCount: 2,
      isRendered: true,
      sourceUploadId: uploadId,
    })
    .execute();
  await db
    .insertInto("epaperSetting")
    .values({ id: createId(), epaperId, interfaceBackgroundColor: "#1f2937", darkControlsActive: false, tocEnabled: true })
    .execute();
  const pageIds = [createId(), createId()];
  for (const [index, id] of pageIds.entries())
    await db
      .insertInto("page")
      .values({ id, epaperId, page: index + 1, sourcePage: index + 1, text: LONG_TEXT, renderedAt: new Date() })
      .execute();
  await db
    .insertInto("tocItem")
    .values({ id: createId(), epaperId, pageId: pageIds[0] as string, title: "Aus dem Rathaus" })
    .execute();
  const media = async (kind: string, title: string | null, page = 0) => {
    const type = await db.selectFrom("pageMediaType").select("id").where("name", "=", kind).executeTakeFirstOrThrow();
    const id = createId();
    await db
      .insertInto("pageMedia")
      .values({ id, pageId: pageIds[page] as string, pageMediaTypeId: type.id, title })
      .execute();
    return id;
  };
  await media("video", "Die Sitzung im Video");
  await media("externalLink", "Tagesordnung auf gemeinde.de");
  return { subject, epaperId, pageIds, media };
}

const check = async <I extends AccessibilityCheck["id"]>(fixture: Awaited<ReturnType<typeof accessibleEpaper>>, id: I) => {
  const report = await accessibilityReport(db, fixture.subject, fixture.epaperId);
  return report.checks.find((entry) => entry.id === id) as Extract<AccessibilityCheck, { id: I }>;
};

test("an ePaper with everything passes every check, and the report says so", async () => {
  const fixture = await accessibleEpaper();
  const report = await accessibilityReport(db, fixture.subject, fixture.epaperId);
  expect(report.checks.map((entry) => [entry.id, entry.status])).toEqual([
    ["language", "pass"],
    ["title", "pass"],
    ["text", "pass"],
    ["readingOrder", "info"],
    ["altText", "pass"],
    ["linkNames", "pass"],
    ["contrast", "pass"],
    ["toc", "pass"],
  ]);
  expect(report.summary).toEqual({ failed: 0, warned: 0 });
});

test("language: named in the report; an ePaper cannot lack one (the database refuses a language the studio does not know)", async () => {
  const fixture = await accessibleEpaper();
  expect(await check(fixture, "language")).toMatchObject({ status: "pass", value: "Deutsch" });
  await expect(db.updateTable("epaper").set({ languageCode: "xx" }).where("id", "=", fixture.epaperId).execute()).rejects.toThrow(
    /foreign key/,
  );
});

test("title: the uploaded file's name as the title warns", async () => {
  const fixture = await accessibleEpaper();
  await db.updateTable("epaper").set({ name: "GB-2026-03" }).where("id", "=", fixture.epaperId).execute();
  expect(await check(fixture, "title")).toMatchObject({ status: "warn" });
});

test("text: a visible page without text fails and is named; a hidden one does not count; OCR pending informs; a doubtful reading warns", async () => {
  const fixture = await accessibleEpaper();
  await db
    .updateTable("page")
    .set({ text: " 2 " })
    .where("id", "=", fixture.pageIds[1] as string)
    .execute();
  expect(await check(fixture, "text")).toMatchObject({ status: "fail", without: { pages: [2], count: 1 } });
  await db
    .updateTable("page")
    .set({ isHidden: true })
    .where("id", "=", fixture.pageIds[1] as string)
    .execute();
  expect(await check(fixture, "text")).toMatchObject({ status: "pass", total: 1 });
  await db
    .updateTable("page")
    .set({ isHidden: false, ocrState: "pending", text: "" })
    .where("id", "=", fixture.pageIds[1] as string)
    .execute();
  expect(await check(fixture, "text")).toMatchObject({ status: "info", pending: 1 });
  await db
    .updateTable("page")
    .set({ ocrState: "done", ocrConfidence: 52.5, text: LONG_TEXT })
    .where("id", "=", fixture.pageIds[1] as string)
    .execute();
  expect(await check(fixture, "text")).toMatchObject({
    status: "warn",
    ocr: { count: 1, lowestConfidence: 52.5, uncertain: { pages: [2] } },
  });
});

test("alt text: a medium without a title fails and names its page", async () => {
  const fixture = await accessibleEpaper();
  await fixture.media("gallery", null, 1);
  expect(await check(fixture, "altText")).toMatchObject({ status: "fail", total: 2, missing: { pages: [2], count: 1 } });
});

test("link names: a web link without a title warns (a page or mail link names its target by itself)", async () => {
  const fixture = await accessibleEpaper();
  await fixture.media("mailtoLink", "  ", 0);
  expect(await check(fixture, "linkNames")).toMatchObject({ status: "pass" });
  await fixture.media("externalLink", "  ", 0);
  expect(await check(fixture, "linkNames")).toMatchObject({ status: "warn", missing: { pages: [1], count: 1 } });
});

test("contrast: controls switched to reach 4.5:1 warn; a colour no controls read on fails", async () => {
  const fixture = await accessibleEpaper();
  const setColour = (interfaceBackgroundColor: string, darkControlsActive: boolean) =>
    db
      .updateTable("epaperSetting")
      .set({ interfaceBackgroundColor, darkControlsActive })
      .where("epaperId", "=", fixture.epaperId)
      .execute();
  await setColour("#1f2937", true);
  expect(await check(fixture, "contrast")).toMatchObject({ status: "warn" });
  await setColour("#7a7a7a", false);
  expect(await check(fixture, "contrast")).toMatchObject({ status: "fail" });
});

test("table of contents: none, or switched off, warns", async () => {
  const fixture = await accessibleEpaper();
  await db.updateTable("epaperSetting").set({ tocEnabled: false }).where("epaperId", "=", fixture.epaperId).execute();
  expect(await check(fixture, "toc")).toMatchObject({ status: "warn" });
});

test("another account's ePaper is not found", async () => {
  const fixture = await accessibleEpaper();
  const other = await accessibleEpaper();
  await expect(accessibilityReport(db, other.subject, fixture.epaperId)).rejects.toSatisfy(
    (error) => error instanceof AppError && error.status === 404,
  );
});
