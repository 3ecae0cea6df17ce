import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { afterAll, describe, expect, test } from "vitest";
import { RENDER_CANCEL_CHANNEL } from "#app/jobs/render";
import { createDb } from "#db/client";
import { TEST_DATABASE_URL, TEST_REDIS_URL } from "#tests/setup/test-env";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { deleteAllEpapersOfAccount } from "./try-it-epapers.server.ts";

const db = createDb(TEST_DATABASE_URL, { connectionLimit: 2 });
const redis = new Redis(TEST_REDIS_URL);
afterAll(async () => {
  await db.destroy();
  await redis.quit();
});

describe("deleteAllEpapersOfAccount (welcome panel)", () => {
  test("soft-deletes the account's live ePapers only, stops their renders, and is a no-op the second time", async () => {
    const { accountId } = await insertAccountWithUser(db, { account: { isGenerated: true } });
    const other = await insertAccountWithUser(db);
    const ids = { idle: createId(), rendering: createId(), gone: createId(), foreign: createId() };
    const base = { languageCode: "de", name: "x" };
    await db
      .insertInto("epaper")
      .values([
        { ...base, id: ids.idle, accountId },
        { ...base, id: ids.rendering, accountId, processRunning: true, processType: "rendering" },
        { ...base, id: ids.gone, accountId, deletedAt: new Date(Date.now() - 1000) },
        { ...base, id: ids.foreign, accountId: other.accountId },
      ])
      .execute();
    const subscriber = new Redis(TEST_REDIS_URL);
    const cancelled: string[] = [];
    await subscriber.subscribe(RENDER_CANCEL_CHANNEL);
    subscriber.on("message", (_channel, message) => cancelled.push(message));

    expect(await deleteAllEpapersOfAccount({ db, redis }, accountId)).toBe(2);
    const rows = await db
      .selectFrom("epaper")
      .select(["id", "deletedAt", "processCancelled"])
      .where("id", "in", Object.values(ids))
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(ids.idle)?.deletedAt).toBeInstanceOf(Date);
    expect(byId.get(ids.rendering)).toMatchObject({ processCancelled: true });
    expect(byId.get(ids.foreign)?.deletedAt).toBeNull();
    await expect.poll(() => cancelled).toEqual([ids.rendering]);
    expect(await deleteAllEpapersOfAccount({ db, redis }, accountId)).toBe(0);
    await subscriber.quit();
  });
});
