import type { BrowserContext } from "@playwright/test";
import type { Insertable } from "kysely";
import { createCookie } from "react-router";
import { createDb, type Database } from "#db/client";
import type { Account, User } from "#db/schema.gen";
import { createSession } from "#app/auth/session.server";
import { SESSION_COOKIE_NAME } from "#app/auth/session-cookie.server";
import type { PermissionLevel } from "#app/rules/permissions";
import type { TourId } from "#app/rules/tours";
import { E2E_BASE_URL, E2E_DATABASE_URL } from "../e2e/support/slot.ts";
import { insertUserWithLevel as insertUserWithLevelIn } from "./fixtures.ts";

/**
 * Users for the Playwright tests, written straight into the e2e database that
 * tests/e2e/serve.sh migrates and seeds, and logged in without the form (the login page has
 * tests of its own, and every form login counts against the per-address rate limit).
 */

/** tests/e2e/serve.sh sets the same SESSION_SECRET; the cookie must carry its signature. */
const E2E_SESSION_SECRET = "e2e-session-secret-0123456789abcdefghijkl";
const BASE_URL = E2E_BASE_URL;

let db: Database | undefined;

/** The e2e database; close it with closeE2eDb in afterAll. */
export function e2eDb(): Database {
  db ??= createDb(E2E_DATABASE_URL, { connectionLimit: 2 });
  return db;
}

export async function closeE2eDb() {
  await db?.destroy();
  db = undefined;
}

export type E2eUser = { userId: string; accountId: string; email: string };

/**
 * The two tours that start on their own on the screens nearly every journey opens (the workspace
 * and the editor); a user who has seen them, as most users have, lets a journey go on undisturbed.
 * The tour tests ask for a user who has not (`tours: "unseen"`).
 */
const PAGE_TOURS: TourId[] = ["epaper-grid-starting-tour", "epaper-tour"];

/**
 * A confirmed user of a new account with one permission level ('1' editor … '4' admin), as
 * registration and support would leave it: membership, a permission row, the page tours seen.
 */
export async function insertUserWithLevel(
  level: PermissionLevel,
  options: { user?: Partial<Insertable<User>>; account?: Partial<Insertable<Account>>; tours?: "seen" | "unseen" } = {},
): Promise<E2eUser> {
  const { tours = "seen", ...rest } = options;
  const user = await insertUserWithLevelIn(e2eDb(), level, { ...rest, emailDomain: "e2e.epaper.test" });
  if (tours === "seen") await markToursSeen(user.userId);
  return user;
}

/** The page tours as finished for a user the test did not create here (a sign-up through the form, the seeded admin). */
export async function markToursSeen(userId: string) {
  await e2eDb()
    .insertInto("userTour")
    .values(PAGE_TOURS.map((tour) => ({ userId, tour })))
    .ignore()
    .execute();
}

/** The demo admin the e2e seed creates (level 4, not a demo account). */
export async function findDemoAdmin(): Promise<E2eUser> {
  const row = await e2eDb()
    .selectFrom("user")
    .select(["id", "accountId", "email"])
    .where("email", "=", "admin@demo.epaper.test")
    .executeTakeFirstOrThrow();
  // The seeded admin has been here before: the page tours do not stand in the way of a journey.
  await markToursSeen(row.id);
  return { userId: row.id, accountId: row.accountId, email: row.email };
}

/**
 * Puts a toast in the browser's flash cookie, as redirectWithToast does (same name, signature
 * and value format): the next page the browser loads shows it.
 */
export async function flashToast(context: BrowserContext, toast: Record<string, unknown>) {
  const cookie = createCookie("ep_toast", { secrets: [E2E_SESSION_SECRET], path: "/" });
  const value = (await cookie.serialize(toast)).slice("ep_toast=".length).split(";")[0] ?? "";
  await context.addCookies([{ name: "ep_toast", value, url: BASE_URL, sameSite: "Lax" }]);
}

/** Logs the browser context in as `user`: a real session row and its signed cookie. */
export async function logInAs(context: BrowserContext, user: Pick<E2eUser, "userId">) {
  const session = await createSession(e2eDb(), { userId: user.userId, remember: true });
  const cookie = createCookie(SESSION_COOKIE_NAME, { secrets: [E2E_SESSION_SECRET], path: "/" });
  const header = await cookie.serialize(session.id);
  const value = header.slice(`${SESSION_COOKIE_NAME}=`.length).split(";")[0] ?? "";
  // `__Host-` needs Secure. The browser keeps a Secure cookie for http://localhost (a secure context)
  // when the studio sets it, but its protocol refuses one added for an http address: it is added
  // for the https form of the same host (host-only, no Domain) and goes to http://localhost too.
  const secureUrl = BASE_URL.replace(/^http:/, "https:");
  await context.addCookies([{ name: SESSION_COOKIE_NAME, value, url: secureUrl, httpOnly: true, secure: true, sameSite: "Lax" }]);
}

/** The user (and base account) behind a browser context's session cookie. */
export async function readSessionUser(context: BrowserContext): Promise<{ id: string; accountId: string }> {
  const stored = (await context.cookies(BASE_URL)).find((c) => c.name === SESSION_COOKIE_NAME);
  if (!stored) throw new Error("no session cookie");
  const cookie = createCookie(SESSION_COOKIE_NAME, { secrets: [E2E_SESSION_SECRET], path: "/" });
  const sessionId = (await cookie.parse(`${SESSION_COOKIE_NAME}=${stored.value}`)) as string | null;
  if (!sessionId) throw new Error("session cookie not signed with the e2e secret");
  return e2eDb()
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .select(["user.id", "user.baseAccountId as accountId"])
    .where("session.id", "=", sessionId)
    .executeTakeFirstOrThrow();
}
