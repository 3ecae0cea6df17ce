import { createId } from "@paralleldrive/cuid2";
import { afterAll, describe, expect, test } from "vitest";
import { db } from "#app/utils/db.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { listEpaperCards, pageOfIndex, pageWindow } from "./epaper-grid.server.ts";

describe("pageWindow (upload card first on page 1)", () => {
  test("page 1 holds one ePaper less than the capacity", () => {
    expect(pageWindow({ page: 1, size: 10, total: 25, uploadCard: true })).toEqual({ page: 1, pageCount: 3, offset: 0, limit: 9 });
    expect(pageWindow({ page: 2, size: 10, total: 25, uploadCard: true })).toEqual({ page: 2, pageCount: 3, offset: 9, limit: 10 });
    expect(pageWindow({ page: 3, size: 10, total: 25, uploadCard: true })).toEqual({ page: 3, pageCount: 3, offset: 19, limit: 10 });
  });

  test("one page while everything fits beside the upload card; pages out of range are clamped", () => {
    expect(pageWindow({ page: 1, size: 10, total: 9, uploadCard: true }).pageCount).toBe(1);
    expect(pageWindow({ page: 1, size: 10, total: 10, uploadCard: true }).pageCount).toBe(2);
    expect(pageWindow({ page: 9, size: 10, total: 0, uploadCard: true })).toEqual({ page: 1, pageCount: 1, offset: 0, limit: 9 });
  });

  test("without the upload card (search results) pages are full", () => {
    expect(pageWindow({ page: 2, size: 10, total: 25, uploadCard: false })).toEqual({ page: 2, pageCount: 3, offset: 10, limit: 10 });
  });

  test("pageOfIndex agrees with pageWindow", () => {
    for (const uploadCard of [true, false]) {
      for (let index = 0; index < 40; index++) {
        const page = pageOfIndex(index, 7, uploadCard);
        const window = pageWindow({ page, size: 7, total: 40, uploadCard });
        expect(index >= window.offset && index < window.offset + window.limit, `index ${index}`).toBe(true);
      }
    }
  });
});

describe("listEpaperCards (against the database)", () => {
  afterAll(() => db.destroy());

  test("each card carries its newest published preview, preview link and zip, read in the card's own row", async () => {
    const { accountId } = await insertAccountWithUser(db);
    const [plain, published] = [createId(), createId()];
    await db
      .insertInto("epaper")
      .values([
        { id: plain, accountId, name: "Plain", languageCode: "de", createdAt: new Date("2026-01-01T00:00:00Z") },
        { id: published, accountId, name: "Published", languageCode: "de", createdAt: new Date("2026-01-02T00:00:00Z") },
      ])
      .execute();
    const publication = (type: "preview" | "previewlink" | "zip", values: Record<string, unknown>) => ({
      id: createId(),
      epaperId: published,
      type,
      hash: createId(),
      ...values,
    });
    const older = publication("preview", { publishedAt: new Date("2026-02-01T10:00:00.125Z") });
    const newer = publication("preview", { publishedAt: new Date("2026-03-01T10:00:00.250Z") });
    const zip = publication("zip", {
      publishedAt: new Date("2026-03-02T11:12:13.456Z"),
      sizeInByte: 5_000_000_123,
      postProcessingUntil: new Date("2026-03-09T11:12:13.456Z"),
    });
    const link = publication("previewlink", { publishedAt: new Date("2026-03-03T00:00:00Z"), expiredAt: new Date("2026-04-01T00:00:00Z") });
    // Not published yet (a publish under way): not shown.
    const pendingZip = publication("zip", { publishedAt: null });
    await db.insertInto("publication").values([older, newer, zip, link, pendingZip]).execute();

    const grid = await listEpaperCards(db, {
      accountId,
      folderId: null,
      search: null,
      size: 10,
      page: 1,
      uploadCard: false,
      hideDemoProcesses: false,
    });
    const byName = new Map(grid.cards.map((card) => [card.name, card]));
    expect(byName.get("Plain")).toMatchObject({ preview: null, zip: null, previewLink: null });
    expect(byName.get("Published")).toMatchObject({
      preview: { publishedAt: "2026-03-01T10:00:00.250Z", hash: newer.hash, outdated: false },
      zip: { publishedAt: "2026-03-02T11:12:13.456Z", sizeInByte: 5_000_000_123, postProcessingUntil: "2026-03-09T11:12:13.456Z" },
      previewLink: { publishedAt: "2026-03-03T00:00:00.000Z", hash: link.hash, expiredAt: "2026-04-01T00:00:00.000Z" },
    });
  });
});
