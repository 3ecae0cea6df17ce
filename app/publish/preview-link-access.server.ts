import { createHash, createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { Redis } from "ioredis";
import { hashPassword, verifyPassword } from "#app/auth/password.server";
import { checkRateLimit, exceededRateLimit, type RateLimit, rateLimitKey } from "#app/auth/rate-limit.server";
import { AppError, TooManyRequests } from "#app/errors/app-error";
import { isSharingType, PREVIEW_LINK_PASSWORD_LENGTH, PREVIEW_LINK_UNLOCK_MS, previewLinkContentPath } from "#app/rules/preview-link";
import type { Database } from "#db/client";

/**
 * Unlocking a preview link (studio-core.md §7 "Verify publication access"; ADR 0038). The studio
 * checks the password and answers an address on the content origin that carries a short-lived
 * signed unlock token; the content origin turns the token into a signed cookie scoped to that one
 * publication's path, valid one hour. Both are signed with the session secret under their own
 * purpose, and both carry a fingerprint of the password hash: a new password locks out every
 * earlier unlock at once, a new hash (another address) too.
 */

/** No ambiguous characters (0/O, 1/l/I): the password is read off a screen and typed in. */
const PASSWORD_ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A fresh password (16 characters of 56: about 93 bits). */
export function generatePreviewLinkPassword(): string {
  let password = "";
  for (let i = 0; i < PREVIEW_LINK_PASSWORD_LENGTH; i++) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return password;
}

export const hashPreviewLinkPassword = hashPassword;

/** Wrong guesses per publication and per client address (ADR 0038). */
export const PREVIEW_LINK_LIMITS = {
  /** Per client address over all preview links: one client cannot sweep many links. */
  ip: { bucket: "previewlink-ip", limit: 30, windowMs: 15 * 60_000 },
  /** Per publication from anywhere: a distributed guess at one link stays slow. */
  publication: { bucket: "previewlink-publication", limit: 100, windowMs: 15 * 60_000 },
} as const satisfies Record<string, RateLimit>;

/** How long the unlock token in the answered address is good for: the browser goes there at once. */
export const UNLOCK_TOKEN_MS = 60_000;
export const ACCESS_COOKIE = "previewlink_access";

/** The wrong type, an unknown or expired hash and a wrong password all answer the same 404. */
export class PublicationAccessNotFound extends AppError {
  override name = "NotFound";
  constructor() {
    super("protectedSharing.errors.wrongPassword", { status: 404 });
  }
}

type AccessClaim = { hash: string; fingerprint: string; expiresAt: number };

/** A short fingerprint of the stored password hash: changes whenever the password does. */
export const passwordFingerprint = (passwordHash: string) => createHash("sha256").update(passwordHash).digest("base64url").slice(0, 16);

function sign(secret: string, purpose: string, payload: string) {
  return createHmac("sha256", `previewlink-${purpose}:${secret}`).update(payload).digest("base64url");
}

export function signAccess(secret: string, purpose: "unlock" | "cookie", claim: AccessClaim): string {
  const payload = Buffer.from(JSON.stringify({ h: claim.hash, f: claim.fingerprint, e: claim.expiresAt })).toString("base64url");
  return `${payload}.${sign(secret, purpose, payload)}`;
}

/** The claim of a token or cookie value, or null when it is forged, malformed or expired. */
export function verifyAccess(secret: string, purpose: "unlock" | "cookie", value: string, now: number): AccessClaim | null {
  const [payload, signature, ...rest] = value.split(".");
  if (!payload || !signature || rest.length) return null;
  const expected = Buffer.from(sign(secret, purpose, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { h, f, e } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
    if (typeof h !== "string" || typeof f !== "string" || typeof e !== "number" || e <= now) return null;
    return { hash: h, fingerprint: f, expiresAt: e };
  } catch {
    return null;
  }
}

/** A live preview link by its hash: published, not expired, its ePaper not deleted. */
export async function findLivePreviewLink(db: Database, hash: string, now: Date) {
  if (!/^[a-z0-9]{16,80}$/.test(hash)) return null;
  const row = await db
    .selectFrom("publication")
    .innerJoin("epaper", "epaper.id", "publication.epaperId")
    .select(["publication.id", "publication.epaperId", "publication.passwordHash", "publication.blobPrefix", "publication.expiredAt"])
    .where("publication.hash", "=", hash)
    .where("publication.type", "=", "previewlink")
    .where("epaper.deletedAt", "is", null)
    .executeTakeFirst();
  if (!row?.passwordHash || !row.blobPrefix) return null;
  if (row.expiredAt && row.expiredAt.getTime() <= now.getTime()) return null;
  return { ...row, passwordHash: row.passwordHash, blobPrefix: row.blobPrefix };
}

export type VerifyAccessDeps = { db: Database; redis: Redis; secret: string; contentUrl: string; now?: () => number };

// A valid argon2id hash of a password nobody has: an unknown hash costs the same time as a known one.
let decoyHash: Promise<string> | null = null;
const decoy = () => {
  decoyHash ??= hashPassword(generatePreviewLinkPassword());
  return decoyHash;
};

/**
 * POST /verify-publication-access/:type/:hash/ with {password}: the address on the content origin
 * the browser goes to, or PublicationAccessNotFound, or TooManyRequests. Every attempt counts
 * against the client's address; every wrong one against the hash (known or not: the answers
 * never tell a live hash from an unknown one, and neither does the time they take). Once a
 * hash had too many wrong passwords in the window, it refuses every attempt until the window
 * ends, the right password too (ADR 0038 weighs this against a lockout).
 */
export async function verifyPublicationAccess(
  deps: VerifyAccessDeps,
  input: { type: string; hash: string; password: string; clientIp: string },
): Promise<{ url: string }> {
  const now = deps.now?.() ?? Date.now();
  const limited = await exceededRateLimit(deps.redis, [{ ...PREVIEW_LINK_LIMITS.ip, key: input.clientIp }]);
  if (limited) throw limited;
  const failures = rateLimitKey(PREVIEW_LINK_LIMITS.publication.bucket, input.hash);
  const [count, ttl] = await Promise.all([deps.redis.get(failures), deps.redis.pttl(failures)]);
  if (Number(count ?? 0) >= PREVIEW_LINK_LIMITS.publication.limit) throw new TooManyRequests(PREVIEW_LINK_LIMITS.publication.bucket, ttl);
  const publication = isSharingType(input.type) ? await findLivePreviewLink(deps.db, input.hash, new Date(now)) : null;
  const ok = await verifyPassword(input.password, publication?.passwordHash ?? (await decoy()));
  if (!ok || !publication) {
    await checkRateLimit(deps.redis, { ...PREVIEW_LINK_LIMITS.publication, key: input.hash });
    throw new PublicationAccessNotFound();
  }
  const token = signAccess(deps.secret, "unlock", {
    hash: input.hash,
    fingerprint: passwordFingerprint(publication.passwordHash),
    expiresAt: now + UNLOCK_TOKEN_MS,
  });
  return { url: `${deps.contentUrl}${previewLinkContentPath(input.hash)}unlock?token=${encodeURIComponent(token)}` };
}

/** The cookie the content origin sets after an unlock: HttpOnly, only for this publication's path, one hour. */
export function accessCookie(secret: string, input: { hash: string; fingerprint: string; now: number; secure: boolean }) {
  const value = signAccess(secret, "cookie", {
    hash: input.hash,
    fingerprint: input.fingerprint,
    expiresAt: input.now + PREVIEW_LINK_UNLOCK_MS,
  });
  return [
    `${ACCESS_COOKIE}=${value}`,
    `Path=${previewLinkContentPath(input.hash)}`,
    `Max-Age=${PREVIEW_LINK_UNLOCK_MS / 1000}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(input.secure ? ["Secure"] : []),
  ].join("; ");
}
