import { readdir } from "node:fs/promises";
import { createId } from "@paralleldrive/cuid2";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { EpaperProcessEvent } from "#app/events/catalogue";
import { EpaperInProcess } from "#app/lifecycle/epaper-process.server";
import { resetEpaperProcess } from "#app/models/epaper-actions.server";
import { loadStructure, startStructureOperation } from "#app/models/page-structure.server";
import { operationPrefix } from "#app/page-operations/run-operation.server";
import { loadEpaperSnapshot } from "#app/publish/epaper-snapshot.server";
import { splitPagesWith } from "#app/publish/split-pages.server";
import { TEST_DATABASE_URL } from "#tests/setup/test-env";
import { numberedPagesPdf } from "#tests/support/generated-pdf";
import { permissionSubject } from "#tests/support/permission-subject";
import { type Farm, fileOf, type NodeProcess, startFarm, startRenderNode } from "#tests/support/render-farm";
import { TEST_PORTS } from "#tests/support/test-ports";

/*
 * Page operations (issue 12) against real MariaDB, Redis, render nodes and poppler: insert, move,
 * replace and delete, what follows the pages (internal links, the PDF's own links, TOC, media
 * elements), the failure and cancel paths that leave the ePaper as it was, and a node killed
 * during an insert.
 */

const REDIS_URL = "redis://127.0.0.1:6379/4";

let farm: Farm;
let nodeA: NodeProcess;
let nodeB: NodeProcess;

beforeAll(async () => {
  farm = await startFarm({ databaseUrl: TEST_DATABASE_URL, redisUrl: REDIS_URL });
  [nodeA, nodeB] = await Promise.all([
    startRenderNode({ port: TEST_PORTS.pageOpsNodeA, redisUrl: REDIS_URL, capacity: 1 }),
    startRenderNode({ port: TEST_PORTS.pageOpsNodeB, redisUrl: REDIS_URL, capacity: 1 }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([nodeA?.kill(), nodeB?.kill()]);
  await farm?.close();
});

const subject = () => permissionSubject({ accountId: farm.accountId, baseAccountId: farm.accountId });
const deps = () => ({ db: farm.db, redis: farm.redis, blobs: farm.blobs, queue: farm.pagesQueue });
const start = (epaperId: string, request: Parameters<typeof startStructureOperation>[3]) =>
  startStructureOperation(deps(), subject(), epaperId, request);

/** The end event of the next operation of this process type on the ePaper (after `since` events). */
async function ended(epaperId: string, process: EpaperProcessEvent["process"], since: number, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const event = farm.events
      .slice(since)
      .find(
        (entry) => entry.type === "epaperProcess" && entry.epaperId === epaperId && entry.process === process && entry.state !== "started",
      );
    if (event && event.type === "epaperProcess") return event;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no end of ${process} on ${epaperId} within ${timeoutMs} ms; log:\n${farm.logs.join("\n")}`);
}

async function rendered(pdf: Buffer, pages: number) {
  const epaperId = await farm.createEpaper(pdf, pages);
  const since = farm.events.length;
  await farm.render(epaperId);
  expect(await ended(epaperId, "rendering", since)).toMatchObject({ state: "finished" });
  return epaperId;
}

const pages = (epaperId: string) =>
  farm.db
    .selectFrom("page")
    .select(["id", "page", "text", "blobPrefix", "links", "sourcePage", "sourceUploadId"])
    .where("epaperId", "=", epaperId)
    .orderBy("page")
    .execute();
/** The page number the PDF's own internal link on a page points at. */
const linkTarget = (page: { links: unknown } | undefined) =>
  ((page?.links as { page?: number }[] | null) ?? []).find((entry) => entry.page !== undefined)?.page;
const texts = async (epaperId: string) => (await pages(epaperId)).map((page) => (page.text ?? "").trim());
const epaperRow = (epaperId: string) =>
  farm.db
    .selectFrom("epaper")
    .select(["pageCount", "coverBlobKey", "processRunning", "processError", "processType", "processCancelled"])
    .where("id", "=", epaperId)
    .executeTakeFirstOrThrow();

async function addInternalLink(pageId: string, targetPageId: string) {
  const type = await farm.db.selectFrom("pageMediaType").select("id").where("name", "=", "internalLink").executeTakeFirstOrThrow();
  const id = createId();
  await farm.db
    .insertInto("pageMedia")
    .values({ id, pageId, pageMediaTypeId: type.id, title: "link", frameX1: 0.1, frameX2: 0.3, frameY1: 0.1, frameY2: 0.2 })
    .execute();
  await farm.db.insertInto("pageMediaInternalLink").values({ pageMediaId: id, internalLinkPageId: targetPageId }).execute();
  return id;
}

async function filesUnder(prefix: string) {
  try {
    return await readdir(fileOf(farm, prefix), { recursive: true });
  } catch {
    return [];
  }
}

describe("page operations", () => {
  test("insert renders only the new pages and puts them in place; links, TOC and media elements follow", async () => {
    const epaperId = await rendered(numberedPagesPdf(4, "Base", { linkToLast: true }), 4);
    const before = await pages(epaperId);
    const [first, second, third, fourth] = before;
    if (!first || !second || !third || !fourth) throw new Error("four pages expected");
    expect((first.links as { page?: number }[]).some((link) => link.page === 4)).toBe(true);
    const link = await addInternalLink(first.id, third.id);
    await farm.db.insertInto("tocItem").values({ id: createId(), epaperId, pageId: fourth.id, position: 0, title: "Four" }).execute();

    const uploadId = await farm.storeUpload(numberedPagesPdf(3, "New", { linkToLast: true }), 3, "exchange");
    const since = farm.events.length;
    await start(epaperId, { kind: "insert", pageId: second.id, before: true, uploadId });
    await expect(start(epaperId, { kind: "delete", pageId: first.id })).rejects.toBeInstanceOf(EpaperInProcess);
    expect(await ended(epaperId, "inserting_pages", since)).toMatchObject({ state: "finished" });

    expect(await texts(epaperId)).toEqual(["Base 1", "New 1", "New 2", "New 3", "Base 2", "Base 3", "Base 4"]);
    const after = await pages(epaperId);
    // Existing pages kept their rows and files: nothing of theirs was rendered again.
    expect(after.filter((page) => before.some((old) => old.id === page.id && old.blobPrefix === page.blobPrefix))).toHaveLength(4);
    // The PDF's own links follow: Base 1 → Base 4 (now 7), New 1 → New 3 (now 4).
    expect(linkTarget(after[0])).toBe(7);
    expect(linkTarget(after[1])).toBe(4);
    expect(after.slice(1, 4).every((page) => page.sourceUploadId === uploadId)).toBe(true);
    expect(after.slice(1, 4).map((page) => page.sourcePage)).toEqual([1, 2, 3]);
    // Internal links and TOC name pages by id.
    const target = await farm.db
      .selectFrom("pageMediaInternalLink")
      .select("internalLinkPageId")
      .where("pageMediaId", "=", link)
      .executeTakeFirstOrThrow();
    expect(target.internalLinkPageId).toBe(third.id);
    expect(await epaperRow(epaperId)).toMatchObject({ pageCount: 7, processRunning: false, processError: null });
    // Progress counted the three new pages, and the operation and its drafts are gone.
    const progress = farm.events.slice(since).filter((event) => event.type === "renderProgress" && event.epaperId === epaperId);
    expect(progress.at(-1)).toMatchObject({ pageCount: 3, pageCountReady: 3 });
    expect(await farm.db.selectFrom("pageOperation").select("id").where("epaperId", "=", epaperId).execute()).toEqual([]);
    // The upload is used, kept for the pages' PDF downloads.
    expect(
      await farm.db.selectFrom("upload").select(["consumedAt", "expiresAt"]).where("id", "=", uploadId).executeTakeFirstOrThrow(),
    ).toMatchObject({ expiresAt: null });

    // Move 'Base 1' behind 'New 2': links and the TOC order follow.
    const moveSince = farm.events.length;
    await expect(
      start(epaperId, { kind: "move", pageId: first.id, targetPageId: after[1]?.id as string, before: true }),
    ).rejects.toMatchObject({ messageKey: "pageStructure.errors.moveChangesNothing" });
    await start(epaperId, { kind: "move", pageId: first.id, targetPageId: after[2]?.id as string, before: false });
    expect(await ended(epaperId, "moving_page", moveSince)).toMatchObject({ state: "finished" });
    expect(await texts(epaperId)).toEqual(["New 1", "New 2", "Base 1", "New 3", "Base 2", "Base 3", "Base 4"]);
    const moved = await pages(epaperId);
    expect(linkTarget(moved[0])).toBe(4);
    expect(linkTarget(moved[2])).toBe(7);
    expect((await epaperRow(epaperId)).coverBlobKey).toContain(moved[0]?.blobPrefix as string);

    // Replace 'Base 3' (the link target) with page 2 of another PDF: same row, new rendering.
    const replaceUpload = await farm.storeUpload(numberedPagesPdf(2, "Fresh"), 2, "replace");
    const replaceSince = farm.events.length;
    await start(epaperId, { kind: "replace", pageId: third.id, uploadId: replaceUpload, sourcePage: 2 });
    expect(await ended(epaperId, "replacing_page", replaceSince)).toMatchObject({ state: "finished" });
    expect(await texts(epaperId)).toEqual(["New 1", "New 2", "Base 1", "New 3", "Base 2", "Fresh 2", "Base 4"]);
    const replaced = await pages(epaperId);
    expect(replaced[5]?.id).toBe(third.id);
    expect(await filesUnder(third.blobPrefix as string)).toEqual([]);
    expect(await farm.db.selectFrom("pageMedia").select("id").where("id", "=", link).execute()).toHaveLength(1);

    // Delete the link target: the internal link to it goes, numbers close up, its files go.
    const view = await loadStructure(farm.db, subject(), { epaperId, skip: 0, take: 25 });
    expect(view.pages.find((page) => page.id === third.id)).toMatchObject({ linksTo: 1, linkedFrom: [3] });
    expect(view.pages.find((page) => page.id === first.id)).toMatchObject({ linksFrom: 1 });
    const deleteSince = farm.events.length;
    await start(epaperId, { kind: "delete", pageId: third.id });
    expect(await ended(epaperId, "deleting_page", deleteSince)).toMatchObject({ state: "finished" });
    expect(await texts(epaperId)).toEqual(["New 1", "New 2", "Base 1", "New 3", "Base 2", "Base 4"]);
    expect(await farm.db.selectFrom("pageMedia").select("id").where("id", "=", link).execute()).toEqual([]);
    expect(await filesUnder(replaced[5]?.blobPrefix as string)).toEqual([]);
    // The replacement's upload served only that page: it is gone too.
    expect(await farm.db.selectFrom("upload").select("id").where("id", "=", replaceUpload).execute()).toEqual([]);
    const toc = await farm.db
      .selectFrom("tocItem")
      .innerJoin("page", "page.id", "tocItem.pageId")
      .select("page.page")
      .where("tocItem.epaperId", "=", epaperId)
      .execute();
    expect(toc).toEqual([{ page: 6 }]);
    expect(await epaperRow(epaperId)).toMatchObject({ pageCount: 6 });

    // Per-page PDF downloads are cut from the PDF each page came from.
    await farm.db.updateTable("page").set({ pdfDownload: true }).where("epaperId", "=", epaperId).execute();
    const snapshot = await loadEpaperSnapshot(farm.db, epaperId);
    const insertedKey = (await farm.db.selectFrom("upload").select("blobKey").where("id", "=", uploadId).executeTakeFirstOrThrow()).blobKey;
    expect(snapshot.pdfPages.slice(0, 4).map((entry) => [entry.sourceKey === insertedKey, entry.sourcePage])).toEqual([
      [true, 1],
      [true, 2],
      [false, 1],
      [true, 3],
    ]);
    const cuts = [];
    for await (const cut of splitPagesWith(farm.deps)(insertedKey, [2])) cuts.push(cut);
    expect(cuts.map((cut) => [cut.page, Buffer.from(cut.pdf).subarray(0, 5).toString("latin1")])).toEqual([[2, "%PDF-"]]);
  }, 240_000);

  test("a failed insert leaves the ePaper as it was; reset clears the failure; foreign and missing ids are refused", async () => {
    const epaperId = await rendered(numberedPagesPdf(2, "Keep"), 2);
    const before = await pages(epaperId);
    const broken = await farm.storeUpload(Buffer.from("%PDF-1.4\nthis is not really a PDF\n%%EOF\n"), 3, "exchange");
    const since = farm.events.length;
    await start(epaperId, { kind: "insert", pageId: before[0]?.id as string, before: false, uploadId: broken });
    expect(await ended(epaperId, "inserting_pages", since)).toMatchObject({ state: "failed", error: "pagesNotInserted" });
    expect(await pages(epaperId)).toEqual(before);
    expect(await epaperRow(epaperId)).toMatchObject({
      processError: "pagesNotInserted",
      processType: "inserting_pages",
      processRunning: false,
    });
    expect(await farm.db.selectFrom("upload").select("id").where("id", "=", broken).execute()).toEqual([]);
    expect((await filesUnder(`epapers/${epaperId}/pages`)).some((name) => name.startsWith("o"))).toBe(false);

    await resetEpaperProcess({ ...deps(), queue: farm.queue, pagesQueue: farm.pagesQueue }, subject(), epaperId);
    expect(await epaperRow(epaperId)).toMatchObject({ processError: null, processType: null, processRunning: false });

    // Another account's ePaper and a page of another ePaper are 'not found'; a used upload is gone.
    const other = permissionSubject({ accountId: "someone-else", baseAccountId: "someone-else" });
    await expect(
      startStructureOperation(deps(), other, epaperId, { kind: "delete", pageId: before[0]?.id as string }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(start(epaperId, { kind: "delete", pageId: "nope" })).rejects.toMatchObject({ status: 404 });
    await expect(
      start(epaperId, { kind: "insert", pageId: before[0]?.id as string, before: true, uploadId: broken }),
    ).rejects.toMatchObject({ messageKey: "pageStructure.errors.uploadNotFound" });
    // Without the permission nothing is looked up.
    await expect(
      startStructureOperation(deps(), permissionSubject({ accountId: farm.accountId, permissions: [] }), epaperId, {
        kind: "delete",
        pageId: before[0]?.id as string,
      }),
    ).rejects.toMatchObject({ status: 403 });
    // Deleting the last visible page is refused.
    await farm.db
      .updateTable("page")
      .set({ isHidden: true })
      .where("id", "=", before[1]?.id as string)
      .execute();
    await expect(start(epaperId, { kind: "delete", pageId: before[0]?.id as string })).rejects.toMatchObject({
      messageKey: "pageStructure.errors.lastVisiblePage",
    });
  }, 120_000);

  test("a cancelled insert leaves nothing: no page, no draft, no file, no upload", async () => {
    const epaperId = await rendered(numberedPagesPdf(2, "Stay"), 2);
    const before = await pages(epaperId);
    const uploadId = await farm.storeUpload("plumber__chelsea_pdta.pdf", 65, "exchange");
    // 65 pages are more than the default pageExchangeMax (50); support raises it for the account.
    await expect(start(epaperId, { kind: "insert", pageId: before[1]?.id as string, before: false, uploadId })).rejects.toMatchObject({
      messageKey: "pageStructure.errors.tooManyPages",
      params: { max: 50 },
    });
    await farm.db.updateTable("account").set({ pageExchangeMax: 100 }).where("id", "=", farm.accountId).execute();
    const since = farm.events.length;
    const { operationId } = await start(epaperId, { kind: "insert", pageId: before[1]?.id as string, before: false, uploadId });
    const drafts = () => farm.db.selectFrom("pageDraft").select("sourcePage").where("operationId", "=", operationId).execute();
    while ((await drafts()).length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    await farm.cancelPages(epaperId);
    expect(await ended(epaperId, "inserting_pages", since)).toMatchObject({ state: "cancelled" });
    expect(await pages(epaperId)).toEqual(before);
    expect(await drafts()).toEqual([]);
    expect(await filesUnder(operationPrefix(epaperId, operationId))).toEqual([]);
    expect(await farm.db.selectFrom("upload").select("id").where("id", "=", uploadId).execute()).toEqual([]);
    expect(await epaperRow(epaperId)).toMatchObject({ processRunning: false, processError: null, pageCount: 2 });
  }, 180_000);

  test("a render node killed during an insert: every new page arrives exactly once, in order", async () => {
    const epaperId = await rendered(numberedPagesPdf(2, "Edge"), 2);
    const before = await pages(epaperId);
    const uploadId = await farm.storeUpload("plumber__chelsea_pdta.pdf", 65, "exchange");
    const since = farm.events.length;
    const { operationId } = await start(epaperId, { kind: "insert", pageId: before[0]?.id as string, before: false, uploadId });
    const drafts = () => farm.db.selectFrom("pageDraft").select("sourcePage").where("operationId", "=", operationId).execute();
    while ((await drafts()).length < 4) await new Promise((resolve) => setTimeout(resolve, 50));
    await nodeB.kill("SIGKILL");
    expect(await ended(epaperId, "inserting_pages", since, 240_000)).toMatchObject({ state: "finished" });
    const after = await pages(epaperId);
    expect(after.map((page) => page.page)).toEqual(Array.from({ length: 67 }, (_, index) => index + 1));
    expect(after[0]?.id).toBe(before[0]?.id);
    expect(after[66]?.id).toBe(before[1]?.id);
    expect(after.slice(1, 66).map((page) => page.sourcePage)).toEqual(Array.from({ length: 65 }, (_, index) => index + 1));
    const folders = await readdir(fileOf(farm, operationPrefix(epaperId, operationId)));
    expect(folders.sort((a, b) => Number(a) - Number(b))).toEqual(after.slice(1, 66).map((page) => String(page.sourcePage)));
    nodeB = await startRenderNode({ port: TEST_PORTS.pageOpsNodeB, redisUrl: REDIS_URL, capacity: 1 });
  }, 300_000);
});
