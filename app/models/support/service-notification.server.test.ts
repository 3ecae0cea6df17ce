import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, test } from "vitest";
import { Forbidden } from "#app/errors/app-error";
import { BROADCAST_CHANNEL, eventChannelsOf, parseStudioEvent, type StudioEvent } from "#app/events/catalogue";
import { EventHub } from "#app/events/event-hub.server";
import { eventStreamResponse } from "#app/events/sse-stream.server";
import { db } from "#app/utils/db.server";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { sendServiceNotification } from "./service-notification.server.ts";

// The service notification on the server (issue 30, ADR 0051), against real MariaDB and Redis: who
// may send it, what the text must be, and that it reaches the stream of every signed-in user.
//
// Its broadcast goes out under a prefix of this file's own: Redis pub/sub ignores the database
// number, so a real 'events:all' would reach every open tab of any studio on the same Redis (an
// end-to-end run beside this one). The prefix changes the channels' names, nothing else.
const SCOPE = `test:${createId()}:`;
let redis: Redis;
let scoped: Redis;
let subscriber: Redis;
let hub: EventHub;
/** Everything published on the (scoped) broadcast channel, in order. */
const broadcast: StudioEvent[] = [];

beforeAll(async () => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  scoped = { publish: (channel: string, message: string) => redis.publish(`${SCOPE}${channel}`, message) } as unknown as Redis;
  subscriber = new Redis(TEST_REDIS_URL);
  subscriber.on("message", (_channel: string, message: string) => {
    const event = parseStudioEvent(message);
    if (event) broadcast.push(event);
  });
  await subscriber.subscribe(`${SCOPE}${BROADCAST_CHANNEL}`);
  hub = new EventHub(() => new Redis(TEST_REDIS_URL));
});

afterAll(async () => {
  await hub.close();
  await subscriber.quit();
  await redis.quit();
  await db.destroy();
});

/** A support user (level 3, a real row: the audit trail names it) as the action's actor. */
async function supporter(level: "3" | "4" = "3") {
  const { userId, accountId, email } = await insertUserWithLevel(db, level);
  return { subject: permissionSubject({ id: userId, accountId, baseAccountId: accountId, permissions: [level] }), email };
}

const deps = () => ({ db, redis: scoped });

test("level 3 and 4 send it, with an audit entry; customers, try-it users and the unconfirmed are refused and send nothing", async () => {
  for (const subject of [
    permissionSubject({ permissions: ["1"] }),
    permissionSubject({ permissions: ["2"] }),
    permissionSubject({ permissions: ["2"], isGenerated: true, isTemporary: true }),
    permissionSubject({ permissions: ["2"], isTemporary: true }),
  ]) {
    await expect(
      sendServiceNotification(deps(), { subject, email: "x@example.com" }, { text: "Refused message", level: "info" }),
    ).rejects.toBeInstanceOf(Forbidden);
  }
  const text = `Maintenance tonight at 22:00 ${createId()}`;
  const support = await supporter("3");
  await expect(sendServiceNotification(deps(), support, { text, level: "error" })).resolves.toEqual({
    type: "serviceNotification",
    level: "error",
    text,
  });
  await sendServiceNotification(deps(), await supporter("4"), { text: `${text} (admin)`, level: "info" });
  // Once the last one arrived, so did everything before it (one connection, in order).
  await expect.poll(() => broadcast.at(-1)).toEqual({ type: "serviceNotification", level: "info", text: `${text} (admin)` });
  expect(broadcast).toContainEqual({ type: "serviceNotification", level: "error", text });
  // Nothing of the refused ones went out.
  expect(broadcast.some((event) => event.type === "serviceNotification" && event.text === "Refused message")).toBe(false);
  const audit = await db
    .selectFrom("supportAudit")
    .select(["accountId", "targetType", "action", "afterJson"])
    .where("actorUserId", "=", support.subject.id)
    .execute();
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({ accountId: null, targetType: "serviceNotification", action: "send" });
  expect(JSON.parse(audit[0]?.afterJson ?? "{}")).toEqual({ level: "error", text });
});

test("the text is plain, one line, 3 to 300 characters, and the kind one of three; a refusal names its rule and sends nothing", async () => {
  const support = await supporter();
  const tried: string[] = [];
  const refused = async (form: { text: string; level: string }, messageKey: string) => {
    tried.push(form.text.trim());
    await expect(sendServiceNotification(deps(), support, form)).rejects.toMatchObject({
      status: 422,
      messageKey,
      params: { min: 3, max: 300 },
    });
  };
  await refused({ text: "  \n ", level: "info" }, "serviceNotification.errors.tooShort");
  await refused({ text: "ab", level: "info" }, "serviceNotification.errors.tooShort");
  await refused({ text: "x".repeat(301), level: "info" }, "serviceNotification.errors.tooLong");
  await refused({ text: "Read <b>this</b> now", level: "info" }, "serviceNotification.errors.plainText");
  await refused({ text: "<script>alert(1)</script>", level: "info" }, "serviceNotification.errors.plainText");
  await refused({ text: "Tom &amp; Jerry", level: "info" }, "serviceNotification.errors.plainText");
  await refused({ text: "A fine message", level: "warning" }, "serviceNotification.errors.level");
  // Line breaks and runs of spaces become one space; '<' and '&' in plain words are text.
  const unique = createId();
  const sent = await sendServiceNotification(deps(), support, { text: `  Studio slow?\n\n  a < b & c   ${unique} `, level: "success" });
  expect(sent.text).toBe(`Studio slow? a < b & c ${unique}`);
  await expect.poll(() => broadcast.some((event) => event.type === "serviceNotification" && event.text === sent.text)).toBe(true);
  // Of this supporter's tries, only the valid one was sent (it arrived after the others would have) and recorded.
  expect(broadcast.filter((event) => event.type === "serviceNotification" && tried.includes(event.text))).toEqual([]);
  expect(await db.selectFrom("supportAudit").select("id").where("actorUserId", "=", support.subject.id).execute()).toHaveLength(1);
});

test("it reaches the open stream of every signed-in user, whatever the account", async () => {
  const users = await Promise.all([insertUserWithLevel(db, "1"), insertUserWithLevel(db, "2"), insertUserWithLevel(db, "4")]);
  const streams = await Promise.all(
    users.map(async ({ userId, accountId }) => {
      const abort = new AbortController();
      const response = await eventStreamResponse({
        hub,
        // The channels GET /events relays for this user (routes/resources/events.ts).
        channels: eventChannelsOf({ id: userId, accountId }).map((channel) => `${SCOPE}${channel}`),
        signal: abort.signal,
        sessionStillValid: async () => true,
      });
      return { abort, reader: (response.body as ReadableStream<Uint8Array>).getReader(), text: "" };
    }),
  );
  const readUntil = async (stream: (typeof streams)[number], wanted: string) => {
    const decoder = new TextDecoder();
    const deadline = Date.now() + 5000;
    while (!stream.text.includes(wanted)) {
      if (Date.now() > deadline) throw new Error(`stream did not deliver ${wanted}; got: ${stream.text}`);
      const { value, done } = await stream.reader.read();
      if (done) throw new Error(`stream ended; got: ${stream.text}`);
      stream.text += decoder.decode(value);
    }
  };
  try {
    // Subscribed once the stream says so.
    for (const stream of streams) await readUntil(stream, ": connected");
    const text = `Everyone: the studio restarts in 5 minutes ${createId()}`;
    await sendServiceNotification(deps(), await supporter(), { text, level: "info" });
    for (const stream of streams) {
      await readUntil(stream, text);
      const line = stream.text.split("\n").find((row) => row.startsWith("data: ") && row.includes(text)) ?? "";
      expect(parseStudioEvent(line.slice("data: ".length))).toEqual({ type: "serviceNotification", level: "info", text });
    }
  } finally {
    for (const stream of streams) stream.abort.abort();
  }
});
