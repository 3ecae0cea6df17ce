import { createId } from "@paralleldrive/cuid2";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { AppError } from "#app/errors/app-error";
import type { PermissionSubject } from "#app/rules/permissions";
import { STATS_TOP_LIMIT } from "#app/rules/readership-stats";
import { db } from "#app/utils/db.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { insertStatsElement, insertStatsEpaper, insertStatsRows } from "#tests/support/readership-stats";
import { loadReadershipStats } from "./readership-stats.server.ts";

// Issue 31 item 4: the statistics view's data, from rollup rows seeded for two ePapers of two
// accounts; only the caller's account's ePaper answers, over exactly the range asked for.

afterAll(() => db.destroy());

const RANGE = { from: "2026-03-01", to: "2026-03-05" };
const pad = (n: number) => String(n).padStart(2, "0");

type Seeded = { mine: PermissionSubject; theirs: PermissionSubject; epaperId: string; theirEpaperId: string; ids: Record<string, string> };
let seeded: Seeded;

async function subjectOfNewAccount() {
  const { accountId, userId } = await insertAccountWithUser(db);
  return permissionSubject({ id: userId, accountId, baseAccountId: accountId, permissions: ["1"] });
}

beforeAll(async () => {
  const [mine, theirs] = [await subjectOfNewAccount(), await subjectOfNewAccount()];
  const { epaperId, pageIds } = await insertStatsEpaper(db, mine.accountId, { pageCount: 3 });
  const their = await insertStatsEpaper(db, theirs.accountId, { pageCount: 2 });
  const channelId = createId();
  const theirChannelId = createId();
  await db
    .insertInto("channel")
    .values({ id: channelId, accountId: mine.accountId, name: "Spring channel", shortPath: channelId })
    .execute();
  await db
    .insertInto("channel")
    .values({ id: theirChannelId, accountId: theirs.accountId, name: "Not yours", shortPath: theirChannelId })
    .execute();
  const link = await insertStatsElement(db, pageIds[0] as string, "externalLink", { url: "https://shop.example/" });
  const film = await insertStatsElement(db, pageIds[1] as string, "video", { title: "Intro film" });
  const foreignElement = await insertStatsElement(db, their.pageIds[0] as string, "gallery", { title: "Their gallery" });
  await insertStatsRows(db, epaperId, {
    daily: [
      { day: "2026-03-01", source: "preview", channelId: "", opens: 2, gpcViews: 1, views: 10, uniques: 1, tocUses: 1 },
      { day: "2026-03-01", source: "channel", channelId, opens: 5, views: 20, uniques: 4, downloads: 1, shares: 2 },
      { day: "2026-03-02", source: "channel", channelId: theirChannelId, opens: 1, views: 1, uniques: 1 },
      { day: "2026-03-03", source: "channel", channelId, opens: 3, views: 6, uniques: 3 },
      // Outside the range on both sides.
      { day: "2026-02-28", source: "channel", channelId, opens: 100, views: 100, uniques: 100 },
      { day: "2026-03-06", source: "preview", channelId: "", opens: 100, views: 100, uniques: 100 },
    ],
    pages: [
      { day: "2026-03-01", page: 1, views: 10, readersReached: 5, totalMs: 50_000 },
      { day: "2026-03-01", page: 2, views: 4, readersReached: 3, totalMs: 8_000 },
      { day: "2026-03-02", page: 1, views: 2, readersReached: 2, totalMs: 10_000 },
      // A page since removed, and a day outside the range.
      { day: "2026-03-02", page: 4, views: 9, readersReached: 9, totalMs: 9_000 },
      { day: "2026-02-28", page: 3, views: 50, readersReached: 50, totalMs: 50_000 },
    ],
    elements: [
      { day: "2026-03-01", pageMediaId: link, opens: 1, clicks: 5 },
      { day: "2026-03-02", pageMediaId: link, opens: 2, clicks: 4 },
      { day: "2026-03-03", pageMediaId: film, opens: 10, clicks: 9 },
      { day: "2026-03-03", pageMediaId: foreignElement, opens: 0, clicks: 8 },
      { day: "2026-03-04", pageMediaId: "gone-element", opens: 0, clicks: 7 },
      { day: "2026-02-28", pageMediaId: "gone-element", opens: 0, clicks: 100 },
      ...Array.from({ length: 22 }, (_, i) => ({ day: "2026-03-05", pageMediaId: `filler-${pad(i)}`, opens: 0, clicks: 1 })),
    ],
    searches: [
      { day: "2026-03-01", term: "=cmd|' /c calc'!a0", count: 5 },
      { day: "2026-03-01", term: "bar", count: 1 },
      { day: "2026-03-03", term: "bar", count: 2 },
      { day: "2026-03-02", term: "bär", count: 3 },
      { day: "2026-03-06", term: "later", count: 100 },
      ...Array.from({ length: 22 }, (_, i) => ({ day: "2026-03-04", term: `term ${pad(i)}`, count: 1 })),
    ],
    referrers: [
      { day: "2026-03-01", domain: "news.example", opens: 4 },
      { day: "2026-03-02", domain: "news.example", opens: 2 },
      { day: "2026-03-01", domain: "", opens: 4 },
      { day: "2026-03-05", domain: "=1+1", opens: 1 },
    ],
    devices: [
      { day: "2026-03-01", device: "phone", opens: 3 },
      { day: "2026-03-02", device: "desktop", opens: 5 },
      { day: "2026-02-01", device: "tablet", opens: 9 },
    ],
  });
  // The other account's ePaper, read on the same days.
  await insertStatsRows(db, their.epaperId, {
    daily: [{ day: "2026-03-01", source: "preview", channelId: "", opens: 999, views: 999, uniques: 999 }],
    pages: [{ day: "2026-03-01", page: 1, views: 999, readersReached: 999, totalMs: 999 }],
    searches: [{ day: "2026-03-01", term: "theirs", count: 999 }],
  });
  seeded = { mine, theirs, epaperId, theirEpaperId: their.epaperId, ids: { link, film, foreignElement, channelId, theirChannelId } };
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { status: error.status, messageKey: error.messageKey } : error),
  );

describe("loadReadershipStats", () => {
  test("totals and every day of the range, days without readers as zeros; uniques summed per day", async () => {
    const stats = await loadReadershipStats(db, seeded.mine, seeded.epaperId, RANGE);
    expect(stats.epaper).toEqual({ id: seeded.epaperId, name: "Spring catalogue", pageCount: 3 });
    expect(stats.range).toEqual(RANGE);
    expect(stats.totals).toEqual({ opens: 11, views: 37, uniques: 9, gpcViews: 1, tocUses: 1, downloads: 1, shares: 2 });
    expect(stats.days).toEqual([
      { day: "2026-03-01", opens: 7, views: 30, uniques: 5 },
      { day: "2026-03-02", opens: 1, views: 1, uniques: 1 },
      { day: "2026-03-03", opens: 3, views: 6, uniques: 3 },
      { day: "2026-03-04", opens: 0, views: 0, uniques: 0 },
      { day: "2026-03-05", opens: 0, views: 0, uniques: 0 },
    ]);
  });

  test("every page with its views, readers reached (the drop-off) and average time per view", async () => {
    const stats = await loadReadershipStats(db, seeded.mine, seeded.epaperId, RANGE);
    expect(stats.pages).toEqual([
      { page: 1, views: 12, readersReached: 7, averageMs: 5000 },
      { page: 2, views: 4, readersReached: 3, averageMs: 2000 },
      { page: 3, views: 0, readersReached: 0, averageMs: 0 },
    ]);
  });

  test("top elements by clicks, then opens, capped, described where they are this ePaper's", async () => {
    const { elements } = await loadReadershipStats(db, seeded.mine, seeded.epaperId, RANGE);
    expect(elements).toHaveLength(STATS_TOP_LIMIT);
    expect(elements.slice(0, 4)).toEqual([
      { id: seeded.ids.film, kind: "video", label: "Intro film", page: 2, opens: 10, clicks: 9 },
      { id: seeded.ids.link, kind: "externalLink", label: "https://shop.example/", page: 1, opens: 3, clicks: 9 },
      // Another ePaper's element (never counted for this one by the rollup) tells nothing of itself.
      { id: seeded.ids.foreignElement, kind: null, label: null, page: null, opens: 0, clicks: 8 },
      { id: "gone-element", kind: null, label: null, page: null, opens: 0, clicks: 7 },
    ]);
    expect(elements.slice(4).map((element) => element.id)).toEqual(Array.from({ length: 16 }, (_, i) => `filler-${pad(i)}`));
  });

  test("top search terms and referrers, ordered and capped; devices all three; addresses with their channel names", async () => {
    const stats = await loadReadershipStats(db, seeded.mine, seeded.epaperId, RANGE);
    expect(stats.searches).toHaveLength(STATS_TOP_LIMIT);
    expect(stats.searches.slice(0, 4)).toEqual([
      { term: "=cmd|' /c calc'!a0", count: 5 },
      // Terms are compared byte by byte: 'bar' and 'bär' are two.
      { term: "bar", count: 3 },
      { term: "bär", count: 3 },
      { term: "term 00", count: 1 },
    ]);
    expect(stats.searches.at(-1)).toEqual({ term: "term 16", count: 1 });
    expect(stats.referrers).toEqual([
      { domain: "news.example", opens: 6 },
      { domain: "", opens: 4 },
      { domain: "=1+1", opens: 1 },
    ]);
    expect(stats.devices).toEqual([
      { device: "phone", opens: 3 },
      { device: "tablet", opens: 0 },
      { device: "desktop", opens: 5 },
    ]);
    expect(stats.sources).toEqual([
      { kind: "channel", channelId: seeded.ids.channelId, channelName: "Spring channel", opens: 8 },
      { kind: "preview", channelId: "", channelName: null, opens: 2 },
      // A channel of another account is not named.
      { kind: "channel", channelId: seeded.ids.theirChannelId, channelName: null, opens: 1 },
    ]);
  });

  test("a range without readers: zeros everywhere, every page and day still listed", async () => {
    const stats = await loadReadershipStats(db, seeded.mine, seeded.epaperId, { from: "2025-01-01", to: "2025-01-02" });
    expect(stats.days.map((day) => day.opens)).toEqual([0, 0]);
    expect(stats.pages).toHaveLength(3);
    expect(stats.totals.opens).toBe(0);
    expect([stats.elements, stats.searches, stats.referrers, stats.sources]).toEqual([[], [], [], []]);
  });

  test("another account's ePaper and a deleted one are not found; without epaperDetails refused", async () => {
    const notFound = { status: 404, messageKey: "epaper.errors.epaperNotFound" };
    expect(await refusal(loadReadershipStats(db, seeded.mine, seeded.theirEpaperId, RANGE))).toEqual(notFound);
    expect(await refusal(loadReadershipStats(db, seeded.theirs, seeded.epaperId, RANGE))).toEqual(notFound);
    const deleted = await insertStatsEpaper(db, seeded.mine.accountId, { deletedAt: new Date() });
    expect(await refusal(loadReadershipStats(db, seeded.mine, deleted.epaperId, RANGE))).toEqual(notFound);
    expect(await refusal(loadReadershipStats(db, seeded.mine, "no-such-epaper", RANGE))).toEqual(notFound);
    const generated = { ...seeded.mine, isGenerated: true, isTemporary: true };
    expect(await refusal(loadReadershipStats(db, generated, seeded.epaperId, RANGE))).toMatchObject({ status: 403 });
    // The other account sees its own numbers only.
    expect((await loadReadershipStats(db, seeded.theirs, seeded.theirEpaperId, RANGE)).totals.opens).toBe(999);
  });
});
