import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, test } from "vitest";
import { Forbidden, UserNotConfirmed } from "#app/errors/app-error";
import { parseStudioEvent, type StudioEvent, userChannel } from "#app/events/catalogue";
import { db } from "#app/utils/db.server";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { requestOpenPreview } from "./open-preview.server.ts";

// 'Open preview' on the server (studio-core.md §7; issue 30, ADR 0051), against real MariaDB and
// Redis: the editor's call sends the event to every browser of the user, for an ePaper of the
// account with a current preview, at one of its pages; anything else is refused and sends nothing.

let redis: Redis;
let subscriber: Redis;
let user: { userId: string; accountId: string };
let epaperId: string;
/** What reached the user's channel, in order. */
const received: StudioEvent[] = [];

async function insertEpaper(accountId: string, preview: boolean) {
  const id = createId();
  await db.insertInto("epaper").values({ id, accountId, name: "Spring", languageCode: "en", isRendered: true, pageCount: 3 }).execute();
  if (preview)
    await db
      .insertInto("publication")
      .values({ id: createId(), epaperId: id, type: "preview", hash: createId() + createId(), publishedAt: new Date() })
      .execute();
  return id;
}

beforeAll(async () => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  user = await insertUserWithLevel(db, "1");
  epaperId = await insertEpaper(user.accountId, true);
  subscriber = new Redis(TEST_REDIS_URL);
  subscriber.on("message", (_channel: string, message: string) => {
    const event = parseStudioEvent(message);
    if (event) received.push(event);
  });
  await subscriber.subscribe(userChannel(user.userId));
});

afterAll(async () => {
  await subscriber.quit();
  await redis.quit();
  await db.destroy();
});

const subject = (overrides: Parameters<typeof permissionSubject>[0] = {}) =>
  permissionSubject({ id: user.userId, accountId: user.accountId, baseAccountId: user.accountId, permissions: ["1"], ...overrides });
const deps = () => ({ db, redis });

test("refused for another account's ePaper, a missing or outdated preview, a page it does not have, try-it and unconfirmed users", async () => {
  const open = (over: Parameters<typeof subject>[0], input: { epaperId: string; pageNumber: number }) =>
    requestOpenPreview(deps(), subject(over), input);
  await expect(open({ accountId: createId() }, { epaperId, pageNumber: 1 })).rejects.toMatchObject({ status: 404 });
  await expect(open({}, { epaperId: await insertEpaper(user.accountId, false), pageNumber: 1 })).rejects.toMatchObject({
    status: 404,
    messageKey: "publish.errors.publicationNotFound",
  });
  await db.updateTable("epaper").set({ republishingRequiredPreview: true }).where("id", "=", epaperId).execute();
  await expect(open({}, { epaperId, pageNumber: 1 })).rejects.toMatchObject({ status: 404 });
  await db.updateTable("epaper").set({ republishingRequiredPreview: false }).where("id", "=", epaperId).execute();
  await expect(open({}, { epaperId, pageNumber: 4 })).rejects.toMatchObject({ status: 422 });
  await expect(open({ isGenerated: true, isTemporary: true }, { epaperId, pageNumber: 1 })).rejects.toBeInstanceOf(Forbidden);
  await expect(open({ isTemporary: true }, { epaperId, pageNumber: 1 })).rejects.toBeInstanceOf(UserNotConfirmed);
});

test("an editor's call reaches every browser of the user: the ePaper and the page on screen", async () => {
  await requestOpenPreview(deps(), subject(), { epaperId, pageNumber: 3 });
  await expect.poll(() => received.at(-1)).toEqual({ type: "openPreview", epaperId, pageNumber: 3 });
  // The refusals before (pages 1 and 4) sent nothing: every event is this call's.
  expect(received.every((event) => event.type === "openPreview" && event.pageNumber === 3)).toBe(true);
});
