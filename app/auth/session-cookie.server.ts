import { randomBytes } from "node:crypto";
import { type Cookie, createCookie } from "react-router";
import { getEnv } from "#app/utils/env.server";

/**
 * The session cookie (docs/decisions/0013-sessions-tokens-rate-limits.md): it holds only a random
 * session id, signed with SESSION_SECRET; the `session` row (session.server.ts) is the truth.
 */

/**
 * `__Host-`: the browser takes the cookie only when it is Secure, for path "/" and without a
 * Domain, so a sibling subdomain (a channel's, a customer's) can neither plant nor overwrite it
 * (issue 44). Browsers treat http://localhost and 127.0.0.1 as secure, so development keeps working.
 */
export const SESSION_COOKIE_NAME = "__Host-ep_session";

const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The session cookie's raw (signed) value in a Cookie header. */
const SESSION_COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE_NAME}=([^;]*)`);
/** Correctly signed raw cookie values already checked, with the session id each names. */
const verified = new Map<string, string>();
const VERIFIED_MAX = 10_000;

let cookie: Cookie | undefined;

/**
 * The session cookie: httpOnly, SameSite=Lax, path "/", Secure (its `__Host-` name needs it), signed with
 * SESSION_SECRET. A comma-separated SESSION_SECRET rotates keys: the first signs, all verify.
 */
export function sessionCookie(): Cookie {
  if (cookie) return cookie;
  const env = getEnv();
  const secrets = env.SESSION_SECRET.split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  cookie = createCookie(SESSION_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: true,
    path: "/",
    secrets,
  });
  return cookie;
}

/** A new session id: 32 random bytes, base64url (43 characters). */
export function createSessionId(): string {
  return randomBytes(32).toString("base64url");
}

/** Set-Cookie value that stores the session id; `expires` undefined makes a browser-session cookie. */
export function commitSessionHeader(id: string, options: { expires?: Date | undefined } = {}): Promise<string> {
  return sessionCookie().serialize(id, options.expires ? { expires: options.expires } : {});
}

/** Set-Cookie value that removes the session cookie. */
export function destroySessionHeader(): Promise<string> {
  return sessionCookie().serialize("", { expires: new Date(0), maxAge: 0 });
}

/** The session id of a correctly signed cookie, or null (no cookie, tampered, malformed). */
export async function readSessionId(request: Request, options: { bearer?: boolean } = {}): Promise<string | null> {
  if (options.bearer) {
    // The embedded upload widget runs in other sites' frames, where browsers withhold SameSite
    // cookies: it sends its session id as a bearer token. Script must attach it on purpose, so
    // it carries no CSRF risk; only JSON API routes accept it.
    const bearer = request.headers.get("Authorization")?.match(/^Bearer ([A-Za-z0-9_-]{43})$/)?.[1];
    if (bearer) return bearer;
  }
  const header = request.headers.get("Cookie");
  // The signature of a cookie value verifies the same way every time: each instance checks a good
  // value once (Web Crypto's HMAC is a few per cent of a page view's CPU, issue 29); a bad one
  // is checked each time, so that no request can fill the memory with junk.
  const raw = header?.match(SESSION_COOKIE_VALUE)?.[1];
  if (raw === undefined) return null;
  const known = verified.get(raw);
  if (known !== undefined) return known;

  const value: unknown = await sessionCookie().parse(header ?? null);
  const id = typeof value === "string" && SESSION_ID_PATTERN.test(value) ? value : null;
  if (id === null) return null;
  if (verified.size >= VERIFIED_MAX) verified.clear();
  verified.set(raw, id);
  return id;
}
