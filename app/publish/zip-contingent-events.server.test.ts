import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, test } from "vitest";
import { accountChannel, parseStudioEvent, type StudioEvent } from "#app/events/catalogue";
import { publishToAccount } from "#app/events/publish.server";
import { db } from "#app/utils/db.server";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { failPublishJob } from "./publish-job.server.ts";
import { startPublish } from "./start-publish.server.ts";

// The zip contingent's real-time events (studio-core.md §7; issue 30, ADR 0051), against real
// MariaDB and Redis: a zip that takes a unit tells every browser of the account
// 'zipContingentDecremented' with the new number, one that gives it back
// 'zipContingentIncremented'; an unlimited contingent changes nothing and says nothing. The
// browsers re-authenticate on both (REAUTHENTICATING_EVENTS): the header shows the new number.

let redis: Redis;
let subscriber: Redis;
let user: { userId: string; accountId: string };
let epaperId: string;
const received: StudioEvent[] = [];
/** Stands in for the publish queue: the job is never run here. */
const queue = { add: async () => ({}) } as never;

beforeAll(async () => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  user = await insertUserWithLevel(db, "2", { account: { zipContingent: 2 } });
  epaperId = createId();
  await db
    .insertInto("epaper")
    .values({ id: epaperId, accountId: user.accountId, name: "Zip me", languageCode: "en", isRendered: true, pageCount: 1 })
    .execute();
  subscriber = new Redis(TEST_REDIS_URL);
  subscriber.on("message", (_channel: string, message: string) => {
    const event = parseStudioEvent(message);
    if (event) received.push(event);
  });
  await subscriber.subscribe(accountChannel(user.accountId));
});

afterAll(async () => {
  await subscriber.quit();
  await redis.quit();
  await db.destroy();
});

const subject = () => permissionSubject({ id: user.userId, accountId: user.accountId, baseAccountId: user.accountId });
const contingentEvents = () => received.filter((event) => event.type.startsWith("zipContingent") || event.type === "accountDataChanged");
const contingent = async () =>
  (await db.selectFrom("account").select("zipContingent").where("id", "=", user.accountId).executeTakeFirstOrThrow()).zipContingent;

test("a charged zip sends 'decremented' with the new number; its failure gives the unit back with 'incremented'", async () => {
  const job = await startPublish({ db, redis, queue }, subject(), { epaperId, type: "zip", confirmCharge: true });
  expect(job.charged).toBe(true);
  expect(await contingent()).toBe(1);
  await expect.poll(contingentEvents).toEqual([{ type: "zipContingentDecremented", zipContingent: 1 }]);

  expect(await failPublishJob({ db, redis }, job, "failed")).toBe(true);
  expect(await contingent()).toBe(2);
  await expect.poll(contingentEvents).toEqual([
    { type: "zipContingentDecremented", zipContingent: 1 },
    { type: "zipContingentIncremented", zipContingent: 2 },
  ]);
});

test("an unlimited contingent is not counted and sends no contingent event", async () => {
  await db.updateTable("account").set({ zipContingent: -1 }).where("id", "=", user.accountId).execute();
  const before = contingentEvents().length;
  const job = await startPublish({ db, redis, queue }, subject(), { epaperId, type: "zip" });
  expect(job.charged).toBe(false);
  expect(await failPublishJob({ db, redis }, job, "cancelled")).toBe(true);
  // A marker after both: once it arrived, so did whatever they sent (one connection, in order).
  await publishToAccount(redis, user.accountId, { type: "refreshEpaperList" });
  await expect.poll(() => received.some((event) => event.type === "refreshEpaperList")).toBe(true);
  expect(contingentEvents()).toHaveLength(before);
  expect(await contingent()).toBe(-1);
});
