import { createId } from "@paralleldrive/cuid2";
import { afterAll, describe, expect, test } from "vitest";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import { loginPath, readLoginNotice, visiblePath } from "#app/rules/login-redirect";
import {
  createSession,
  getSessionUser,
  revokeAccountSessions,
  revokeSession,
  revokeUserSessions,
  SESSION_IDLE_MS,
  SESSION_MAX_AGE_MS,
  type SessionResult,
  touchSession,
} from "./session.server.ts";
import { commitSessionHeader, createSessionId, destroySessionHeader, SESSION_COOKIE_NAME } from "./session-cookie.server.ts";
import { logout, requireUser, toPermissionSubject } from "./require-user.server.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const accountIds: string[] = [];

afterAll(async () => {
  if (accountIds.length) await db.deleteFrom("account").where("id", "in", accountIds).execute();
  await db.destroy();
  redis.disconnect();
});

async function insertAccount(values: { isActive?: boolean; isProtected?: boolean } = {}) {
  const id = createId();
  accountIds.push(id);
  await db
    .insertInto("account")
    .values({ id, name: `Session test ${id}`, ...values })
    .execute();
  return id;
}

async function insertUser(options: { accountId?: string; baseAccountId?: string; emailTokenUsed?: boolean } = {}) {
  const accountId = options.accountId ?? (await insertAccount());
  const id = createId();
  await db
    .insertInto("user")
    .values({
      id,
      accountId,
      baseAccountId: options.baseAccountId ?? accountId,
      email: `${id}@session.test`,
      firstname: "Ada",
      lastname: "Lovelace",
      emailTokenUsed: options.emailTokenUsed ?? false,
    })
    .execute();
  return { id, accountId };
}

/** The Cookie request header a browser sends back for a Set-Cookie value. */
function cookieFrom(setCookie: string) {
  return setCookie.split(";")[0] ?? "";
}

function requestWith(cookie: string | null, url = "http://localhost/epaper?folder=1") {
  return new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
}

async function requestFor(sessionId: string, url?: string) {
  return requestWith(cookieFrom(await commitSessionHeader(sessionId)), url);
}

async function readSession(sessionId: string, now?: Date): Promise<SessionResult> {
  return getSessionUser(db, await requestFor(sessionId), { now });
}

async function sessionRow(id: string) {
  return db.selectFrom("session").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** Runs `fn`, expecting it to throw a Response; returns that Response. */
async function thrownResponse(fn: () => Promise<unknown>): Promise<Response> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

describe("sessions", () => {
  test("a created session reads as active with its user, then as revoked once revoked", async () => {
    const user = await insertUser();
    const editor = await db.selectFrom("permissionType").select("id").where("name", "=", "editor").executeTakeFirstOrThrow();
    await db.insertInto("userPermission").values({ id: createId(), userId: user.id, permissionTypeId: editor.id }).execute();
    const zipReady = await db.selectFrom("emailConfig").select("id").where("name", "=", "zipReady").executeTakeFirstOrThrow();
    await db.insertInto("userEmailConfig").values({ id: createId(), userId: user.id, emailConfigId: zipReady.id }).execute();

    const created = await createSession(db, { userId: user.id, remember: false, ip: "203.0.113.7", userAgent: "vitest" });
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await sessionRow(created.id);
    expect(row).toMatchObject({ userId: user.id, ip: "203.0.113.7", userAgent: "vitest", revokedAt: null });

    const active = await readSession(created.id);
    if (active.status !== "active") throw new Error(`expected an active session, got ${active.status}`);
    expect(active.session.id).toBe(created.id);
    expect(active.user).toMatchObject({
      id: user.id,
      accountId: user.accountId,
      baseAccountId: user.accountId,
      email: `${user.id}@session.test`,
      firstname: "Ada",
      isGenerated: false,
      emailTokenUsed: false,
      accountIsProtected: false,
      accountIsDemoAccount: false,
      permissions: ["1"],
      emailConfigNames: ["zipReady"],
    });
    expect(active.user).not.toHaveProperty("passwordHash");
    expect(toPermissionSubject(active.user, { maintenanceActive: true })).toEqual({
      id: user.id,
      accountId: user.accountId,
      baseAccountId: user.accountId,
      permissions: ["1"],
      isGenerated: false,
      isTemporary: false,
      emailTokenUsed: false,
      demoActive: false,
      accountIsProtected: false,
      accountIsDemoAccount: false,
      maintenanceActive: true,
      emailConfigNames: ["zipReady"],
    });

    expect(await revokeSession(db, created.id, "logout")).toBe(true);
    expect(await revokeSession(db, created.id, "logout")).toBe(false);
    expect(await readSession(created.id)).toEqual({ status: "ended", sessionId: created.id, reason: "revoked", revokedReason: "logout" });
  });

  test("a session past its idle lifetime reads as expired; a remembered one lives longer", async () => {
    const user = await insertUser();
    const thirteenHoursAgo = new Date(Date.now() - 13 * HOUR);
    const browser = await createSession(db, { userId: user.id, remember: false, now: thirteenHoursAgo });
    const remembered = await createSession(db, { userId: user.id, remember: true, now: thirteenHoursAgo });
    expect(browser.expiresAt.getTime() - thirteenHoursAgo.getTime()).toBe(SESSION_IDLE_MS.browser);
    expect(remembered.expiresAt.getTime() - thirteenHoursAgo.getTime()).toBe(SESSION_IDLE_MS.remember);

    expect(await readSession(browser.id)).toMatchObject({ status: "ended", reason: "expired" });
    expect(await readSession(remembered.id)).toMatchObject({ status: "active" });
    expect(await readSession(remembered.id, new Date(remembered.expiresAt.getTime() + 1))).toMatchObject({
      status: "ended",
      reason: "expired",
    });
  });

  test("a signed cookie whose row is gone reads as ended, not as no session", async () => {
    const id = createSessionId();
    expect(await readSession(id)).toEqual({ status: "ended", sessionId: id, reason: "unknown", revokedReason: null });
  });

  test("a deleted user or a deactivated own account ends the session", async () => {
    const deleted = await insertUser();
    const deletedSession = await createSession(db, { userId: deleted.id, remember: true });
    await db.updateTable("user").set({ deletedAt: new Date() }).where("id", "=", deleted.id).execute();
    expect(await readSession(deletedSession.id)).toMatchObject({ status: "ended", reason: "userDeleted" });

    const customer = await insertUser();
    const customerSession = await createSession(db, { userId: customer.id, remember: true });
    await db.updateTable("account").set({ isActive: false }).where("id", "=", customer.accountId).execute();
    expect(await readSession(customerSession.id)).toMatchObject({ status: "ended", reason: "accountDeactivated" });

    // Support acting in that deactivated account keeps working: only the own (base) account counts.
    const supporter = await insertUser({ accountId: customer.accountId, baseAccountId: await insertAccount() });
    const supporterSession = await createSession(db, { userId: supporter.id, remember: true });
    expect(await readSession(supporterSession.id)).toMatchObject({ status: "active", user: { accountId: customer.accountId } });
  });

  test("revoking a user's sessions ends all of them but the one kept, and no one else's", async () => {
    const user = await insertUser();
    const other = await insertUser();
    const [first, second, current] = await Promise.all([1, 2, 3].map(() => createSession(db, { userId: user.id, remember: true })));
    const otherSession = await createSession(db, { userId: other.id, remember: true });

    expect(await revokeUserSessions(db, user.id, "passwordChanged", { exceptSessionId: current?.id })).toBe(2);
    for (const session of [first, second]) {
      expect(await readSession(session?.id ?? "")).toMatchObject({ status: "ended", reason: "revoked", revokedReason: "passwordChanged" });
    }
    expect(await readSession(current?.id ?? "")).toMatchObject({ status: "active" });
    expect(await revokeUserSessions(db, user.id, "forcedLogout")).toBe(1);
    expect(await readSession(current?.id ?? "")).toMatchObject({ status: "ended", revokedReason: "forcedLogout" });
    expect(await readSession(otherSession.id)).toMatchObject({ status: "active" });
  });

  test("revoking an account's sessions ends those of its users and of users acting in it", async () => {
    const accountId = await insertAccount();
    const owner = await insertUser({ accountId });
    const editor = await insertUser({ accountId });
    const supporter = await insertUser({ accountId, baseAccountId: await insertAccount() });
    const outsider = await insertUser();
    const sessions = await Promise.all(
      [owner, editor, supporter, outsider].map((user) => createSession(db, { userId: user.id, remember: false })),
    );

    expect(await revokeAccountSessions(db, accountId, "accountForcedLogout")).toBe(3);
    const results = await Promise.all(sessions.map((session) => readSession(session.id)));
    expect(results.map((result) => result.status)).toEqual(["ended", "ended", "ended", "active"]);
  });

  test("touching is throttled to once a minute, slides the idle window and stops at the absolute lifetime", async () => {
    const user = await insertUser();
    const start = new Date(Date.now() - 2 * HOUR);
    const created = await createSession(db, { userId: user.id, remember: false, now: start });
    const info = async () => {
      const row = await sessionRow(created.id);
      return { id: row.id, userId: row.userId, createdAt: row.createdAt, lastSeenAt: row.lastSeenAt, expiresAt: row.expiresAt };
    };

    expect(await touchSession(db, await info(), new Date(start.getTime() + 30_000))).toBe(false);
    const later = new Date(start.getTime() + HOUR);
    expect(await touchSession(db, await info(), later)).toBe(true);
    expect(await sessionRow(created.id)).toMatchObject({
      lastSeenAt: later,
      expiresAt: new Date(later.getTime() + SESSION_IDLE_MS.browser),
    });
    // A second request that read the same row before the first wrote does not write again.
    const stale = { ...(await info()), lastSeenAt: start };
    expect(await touchSession(db, stale, new Date(later.getTime() + MINUTE))).toBe(false);

    // Near the end of its absolute lifetime the expiry no longer slides past it.
    const nearEnd = new Date(start.getTime() + SESSION_MAX_AGE_MS - HOUR);
    await db
      .updateTable("session")
      .set({ lastSeenAt: new Date(nearEnd.getTime() - 2 * HOUR), expiresAt: new Date(nearEnd.getTime() + 10 * HOUR) })
      .where("id", "=", created.id)
      .execute();
    expect(await touchSession(db, await info(), nearEnd)).toBe(true);
    expect((await sessionRow(created.id)).expiresAt).toEqual(new Date(start.getTime() + SESSION_MAX_AGE_MS));

    await revokeSession(db, created.id, "logout");
    expect(await touchSession(db, await info(), new Date(nearEnd.getTime() + 5 * MINUTE))).toBe(false);
  });
});

describe("the session cookie", () => {
  test("carries only the signed session id, __Host- (Secure, path /, no Domain), httpOnly, SameSite=Lax; remembered ones persist", async () => {
    const user = await insertUser();
    const browser = await createSession(db, { userId: user.id, remember: false });
    const header = await commitSessionHeader(browser.id, { expires: browser.cookieExpires });
    expect(header.startsWith(`${SESSION_COOKIE_NAME}=`)).toBe(true);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/Expires|Max-Age/);
    // Issue 44: `__Host-` in every mode, so a sibling subdomain can neither plant nor overwrite it.
    expect(header.startsWith("__Host-")).toBe(true);
    expect(header).toMatch(/; Secure/);
    expect(header).not.toMatch(/Domain=/i);
    expect(header).not.toContain(user.id);

    const round = await getSessionUser(db, requestWith(cookieFrom(header)));
    expect(round).toMatchObject({ status: "active", session: { id: browser.id }, user: { id: user.id } });

    const remembered = await createSession(db, { userId: user.id, remember: true });
    expect(remembered.cookieExpires).toEqual(new Date((await sessionRow(remembered.id)).createdAt.getTime() + SESSION_MAX_AGE_MS));
    const persistent = await commitSessionHeader(remembered.id, { expires: remembered.cookieExpires });
    expect(persistent).toContain(`Expires=${remembered.cookieExpires?.toUTCString()}`);
  });

  test("a missing, tampered or foreign cookie is no session", async () => {
    const user = await insertUser();
    const created = await createSession(db, { userId: user.id, remember: false });
    const cookie = cookieFrom(await commitSessionHeader(created.id));
    const value = cookie.slice(SESSION_COOKIE_NAME.length + 1);
    // A character inside the signature: the last one of a base64 text may carry only padding bits,
    // and changing those changes nothing (the test once passed such a 'tampered' cookie).
    const at = value.length - 6;
    const tampered = `${value.slice(0, at)}${value[at] === "A" ? "f" : "A"}${value.slice(at + 1)}`;

    expect(await getSessionUser(db, requestWith(null))).toEqual({ status: "none" });
    // The good cookie, alone and among others, is read (and remembered as checked) first: its
    // tampered copy must still be refused.
    expect((await getSessionUser(db, requestWith(cookie))).status).toBe("active");
    expect((await getSessionUser(db, requestWith(`grid=12; ${cookie}`))).status).toBe("active");
    expect(await getSessionUser(db, requestWith(`${SESSION_COOKIE_NAME}=${tampered}`))).toEqual({ status: "none" });
    expect(await getSessionUser(db, requestWith(`grid=12; ${SESSION_COOKIE_NAME}=${tampered}`))).toEqual({ status: "none" });
    // An unsigned id (what a forger would try) is refused too.
    expect(await getSessionUser(db, requestWith(`${SESSION_COOKIE_NAME}=${btoa(JSON.stringify(created.id))}`))).toEqual({
      status: "none",
    });
    expect(await getSessionUser(db, requestWith(`other=${value}`))).toEqual({ status: "none" });
  });

  test("the destroy header clears the cookie", async () => {
    const header = await destroySessionHeader();
    expect(header).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=;`));
    expect(header).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await getSessionUser(db, requestWith(cookieFrom(header)))).toEqual({ status: "none" });
  });
});

describe("requireUser and logout", () => {
  test("without a session: a redirect to login that remembers the path and query", async () => {
    const response = await thrownResponse(() => requireUser(db, requestWith(null, "http://localhost/epaper/abc?search=x%20y")));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fepaper%2Fabc%3Fsearch%3Dx%2520y");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  test("an ended session: clears the cookie and tells the login page why", async () => {
    const user = await insertUser();
    const created = await createSession(db, { userId: user.id, remember: false });
    await revokeSession(db, created.id, "forcedLogout");
    const response = await thrownResponse(async () => requireUser(db, await requestFor(created.id, "http://localhost/channel")));
    const location = response.headers.get("Location") ?? "";
    expect(location).toBe("/login?redirectTo=%2Fchannel&notice=sessionExpired");
    expect(readLoginNotice(new URL(location, "http://localhost"))).toBe("sessionExpired");
    expect(response.headers.get("Set-Cookie")).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=;`));

    const deactivated = await insertUser();
    const deactivatedSession = await createSession(db, { userId: deactivated.id, remember: false });
    await db.updateTable("account").set({ isActive: false }).where("id", "=", deactivated.accountId).execute();
    const refused = await thrownResponse(async () => requireUser(db, await requestFor(deactivatedSession.id, "http://localhost/epaper")));
    expect(refused.headers.get("Location")).toBe("/login?redirectTo=%2Fepaper&notice=accountDeactivated");
  });

  test("an active session: the user, with last_seen_at moved on", async () => {
    const user = await insertUser();
    const created = await createSession(db, { userId: user.id, remember: false, now: new Date(Date.now() - 5 * MINUTE) });
    const before = await sessionRow(created.id);
    const { user: signedIn, session } = await requireUser(db, await requestFor(created.id));
    expect(signedIn.id).toBe(user.id);
    expect(session.id).toBe(created.id);
    expect((await sessionRow(created.id)).lastSeenAt.getTime()).toBeGreaterThan(before.lastSeenAt.getTime());
  });

  test("an e-mail token session opens only routes that allow it", async () => {
    const user = await insertUser({ emailTokenUsed: true });
    const created = await createSession(db, { userId: user.id, remember: false });
    const refused = await thrownResponse(async () => requireUser(db, await requestFor(created.id, "http://localhost/epaper")));
    expect(refused.headers.get("Location")).toBe("/login?redirectTo=%2Fepaper");
    const request = await requestFor(created.id, `http://localhost/auth/password-reset/with/x`);
    expect((await requireUser(db, request, { allowEmailTokenSession: true })).user.id).toBe(user.id);
  });

  test("logout revokes the session, clears the cookie and goes to login", async () => {
    const user = await insertUser();
    const created = await createSession(db, { userId: user.id, remember: true });
    const response = await logout({ db, redis }, await requestFor(created.id));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(response.headers.get("Set-Cookie")).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=;`));
    expect(await sessionRow(created.id)).toMatchObject({ revokedReason: "logout" });
    // Without a cookie it still answers the redirect.
    expect((await logout({ db, redis }, requestWith(null))).headers.get("Location")).toBe("/login");
  });
});

describe("login paths", () => {
  test("loginPath remembers only safe, useful targets", () => {
    expect(loginPath()).toBe("/login");
    expect(loginPath({ redirectTo: "//evil.com" })).toBe("/login");
    expect(loginPath({ redirectTo: "/" })).toBe("/login");
    expect(loginPath({ redirectTo: "/login?redirectTo=%2Fepaper" })).toBe("/login");
    expect(loginPath({ redirectTo: "/epaper?x=1", notice: "sessionExpired" })).toBe(
      "/login?redirectTo=%2Fepaper%3Fx%3D1&notice=sessionExpired",
    );
    expect(readLoginNotice("/login?notice=bogus")).toBeNull();
  });
});

describe("visiblePath", () => {
  test("drops single-fetch data suffixes and parameters", () => {
    expect(visiblePath(new Request("http://studio/epaper.data?_routes=routes%2Fepaper"))).toBe("/epaper");
    expect(visiblePath(new Request("http://studio/epaper.data?search=x&_routes=a"))).toBe("/epaper?search=x");
    expect(visiblePath(new Request("http://studio/_root.data"))).toBe("/");
    expect(visiblePath(new Request("http://studio/channel?id=1"))).toBe("/channel?id=1");
  });
});
