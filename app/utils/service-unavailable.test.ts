import { Redis } from "ioredis";
import { sql } from "kysely";
import { expect, test } from "vitest";
import { createDb } from "#db/client";
import { TEST_DATABASE_URL, TEST_REDIS_URL } from "#tests/setup/test-env";
import { isServiceUnavailable } from "./service-unavailable.ts";

// The errors themselves, as the drivers raise them: a server that is away, and a request that is wrong.

async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

test("the database away is an outage; a wrong query is not", async () => {
  const away = new URL(TEST_DATABASE_URL);
  away.port = "1";
  const down = createDb(away.toString(), { connectionLimit: 1 });
  const up = createDb(TEST_DATABASE_URL, { connectionLimit: 1 });
  try {
    expect(isServiceUnavailable(await errorOf(() => sql`SELECT 1`.execute(down)))).toBe(true);
    expect(isServiceUnavailable(await errorOf(() => sql`SELECT * FROM no_such_table`.execute(up)))).toBe(false);
  } finally {
    await down.destroy();
    await up.destroy();
  }
});

test("Redis away is an outage; a wrong command is not; other errors are not", async () => {
  const down = new Redis({ port: 1, enableOfflineQueue: false, lazyConnect: true, retryStrategy: () => null }).on("error", () => {});
  const up = new Redis(TEST_REDIS_URL);
  try {
    expect(isServiceUnavailable(await errorOf(() => down.get("key")))).toBe(true);
    expect(isServiceUnavailable(await errorOf(() => up.call("NO-SUCH-COMMAND")))).toBe(false);
    expect(isServiceUnavailable(new Error("page 3 could not be rendered"))).toBe(false);
    expect(
      isServiceUnavailable(new Error("wrapped", { cause: Object.assign(new Error("lost"), { code: "PROTOCOL_CONNECTION_LOST" }) })),
    ).toBe(true);
  } finally {
    down.disconnect();
    up.disconnect();
  }
});

test("a socket error of something else (a render node, the blob store) is no outage of ours", () => {
  const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:50051"), { code: "ECONNREFUSED" });
  expect(isServiceUnavailable(new TypeError("fetch failed", { cause: refused }))).toBe(false);
});
