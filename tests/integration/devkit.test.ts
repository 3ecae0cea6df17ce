import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { migrations } from "#db/migrations/index";
import { afterAll, beforeAll, expect, test } from "vitest";
import { requireApiUser } from "#app/auth/api-user.server";
import { commitSessionHeader } from "#app/auth/session-cookie.server";
import { createSession } from "#app/auth/session.server";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { DevKitForcedError, Forbidden } from "#app/errors/app-error";
import { findRedisKeys, loadDevKit, removeRedisKeys, setForcedError } from "#app/models/devkit.server";
import { db } from "#app/utils/db.server";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { TEST_REDIS_URL } from "#tests/setup/test-env";

// The developer kit on the server (issue 14), against real MariaDB and Redis: level 4 outside demo
// accounts only; the migrations; Redis keys found and removed by pattern; the forced error on the
// admin's own session — every call but authentication and the preferences answers with it,
// page documents do not, and no other session is touched.

let redis: Redis;
beforeAll(() => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  redis.disconnect();
  await db.destroy();
});

const admin = permissionSubject({ permissions: ["4"] });

test("level 4 outside demo accounts only; the migrations are listed as applied", async () => {
  for (const subject of [
    permissionSubject({ permissions: ["3"] }),
    permissionSubject({ permissions: ["4"], accountIsDemoAccount: true }),
  ]) {
    await expect(loadDevKit(db, subject, { forcedError: null })).rejects.toBeInstanceOf(Forbidden);
    await expect(findRedisKeys(redis, subject, "*")).rejects.toBeInstanceOf(Forbidden);
  }
  const state = await loadDevKit(db, admin, { forcedError: null });
  expect(state.migrations.at(-1)).toMatchObject({ name: Object.keys(migrations).at(-1), executedAt: expect.any(String) });
  expect(state.errorNames).toContain("Forbidden");
  // The DevKit preference names the error the kit offers first (seeded: Unprocessable).
  expect(state.defaultErrorName).toBe("Unprocessable");
});

test("Redis keys: found and removed by pattern, nothing else", async () => {
  const prefix = `devkit-test:${createId()}`;
  await redis.set(`${prefix}:a`, "1");
  await redis.set(`${prefix}:b`, "2");
  await redis.set(`${prefix}-other`, "3");
  expect(await findRedisKeys(redis, admin, `${prefix}:*`)).toEqual({ keys: [`${prefix}:a`, `${prefix}:b`], complete: true });
  await expect(findRedisKeys(redis, admin, "  ")).rejects.toMatchObject({ messageKey: "devkit.errors.pattern" });
  expect(await removeRedisKeys(redis, admin, `${prefix}:*`)).toBe(2);
  expect(await redis.exists(`${prefix}:a`, `${prefix}:b`, `${prefix}-other`)).toBe(1);
  await redis.del(`${prefix}-other`);
});

test("the forced error answers the session's calls, not its pages, preferences or other sessions", async () => {
  const user = await insertUserWithLevel(db, "4");
  const own = await createSession(db, { userId: user.userId, remember: false });
  const other = await createSession(db, { userId: user.userId, remember: false });
  const cookie = async (id: string) => (await commitSessionHeader(id)).split(";")[0] ?? "";
  const subject = permissionSubject({ id: user.userId, accountId: user.accountId, baseAccountId: user.accountId, permissions: ["4"] });
  await expect(setForcedError(db, subject, own.id, "NoSuchError")).rejects.toMatchObject({ messageKey: "devkit.errors.unknownError" });
  await setForcedError(db, subject, own.id, "Conflict");

  const call = async (id: string, method: string, path: string) =>
    new Request(`http://localhost${path}`, { method, headers: { Cookie: await cookie(id) } });
  await expect(requireStudioUser(db, await call(own.id, "POST", "/resources/folders"))).rejects.toSatisfy(
    (error) => error instanceof DevKitForcedError && error.name === "Conflict" && error.status === 409,
  );
  await expect(requireApiUser(db, await call(own.id, "GET", "/resources/media"))).rejects.toBeInstanceOf(DevKitForcedError);
  // A page's document, the preferences, the kit itself and logout are not forced.
  for (const [method, path] of [
    ["GET", "/epaper"],
    ["POST", "/preferences/cronjob"],
    ["POST", "/resources/devkit"],
    ["POST", "/logout"],
  ] as const) {
    await expect(requireStudioUser(db, await call(own.id, method, path)), `${method} ${path}`).resolves.toMatchObject({
      forcedError: null,
    });
  }
  // The admin's other session (another browser) is not affected.
  await expect(requireStudioUser(db, await call(other.id, "POST", "/resources/folders"))).resolves.toMatchObject({ forcedError: null });

  await setForcedError(db, subject, own.id, null);
  await expect(requireStudioUser(db, await call(own.id, "POST", "/resources/folders"))).resolves.toMatchObject({ forcedError: null });
});
