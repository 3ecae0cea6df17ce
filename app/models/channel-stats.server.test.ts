import { createId } from "@paralleldrive/cuid2";
import { CamelCasePlugin, Kysely, MysqlDialect } from "kysely";
import { createPool } from "mysql2";
import { createPool as createPromisePool } from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { AppError } from "#app/errors/app-error";
import type { PermissionSubject } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import { poolOptions } from "#db/client";
import type { DB } from "#db/schema.gen";
import { TEST_DATABASE_URL } from "#tests/setup/test-env";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { insertStatsEpaper, insertStatsRows } from "#tests/support/readership-stats";
import { ChannelStatsNotFound, loadChannelStats } from "./channel-stats.server.ts";

// Issue 31 item 4: a channel's statistics, from stats_daily rows seeded for a channel that showed
// one ePaper and then another, beside reads of the same ePapers under other addresses, another
// account's reads and days outside the range: only the channel's own reads of the caller's
// account's ePapers answer, over exactly the range asked for, by one range scan of an index.

afterAll(() => db.destroy());

const RANGE = { from: "2026-03-01", to: "2026-03-05" };

async function subjectOfNewAccount(permissions = ["2"]) {
  const { accountId, userId } = await insertAccountWithUser(db);
  return permissionSubject({ id: userId, accountId, baseAccountId: accountId, permissions });
}

async function insertChannel(accountId: string, values: { name?: string; epaperId?: string; deletedAt?: Date } = {}) {
  const id = createId();
  await db
    .insertInto("channel")
    .values({ id, accountId, name: values.name ?? "Main channel", shortPath: id.slice(0, 12), ...values })
    .execute();
  return id;
}

type Seeded = {
  mine: PermissionSubject;
  theirs: PermissionSubject;
  channelId: string;
  otherChannelId: string;
  theirChannelId: string;
  removedChannelId: string;
  spring: string;
  summer: string;
};
let seeded: Seeded;

beforeAll(async () => {
  const [mine, theirs] = [await subjectOfNewAccount(), await subjectOfNewAccount()];
  // The channel showed 'Spring' first, then was switched to 'Summer'; Spring is in the bin since.
  const spring = (await insertStatsEpaper(db, mine.accountId, { name: "Spring", deletedAt: new Date() })).epaperId;
  const summer = (await insertStatsEpaper(db, mine.accountId, { name: "Summer" })).epaperId;
  const their = (await insertStatsEpaper(db, theirs.accountId, { name: "Not yours" })).epaperId;
  const channelId = await insertChannel(mine.accountId, { name: "Newsstand", epaperId: summer });
  const otherChannelId = await insertChannel(mine.accountId, { name: "Second" });
  const theirChannelId = await insertChannel(theirs.accountId, { epaperId: their });
  const removedChannelId = await insertChannel(mine.accountId, { deletedAt: new Date() });
  await insertStatsRows(db, spring, {
    daily: [
      { day: "2026-03-01", source: "channel", channelId, opens: 5, gpcViews: 1, views: 20, uniques: 4, downloads: 1 },
      { day: "2026-03-02", source: "channel", channelId, opens: 3, views: 6, uniques: 3, tocUses: 2 },
      // The same ePaper under other addresses: not this channel's readers.
      { day: "2026-03-01", source: "preview", channelId: "", opens: 50, views: 50, uniques: 50 },
      { day: "2026-03-01", source: "previewlink", channelId: "", opens: 60, views: 60, uniques: 60 },
      { day: "2026-03-02", source: "channel", channelId: otherChannelId, opens: 70, views: 70, uniques: 70 },
      // Outside the range.
      { day: "2026-02-28", source: "channel", channelId, opens: 100, views: 100, uniques: 100 },
    ],
  });
  await insertStatsRows(db, summer, {
    daily: [
      // The day of the switch: both ePapers were read on the channel.
      { day: "2026-03-02", source: "channel", channelId, opens: 2, views: 4, uniques: 2 },
      { day: "2026-03-04", source: "channel", channelId, opens: 7, views: 30, uniques: 6, shares: 3 },
      { day: "2026-03-06", source: "channel", channelId, opens: 100, views: 100, uniques: 100 },
    ],
  });
  // Rows of another account's ePaper under this channel's id (a channel id is no proof of whose
  // reads they are) and under its own channel.
  await insertStatsRows(db, their, {
    daily: [
      { day: "2026-03-03", source: "channel", channelId, opens: 1000, views: 1000, uniques: 1000 },
      { day: "2026-03-03", source: "channel", channelId: theirChannelId, opens: 9, views: 9, uniques: 9 },
    ],
  });
  seeded = { mine, theirs, channelId, otherChannelId, theirChannelId, removedChannelId, spring, summer };
});

describe("loadChannelStats", () => {
  test("totals and days are the channel's own reads over the range, across both ePapers it showed", async () => {
    const stats = await loadChannelStats(db, seeded.mine, seeded.channelId, RANGE);
    expect(stats.channel).toEqual({ id: seeded.channelId, name: "Newsstand", current: { id: seeded.summer, name: "Summer" } });
    expect(stats.range).toEqual(RANGE);
    expect(stats.totals).toEqual({ opens: 17, views: 60, uniques: 15, gpcViews: 1, tocUses: 2, downloads: 1, shares: 3 });
    expect(stats.days).toEqual([
      { day: "2026-03-01", opens: 5, views: 20, uniques: 4 },
      { day: "2026-03-02", opens: 5, views: 10, uniques: 5 },
      { day: "2026-03-03", opens: 0, views: 0, uniques: 0 },
      { day: "2026-03-04", opens: 7, views: 30, uniques: 6 },
      { day: "2026-03-05", opens: 0, views: 0, uniques: 0 },
    ]);
  });

  test("each ePaper shown, the most recently read first, with its first and last day and whether it is in the bin", async () => {
    const stats = await loadChannelStats(db, seeded.mine, seeded.channelId, RANGE);
    expect(stats.epapers).toEqual([
      { id: seeded.summer, name: "Summer", deleted: false, firstDay: "2026-03-02", lastDay: "2026-03-04", opens: 9, views: 34, uniques: 8 },
      { id: seeded.spring, name: "Spring", deleted: true, firstDay: "2026-03-01", lastDay: "2026-03-02", opens: 8, views: 26, uniques: 7 },
    ]);
    // A range that holds only the later days knows only Summer.
    const later = await loadChannelStats(db, seeded.mine, seeded.channelId, { from: "2026-03-03", to: "2026-03-06" });
    expect(later.epapers.map((epaper) => [epaper.name, epaper.firstDay, epaper.lastDay, epaper.views])).toEqual([
      ["Summer", "2026-03-04", "2026-03-06", 130],
    ]);
  });

  test("a channel nobody read answers zeros and no ePapers; an empty channel shows nothing now", async () => {
    const stats = await loadChannelStats(db, seeded.mine, seeded.channelId, { from: "2025-01-01", to: "2025-01-03" });
    expect(stats.totals.opens + stats.totals.views).toBe(0);
    expect(stats.days).toHaveLength(3);
    expect(stats.epapers).toEqual([]);
    const second = await loadChannelStats(db, seeded.mine, seeded.otherChannelId, RANGE);
    expect(second.channel.current).toBeNull();
    expect(second.totals.views).toBe(70);
  });

  test("another account's, a removed and an unknown channel are 404; without channelWorkspace 403 before anything is read", async () => {
    for (const channelId of [seeded.theirChannelId, seeded.removedChannelId, "no-such-channel"]) {
      const error = await loadChannelStats(db, seeded.mine, channelId, RANGE).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ChannelStatsNotFound);
      expect(error).toMatchObject({ status: 404, messageKey: "channelStats.errors.channelNotFound" });
    }
    // The other account sees its own channel, and only its own ePaper's reads.
    const theirs = await loadChannelStats(db, seeded.theirs, seeded.theirChannelId, RANGE);
    expect(theirs.totals.views).toBe(9);
    // Level 1 (an editor, no payer) has no channel workspace.
    const editor = await subjectOfNewAccount(["1"]);
    const refused = await loadChannelStats(db, editor, seeded.channelId, RANGE).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 403 });
  });
});

describe("every query of the channel statistics reads an index range", () => {
  type Captured = { sql: string; parameters: readonly unknown[] };
  const captured: Captured[] = [];
  const logged = new Kysely<DB>({
    dialect: new MysqlDialect({ pool: createPool(poolOptions(TEST_DATABASE_URL, { connectionLimit: 2 })) }),
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      if (event.level === "query") captured.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  const explain = createPromisePool(poolOptions(TEST_DATABASE_URL, { connectionLimit: 1 }));

  beforeAll(async () => {
    // Many ePapers of the account read every day under other addresses, so a scan of the table or
    // of the account's ePapers would be the planner's last choice.
    const epaperIds = Array.from({ length: 200 }, () => createId());
    await db
      .insertInto("epaper")
      .values(epaperIds.map((id, i) => ({ id, accountId: seeded.mine.accountId, name: `Paper ${i}`, languageCode: "de" })))
      .execute();
    const days = Array.from({ length: 20 }, (_, i) => `2026-03-${String(i + 1).padStart(2, "0")}`);
    const rows = epaperIds.flatMap((epaperId) =>
      days.map((day) => ({
        epaperId,
        day: new Date(`${day}T00:00:00Z`),
        source: "previewlink" as const,
        channelId: "",
        opens: 1,
        views: 1,
      })),
    );
    for (let i = 0; i < rows.length; i += 1000)
      await db
        .insertInto("statsDaily")
        .values(rows.slice(i, i + 1000))
        .execute();
    await explain.query("ANALYZE TABLE stats_daily, epaper, channel");
  }, 60_000);

  afterAll(async () => {
    await logged.destroy();
    await explain.end();
  });

  test("the channel by its key, its rows by (channel_id, day), their ePapers by key", async () => {
    captured.length = 0;
    await loadChannelStats(logged, seeded.mine, seeded.channelId, RANGE);
    const selects = captured.filter((query) => /^select/i.test(query.sql));
    expect(selects).toHaveLength(3);
    const plans: string[] = [];
    for (const query of selects) {
      const [rows] = await explain.query(`EXPLAIN ${query.sql}`, query.parameters as unknown[]);
      for (const row of rows as { table: string; type: string; key: string | null }[]) plans.push(`${row.table} ${row.type} ${row.key}`);
    }
    expect(plans).toEqual([
      "channel const PRIMARY",
      expect.stringMatching(/^epaper (const|eq_ref) PRIMARY$/),
      "stats_daily range stats_daily_channel_day_idx",
      expect.stringMatching(/^epaper (const|range|eq_ref) PRIMARY$/),
    ]);
  });
});
