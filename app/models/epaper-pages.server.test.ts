import { createId } from "@paralleldrive/cuid2";
import { afterAll, describe, expect, test } from "vitest";
import { EpaperNotFound } from "#app/lifecycle/epaper-process.server";
import { EDITOR_PAGE_CHUNK } from "#app/rules/editor-pages";
import { db } from "#app/utils/db.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { listEpaperCards } from "./epaper-grid.server.ts";
import { findPageFileKey, findPagesToCheck, listPageChunk, lookupPage } from "./epaper-pages.server.ts";

// Issue 11: the editor reads an ePaper's pages in chunks of 50, looks a page up by number, and
// gets a page's rendered files; all of it only within the caller's account.

afterAll(() => db.destroy());

const renditions = (number: number) =>
  JSON.stringify({
    images: [
      { width: 800, height: 1131 + number, file: "w800.webp", bytes: 10 },
      { width: 1600, height: 2262, file: "w1600.webp", bytes: 20 },
    ],
    thumbnail: { width: 200, height: 283, file: "thumb.webp", bytes: 5 },
    words: "words.json",
  });

async function epaperWithPages(pageCount: number, values: { deletedAt?: Date } = {}) {
  const { accountId } = await insertAccountWithUser(db);
  const epaperId = createId();
  await db
    .insertInto("epaper")
    .values({ id: epaperId, accountId, name: "Pages", languageCode: "de", pageCount, isRendered: true, ...values })
    .execute();
  if (pageCount > 0)
    await db
      .insertInto("page")
      .values(
        // Inserted in reverse: the order must come from the query.
        Array.from({ length: pageCount }, (_, i) => pageCount - i).map((page) => ({
          id: createId(),
          epaperId,
          page,
          sourcePage: page,
          width: 595,
          height: 842,
          blobPrefix: `epapers/${epaperId}/pages/r1/${page}`,
          renditions: renditions(page),
          links: JSON.stringify([
            { x: 0.1, y: 0.2, w: 0.3, h: 0.05, uri: "https://example.com/" },
            { x: 0.5, y: 0.9, w: 0.1, h: 0.02, page: 1 },
          ]),
        })),
      )
      .execute();
  return { accountId, epaperId };
}

describe("listPageChunk", () => {
  test("answers at most 50 pages in page order from skip, with the page count", async () => {
    const { accountId, epaperId } = await epaperWithPages(120);
    const first = await listPageChunk(db, accountId, epaperId);
    expect(first.total).toBe(120);
    expect(first.pages.map((page) => page.number)).toEqual(Array.from({ length: EDITOR_PAGE_CHUNK }, (_, i) => i + 1));
    expect(first.pages[0]).toMatchObject({
      width: 595,
      height: 842,
      isHidden: false,
      thumbnail: { width: 200, height: 283 },
      images: [
        { width: 800, height: 1132 },
        { width: 1600, height: 2262 },
      ],
    });
    const last = await listPageChunk(db, accountId, epaperId, { skip: 100, take: 500 });
    expect(last.pages.map((page) => page.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 101));
    // Nonsense paging is clamped, never an error.
    const odd = await listPageChunk(db, accountId, epaperId, { skip: -5, take: Number.NaN });
    expect(odd).toMatchObject({ skip: 0, total: 120 });
    expect(odd.pages).toHaveLength(EDITOR_PAGE_CHUNK);
  });

  test("another account's or a deleted ePaper is not found", async () => {
    const mine = await epaperWithPages(3);
    const theirs = await epaperWithPages(3);
    const deleted = await epaperWithPages(3, { deletedAt: new Date() });
    await expect(listPageChunk(db, mine.accountId, theirs.epaperId)).rejects.toBeInstanceOf(EpaperNotFound);
    await expect(listPageChunk(db, deleted.accountId, deleted.epaperId)).rejects.toBeInstanceOf(EpaperNotFound);
    await expect(lookupPage(db, mine.accountId, theirs.epaperId, 1)).rejects.toBeInstanceOf(EpaperNotFound);
  });
});

test("lookupPage finds a page by number and the chunk that holds it in its middle", async () => {
  const { accountId, epaperId } = await epaperWithPages(200);
  expect(await lookupPage(db, accountId, epaperId, 10)).toMatchObject({ page: { number: 10 }, chunkSkip: 0 });
  expect(await lookupPage(db, accountId, epaperId, 150)).toMatchObject({ page: { number: 150 }, chunkSkip: 124 });
  expect(await lookupPage(db, accountId, epaperId, 201)).toBeNull();
  // The looked-up page carries the PDF's own links; the pages of a chunk do not (a chunk stays small).
  expect((await lookupPage(db, accountId, epaperId, 3))?.page.links).toEqual([
    { x: 0.1, y: 0.2, w: 0.3, h: 0.05, uri: "https://example.com/" },
    { x: 0.5, y: 0.9, w: 0.1, h: 0.02, page: 1 },
  ]);
  expect((await listPageChunk(db, accountId, epaperId)).pages[0]).not.toHaveProperty("links");
});

test("findPageFileKey answers only the files a page's renditions list, only within the account", async () => {
  const mine = await epaperWithPages(2);
  const theirs = await epaperWithPages(2);
  expect(await findPageFileKey(db, mine.accountId, mine.epaperId, 2, "thumb.webp")).toBe(`epapers/${mine.epaperId}/pages/r1/2/thumb.webp`);
  expect(await findPageFileKey(db, mine.accountId, mine.epaperId, 1, "w1600.webp")).toBe(`epapers/${mine.epaperId}/pages/r1/1/w1600.webp`);
  for (const file of ["words.json", "../cover.webp", "w400.webp", ""])
    expect(await findPageFileKey(db, mine.accountId, mine.epaperId, 1, file), file).toBeNull();
  expect(await findPageFileKey(db, mine.accountId, mine.epaperId, 3, "thumb.webp")).toBeNull();
  expect(await findPageFileKey(db, mine.accountId, theirs.epaperId, 1, "thumb.webp")).toBeNull();
});

describe("pages to check (issue 46)", () => {
  test("the pages the render stood in for or drew degraded, in page order; the card counts them", async () => {
    const { accountId, epaperId } = await epaperWithPages(6);
    expect(await findPagesToCheck(db, epaperId)).toEqual([]);
    await db.updateTable("page").set({ supervision: "high" }).where("epaperId", "=", epaperId).where("page", "in", [5, 2]).execute();
    await db.updateTable("page").set({ supervision: "low" }).where("epaperId", "=", epaperId).where("page", "=", 3).execute();
    expect(await findPagesToCheck(db, epaperId)).toEqual([
      { page: 2, blank: true },
      { page: 3, blank: false },
      { page: 5, blank: true },
    ]);
    const grid = await listEpaperCards(db, {
      accountId,
      folderId: null,
      search: null,
      size: 10,
      page: 1,
      uploadCard: false,
      hideDemoProcesses: false,
    });
    expect(grid.cards.find((card) => card.id === epaperId)?.pagesToCheck).toBe(3);
  });
});
