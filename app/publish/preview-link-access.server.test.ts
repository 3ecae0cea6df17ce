import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import { randomInt } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, test } from "vitest";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { rateLimitKey } from "#app/auth/rate-limit.server";
import { TooManyRequests } from "#app/errors/app-error";
import { PREVIEW_LINK_UNLOCK_MS } from "#app/rules/preview-link";
import { db } from "#app/utils/db.server";
import { insertPublishedPreviewLink } from "#tests/support/preview-link";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import { createContentHandler } from "./content-server.server.ts";
import {
  generatePreviewLinkPassword,
  hashPreviewLinkPassword,
  PREVIEW_LINK_LIMITS,
  PublicationAccessNotFound,
  UNLOCK_TOKEN_MS,
  verifyPublicationAccess,
} from "./preview-link-access.server.ts";

// The preview link (issue 13; ADR 0038): the studio checks the password, the content origin turns
// the unlock into a cookie for one publication and one hour; wrong passwords are limited per
// client and per link; an unknown, expired or refreshed hash answers like a wrong password.

const SECRET = "preview-link-test-secret-0123456789abcdef";
const STUDIO = "http://studio.test";
let server: Server;
let contentUrl: string;
let dataDir: string;
let redis: Redis;
let clock = Date.now();
const now = () => clock;

// The suite's shared Redis database: every key here is a fresh address's or a fresh link's, so
// nothing needs flushing (a flush of a database another file uses took that file's render nodes
// away mid-test: the stateless test's, which shared database 3 with this one).
beforeAll(async () => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  dataDir = await mkdtemp(path.join(tmpdir(), "previewlink-"));
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  contentUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.on(
    "request",
    createContentHandler({ db, blobs: new FolderBlobStore(dataDir), studioOrigin: STUDIO, contentOrigin: contentUrl, secret: SECRET, now }),
  );
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dataDir, { recursive: true, force: true });
  await redis.quit();
  await db.destroy();
});

const publishedLink = (values: { expiredAt?: Date } = {}) =>
  insertPublishedPreviewLink(db, new FolderBlobStore(dataDir), { expiredAt: values.expiredAt ?? new Date(clock + 30 * 24 * 3600_000) });

const deps = () => ({ db, redis, secret: SECRET, contentUrl, now });
// Random, not counted: the shared database keeps a run's counters for their window, and a retry or the next run must not meet them.
const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function get(url: string, cookie?: string) {
  return fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
}

/** Unlocks with the password and answers the access cookie the content origin set. */
async function unlock(link: { hash: string; password: string }) {
  const { url } = await verifyPublicationAccess(deps(), {
    type: "previewlink",
    hash: link.hash,
    password: link.password,
    clientIp: freshIp(),
  });
  expect(url.startsWith(`${contentUrl}/previewlink/${link.hash}/unlock?token=`)).toBe(true);
  const answer = await get(url);
  expect(answer.status).toBe(302);
  expect(answer.headers.get("location")).toBe(`/previewlink/${link.hash}/`);
  const setCookie = answer.headers.get("set-cookie") ?? "";
  expect(setCookie).toContain(`Path=/previewlink/${link.hash}/`);
  expect(setCookie).toContain("HttpOnly");
  expect(setCookie).toContain(`Max-Age=${PREVIEW_LINK_UNLOCK_MS / 1000}`);
  return setCookie.split(";")[0] as string;
}

const passwordPage = (hash: string) => `${STUDIO}/protected-sharing/previewlink/${hash}`;

test("the right password opens that publication for one hour; without the cookie, after the hour, it asks again", async () => {
  const link = await publishedLink();
  // Without an unlock: to the studio's password page.
  const locked = await get(`${contentUrl}/previewlink/${link.hash}/`);
  expect(locked.status).toBe(302);
  expect(locked.headers.get("location")).toBe(passwordPage(link.hash));
  const cookie = await unlock(link);
  const bare = await get(`${contentUrl}/previewlink/${link.hash}/`, cookie);
  expect(bare.headers.get("location")).toBe(`/previewlink/${link.hash}/${link.revision}/index.html`);
  const index = await get(`${contentUrl}/previewlink/${link.hash}/${link.revision}/index.html`, cookie);
  expect(index.status).toBe(200);
  expect(index.headers.get("cache-control")).toBe("private, no-store");
  const html = await index.text();
  expect(html).toContain("<h1>Spring</h1>");
  // The reader gives way to the password page when the hour is over.
  expect(html).toContain(`end=${clock + PREVIEW_LINK_UNLOCK_MS}`);
  expect(html).toContain(JSON.stringify(passwordPage(link.hash)));
  expect((await get(`${contentUrl}/previewlink/${link.hash}/${link.revision}/pages/1.webp`, cookie)).status).toBe(200);
  // A forged unlock token, or one older than its minute, leads to the password page.
  const forged = await get(`${contentUrl}/previewlink/${link.hash}/unlock?token=abc.def`);
  expect(forged.headers.get("location")).toBe(passwordPage(link.hash));
  const start = clock;
  try {
    const { url } = await verifyPublicationAccess(deps(), {
      type: "previewlink",
      hash: link.hash,
      password: link.password,
      clientIp: freshIp(),
    });
    clock = start + UNLOCK_TOKEN_MS + 1;
    const stale = await get(url);
    expect(stale.headers.get("location")).toBe(passwordPage(link.hash));
    expect(stale.headers.get("set-cookie")).toBeNull();
    clock = start + PREVIEW_LINK_UNLOCK_MS - 1000;
    expect((await get(`${contentUrl}/previewlink/${link.hash}/${link.revision}/index.html`, cookie)).status).toBe(200);
    clock = start + PREVIEW_LINK_UNLOCK_MS + 1;
    const later = await get(`${contentUrl}/previewlink/${link.hash}/${link.revision}/index.html`, cookie);
    expect(later.status).toBe(302);
    expect(later.headers.get("location")).toBe(passwordPage(link.hash));
  } finally {
    clock = start;
  }
});

test("the cookie of one publication opens no other; a new password or a new address ends every unlock", async () => {
  const first = await publishedLink();
  const second = await publishedLink();
  const cookie = await unlock(first);
  const renamed = cookie.replace(/^[^=]+=/, "previewlink_access=");
  const other = await get(`${contentUrl}/previewlink/${second.hash}/${second.revision}/index.html`, renamed);
  expect(other.status).toBe(302);
  expect(other.headers.get("location")).toBe(passwordPage(second.hash));
  // A preview link is not a preview: its hash opens nothing under /preview/.
  expect((await get(`${contentUrl}/preview/${first.hash}/`, cookie)).status).toBe(404);

  await db
    .updateTable("publication")
    .set({ passwordHash: await hashPreviewLinkPassword(generatePreviewLinkPassword()) })
    .where("id", "=", first.publicationId)
    .execute();
  expect((await get(`${contentUrl}/previewlink/${first.hash}/${first.revision}/index.html`, cookie)).status).toBe(302);
  await expect(
    verifyPublicationAccess(deps(), { type: "previewlink", hash: first.hash, password: first.password, clientIp: freshIp() }),
  ).rejects.toBeInstanceOf(PublicationAccessNotFound);

  const secondCookie = await unlock(second);
  const newHash = createId() + createId();
  await db.updateTable("publication").set({ hash: newHash }).where("id", "=", second.publicationId).execute();
  expect((await get(`${contentUrl}/previewlink/${second.hash}/${second.revision}/index.html`, secondCookie)).headers.get("location")).toBe(
    passwordPage(second.hash),
  );
  await expect(
    verifyPublicationAccess(deps(), { type: "previewlink", hash: second.hash, password: second.password, clientIp: freshIp() }),
  ).rejects.toBeInstanceOf(PublicationAccessNotFound);
  await unlock({ hash: newHash, password: second.password });
});

test("a wrong password, an unknown or expired hash and another type all answer the same 'not found'", async () => {
  const link = await publishedLink();
  const expired = await publishedLink({ expiredAt: new Date(clock - 1000) });
  const attempts = [
    { type: "previewlink", hash: link.hash, password: "WrongPassword123" },
    { type: "previewlink", hash: `${createId()}${createId()}`, password: link.password },
    { type: "previewlink", hash: expired.hash, password: expired.password },
    { type: "preview", hash: link.hash, password: link.password },
    { type: "previewlink", hash: "../../etc", password: link.password },
  ];
  for (const attempt of attempts) {
    await expect(verifyPublicationAccess(deps(), { ...attempt, clientIp: freshIp() }), JSON.stringify(attempt)).rejects.toBeInstanceOf(
      PublicationAccessNotFound,
    );
  }
  // The expired link's content is closed too, whatever cookie comes.
  expect((await get(`${contentUrl}/previewlink/${expired.hash}/`)).headers.get("location")).toBe(passwordPage(expired.hash));
});

test("too many attempts from one client, or wrong passwords for one link, are refused with 429 until the window ends", async () => {
  const link = await publishedLink();
  const ip = freshIp();
  for (let i = 0; i < PREVIEW_LINK_LIMITS.ip.limit; i++) {
    await expect(
      verifyPublicationAccess(deps(), { type: "previewlink", hash: `${createId()}${createId()}`, password: "x".repeat(12), clientIp: ip }),
    ).rejects.toBeInstanceOf(PublicationAccessNotFound);
  }
  // Over the client's limit even the right password waits.
  const refused = await verifyPublicationAccess(deps(), {
    type: "previewlink",
    hash: link.hash,
    password: link.password,
    clientIp: ip,
  }).catch((error) => error);
  expect(refused).toBeInstanceOf(TooManyRequests);
  expect(Number(refused.headers["Retry-After"])).toBeGreaterThan(0);
  // Other clients are unaffected.
  await verifyPublicationAccess(deps(), { type: "previewlink", hash: link.hash, password: link.password, clientIp: freshIp() });

  // Each wrong password counts for the link; past the limit, the link refuses every attempt for a while.
  const failures = rateLimitKey(PREVIEW_LINK_LIMITS.publication.bucket, link.hash);
  await expect(
    verifyPublicationAccess(deps(), { type: "previewlink", hash: link.hash, password: "WrongPassword123", clientIp: freshIp() }),
  ).rejects.toBeInstanceOf(PublicationAccessNotFound);
  expect(await redis.get(failures)).toBe("1");
  await redis.set(failures, String(PREVIEW_LINK_LIMITS.publication.limit), "PX", 60_000);
  await expect(
    verifyPublicationAccess(deps(), { type: "previewlink", hash: link.hash, password: link.password, clientIp: freshIp() }),
  ).rejects.toBeInstanceOf(TooManyRequests);
});
