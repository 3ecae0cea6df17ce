import type { ChildProcess } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import type { Server } from "node:http";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { Redis } from "ioredis";
import { Registry } from "prom-client";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createDb, type Database } from "#db/client";
import type { BlobStore } from "#app/blob/blob-store.server";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { signBlobUrl } from "#app/blob/signed-url.server";
import { createSession } from "#app/auth/session.server";
import { SESSION_COOKIE_NAME } from "#app/auth/session-cookie.server";
import { intentNames, type IntentUnion } from "#app/rules/intents";
import { can, type PermissionLevel } from "#app/rules/permissions";
import { createApiKey } from "#app/models/api-keys.server";
import { permissionSubject } from "#tests/support/permission-subject";
import routes from "#app/routes";
import { startWorkerHttp } from "#server/worker-http";
import { TEST_DATABASE_URL } from "#tests/setup/test-env";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { REPO, startStudio, stopProcess } from "#tests/support/studio-process";
import { TEST_PORTS } from "#tests/support/test-ports";
import {
  type Answer,
  CALLERS,
  type Caller,
  type CellIds,
  MEDIA_VERSION,
  isRouteEntry,
  MATRIX,
  type MatrixEntry,
  REFUSALS,
  type Target,
} from "./authz-matrix.ts";
import {
  expectedLevelAnswer,
  LEVEL_ENTRIES,
  levelCellKey,
  type LevelIds,
  type LevelTarget,
  levelTable,
  RANK_FIXTURES,
  TARGET_RANKS,
  type TargetRank,
  UNRANKED_SUPPORT_INTENTS,
} from "./authz-levels.ts";
import { supportIntents } from "#app/routes/studio/support/support-intents";

// Issue 15 §3: every cell of tests/security/authz-matrix.ts against the running production
// studio, its content origin and a worker, on the test database and a Redis database of its own.

const PORT = TEST_PORTS.authzStudio;
const WORKER_PORT = TEST_PORTS.authzWorker;
const STUDIO = `http://localhost:${PORT}`;
const CONTENT = `http://127.0.0.1:${PORT + 1}`;
const WORKER = `http://127.0.0.1:${WORKER_PORT}`;
const SECRET = "authz-matrix-session-secret-0123456789abcdef";
const REDIS_URL = "redis://127.0.0.1:6379/5";
const dataDir = path.join(REPO, "data", `authz-${process.pid}`);

/* ------------------------------------------------------------------ routes and intents */

type RouteAction = { key: string; route: string };

/** Every loader, action and action intent of app/routes.ts, as matrix keys ("path METHOD intent"). */
async function routeActions(): Promise<RouteAction[]> {
  const found = new Map<string, RouteAction>();
  const visit = async (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const own = entry.path ?? "";
      const route = [parent, own].filter(Boolean).join("/");
      if (entry.path !== undefined || entry.index) {
        const module = (await import(path.join(REPO, "app", entry.file))) as {
          loader?: unknown;
          action?: unknown;
          intents?: IntentUnion;
        };
        if (module.loader) found.set(keyOf(route, "GET"), { key: keyOf(route, "GET"), route });
        if (module.action) {
          const intents = module.intents ? intentNames(module.intents) : [undefined];
          for (const intent of intents) found.set(keyOf(route, "POST", intent), { key: keyOf(route, "POST", intent), route });
        }
      }
      if (entry.children) await visit(entry.children, route);
    }
  };
  await visit(routes, "");
  return [...found.values()];
}

const keyOf = (route: string, method: string, intent?: string) => [route === "" ? "/" : route, method, intent].filter(Boolean).join(" ");

/* ------------------------------------------------------------------ fixtures */

type Fixture = {
  cookie: string | null;
  sessionId: string | null;
  /** An API key of the caller's account (ADR 0056), made when the caller may hold one. */
  apiKey: string | null;
  ownRootId: string;
  /** Absent where the cell does not reach it (a fresh cell's fixtures hold only what it reaches). */
  own?: TargetIds;
  demo?: TargetIds;
};
type TargetIds = Omit<CellIds, "ownRootId" | "contentOrigin">;

let db: Database;
let blobs: BlobStore;
const sessionCookie = createCookie(SESSION_COOKIE_NAME, { secrets: [SECRET], path: "/" });

const CALLER_USERS: Record<Exclude<Caller, "anonymous">, { level: PermissionLevel; user?: object; account?: object; locked?: boolean }> = {
  generated: { level: "2", user: { isGenerated: true, isTemporary: true }, account: { isGenerated: true, isTemporary: true } },
  unconfirmed: { level: "2", user: { isTemporary: true }, account: { isTemporary: true } },
  level1: { level: "1" },
  level2: { level: "2" },
  level3: { level: "3" },
  level4: { level: "4" },
  demoAccount: { level: "2", account: { isDemoAccount: true } },
  lockedOwner: { level: "2", locked: true },
  otherAccount: { level: "2" },
};

/** An ePaper with a cover, a page with a PDF link and a media element, a zip and a published preview, in `folderId`. */
async function insertTarget(
  accountId: string,
  folders: { rootId: string; folderId: string },
  placeIn: string,
  values: { isDemo?: boolean; isLocked?: boolean },
) {
  const epaperId = createId();
  const coverKey = `epapers/${epaperId}/cover.webp`;
  await db
    .insertInto("epaper")
    .values({ id: epaperId, accountId, folderId: placeIn, name: "Matrix ePaper", languageCode: "de", coverBlobKey: coverKey, ...values })
    .execute();
  await blobs.put(coverKey, Buffer.from("RIFF-cover"));
  // One rendered page: a thumbnail, one rendition and its words.
  const pagePrefix = `epapers/${epaperId}/pages/r1/1`;
  const renditions = {
    images: [{ width: 800, height: 1131, file: "w800.webp", bytes: 4 }],
    thumbnail: { width: 200, height: 283, file: "thumb.webp", bytes: 4 },
    words: "words.json",
  };
  const pageId = createId();
  await db
    .insertInto("page")
    .values({
      id: pageId,
      epaperId,
      page: 1,
      sourcePage: 1,
      width: 500,
      height: 700,
      blobPrefix: pagePrefix,
      renditions: JSON.stringify(renditions),
      links: JSON.stringify([{ x: 0.1, y: 0.1, w: 0.2, h: 0.05, uri: "https://example.com/" }]),
    })
    .execute();
  // One media element of a known version (the editor's update names it).
  const pageMediaId = createId();
  const type = await db.selectFrom("pageMediaType").select("id").where("name", "=", "externalLink").executeTakeFirstOrThrow();
  await db
    .insertInto("pageMedia")
    .values({
      id: pageMediaId,
      pageId,
      pageMediaTypeId: type.id,
      frameX1: 0.1,
      frameY1: 0.1,
      frameX2: 0.5,
      frameY2: 0.3,
      updatedAt: new Date(MEDIA_VERSION),
    })
    .execute();
  // A private address: generating its preview image is refused at once (SSRF rules), never fetched.
  await db.insertInto("pageMediaExternalLink").values({ pageMediaId, url: "http://10.0.0.1/" }).execute();
  const mediaId = createId();
  const mediaKey = `media/${accountId}/${mediaId}.png`;
  await blobs.put(mediaKey, Buffer.from("png"));
  await db
    .insertInto("media")
    .values({ id: mediaId, accountId, name: "preview.png", blobKey: mediaKey, extension: "png", mimeType: "image/png", sizeInByte: 3 })
    .execute();
  await db
    .updateTable("pageMedia")
    .set({ previewImageId: mediaId, updatedAt: new Date(MEDIA_VERSION) })
    .where("id", "=", pageMediaId)
    .execute();
  for (const file of ["thumb.webp", "w800.webp", "words.json"]) await blobs.put(`${pagePrefix}/${file}`, Buffer.from(file));
  const previewHash = createId() + createId();
  for (const type of ["zip", "preview"] as const) {
    const id = createId();
    const blobPrefix = `publications/${id}/r1`;
    await db
      .insertInto("publication")
      .values({ id, epaperId, type, hash: type === "preview" ? previewHash : createId(), blobPrefix })
      .execute();
    await blobs.put(`${blobPrefix}/${type === "zip" ? "epaper.zip" : "index.html"}`, Buffer.from(type));
  }
  const channelId = createId();
  const channelShortPath = createId().slice(0, 10);
  await db
    .insertInto("channel")
    // Its subscription ended yesterday: not an active one, so deleting the account stays allowed.
    .values({
      id: channelId,
      accountId,
      name: "Matrix channel",
      shortPath: channelShortPath,
      isDemo: values.isDemo ?? false,
      removeAt: new Date(Date.now() - 86_400_000),
    })
    .execute();
  // Valid for the whole run: under load the matrix takes minutes before it reaches the worker cells.
  const signedPath = new URL(signBlobUrl(WORKER, SECRET, coverKey, 15 * 60_000)).pathname;
  return {
    epaperId,
    pageId,
    pageMediaId,
    mediaId,
    channelId,
    channelShortPath,
    ...folders,
    previewHash,
    signedPath,
    forgedPath: `${signedPath.slice(0, -2)}xx`,
  };
}

/** A caller of its own, holding the targets named (both by default). */
async function makeFixture(caller: Caller, targets: readonly ("own" | "demo")[] = ["own", "demo"]): Promise<Fixture> {
  const spec = caller === "anonymous" ? { level: "2" as const } : CALLER_USERS[caller];
  const user = await insertUserWithLevel(db, spec.level, { user: spec.user, account: spec.account, emailDomain: "authz.epaper.test" });
  const rootId = createId();
  const folderId = createId();
  await db.insertInto("folder").values({ id: rootId, accountId: user.accountId, parentId: null, name: "My ePaper" }).execute();
  await db.insertInto("folder").values({ id: folderId, accountId: user.accountId, parentId: rootId, name: "Sub" }).execute();
  // The subfolder holds the caller's own ePaper; the demo ePaper sits in the root.
  const own = targets.includes("own")
    ? await insertTarget(user.accountId, { rootId, folderId }, folderId, { isLocked: "locked" in spec && spec.locked === true })
    : undefined;
  const demo = targets.includes("demo") ? await insertTarget(user.accountId, { rootId, folderId }, rootId, { isDemo: true }) : undefined;
  if (caller === "anonymous") return { cookie: null, sessionId: null, apiKey: null, ownRootId: rootId, own, demo };
  // Subscribed to 'ePaper ready' mails, as a new user is: the notification switch is theirs to flip.
  const config = await db.selectFrom("emailConfig").select("id").where("name", "=", "epaperReady").executeTakeFirstOrThrow();
  await db.insertInto("userEmailConfig").values({ id: createId(), userId: user.userId, emailConfigId: config.id, active: true }).execute();
  const session = await createSession(db, { userId: user.userId, remember: true });
  const cookie = (await sessionCookie.serialize(session.id)).split(";")[0] ?? null;
  const subject = permissionSubject({
    id: user.userId,
    accountId: user.accountId,
    baseAccountId: user.accountId,
    permissions: [spec.level],
    isGenerated: "user" in spec && Boolean((spec.user as { isGenerated?: boolean } | undefined)?.isGenerated),
    isTemporary: "user" in spec && Boolean((spec.user as { isTemporary?: boolean } | undefined)?.isTemporary),
    accountIsDemoAccount: "account" in spec && Boolean((spec.account as { isDemoAccount?: boolean } | undefined)?.isDemoAccount),
  });
  const apiKey = can(subject, "apiKeys") ? (await createApiKey(db, subject, { name: "Matrix", scopes: ["read"] })).token : null;
  return { cookie, sessionId: session.id, apiKey, ownRootId: rootId, own, demo };
}

/** A signed-in caller and nothing else: the level cells (issue 27) need no ePapers of the caller's. */
async function makeCaller(caller: Caller): Promise<Pick<Fixture, "cookie">> {
  if (caller === "anonymous") return { cookie: null };
  const spec = CALLER_USERS[caller];
  const user = await insertUserWithLevel(db, spec.level, { user: spec.user, account: spec.account, emailDomain: "authz.epaper.test" });
  const session = await createSession(db, { userId: user.userId, remember: true });
  return { cookie: (await sessionCookie.serialize(session.id)).split(";")[0] ?? null };
}

/**
 * A target user of the rank, in an account of its own with a level-1 colleague (so it is never the
 * last user), and the one thing of that account the entry acts on (issue 44).
 */
async function makeRankTarget(rank: TargetRank, kind: LevelTarget): Promise<LevelIds> {
  const { level, isProtected, isDemoAccount } = RANK_FIXTURES[rank];
  const target = await insertUserWithLevel(db, level, { account: { isProtected, isDemoAccount }, emailDomain: "authz.epaper.test" });
  const editor = await db.selectFrom("permissionType").select("id").where("priority", "=", "1").executeTakeFirstOrThrow();
  // Level 1 besides: toggling level 3 off a level-3 user leaves a permission.
  if (level !== "1")
    await db.insertInto("userPermission").values({ id: createId(), userId: target.userId, permissionTypeId: editor.id }).execute();
  const colleague = await insertUserWithLevel(db, "1", { emailDomain: "authz.epaper.test" });
  await db
    .updateTable("user")
    .set({ accountId: target.accountId, baseAccountId: target.accountId })
    .where("id", "=", colleague.userId)
    .execute();
  const ids: LevelIds = {
    userId: target.userId,
    accountId: target.accountId,
    epaperId: "",
    publicationId: "",
    channelId: "",
    renderProcessId: "",
    apiKeyId: "",
  };
  const { accountId } = target;
  if (kind === "epaper" || kind === "publication" || kind === "renderProcess") {
    ids.epaperId = createId();
    await db.insertInto("epaper").values({ id: ids.epaperId, accountId, name: "Rank ePaper", languageCode: "de" }).execute();
  }
  if (kind === "publication") {
    ids.publicationId = createId();
    const blobPrefix = `publications/${ids.publicationId}/r1`;
    await db
      .insertInto("publication")
      .values({ id: ids.publicationId, epaperId: ids.epaperId, type: "zip", hash: createId(), blobPrefix })
      .execute();
    await blobs.put(`${blobPrefix}/epaper.zip`, Buffer.from("zip"));
  }
  if (kind === "renderProcess") {
    ids.renderProcessId = createId();
    await db.insertInto("renderProcess").values({ id: ids.renderProcessId, epaperId: ids.epaperId, documentId: createId() }).execute();
  }
  if (kind === "channel") {
    ids.channelId = createId();
    await db
      .insertInto("channel")
      .values({ id: ids.channelId, accountId, name: "Rank channel", shortPath: createId().slice(0, 10) })
      .execute();
  }
  if (kind === "apiKey") {
    ids.apiKeyId = createId();
    await db
      .insertInto("apiKey")
      .values({ id: ids.apiKeyId, accountId, name: "Rank key", prefix: createId().slice(0, 8), scopes: "read", secretHash: createId() })
      .execute();
  }
  return ids;
}

/* ------------------------------------------------------------------ cells */

type Cell = { entry: MatrixEntry; caller: Caller; target: Target; expected: Answer };

function targetsOf(entry: MatrixEntry, caller: Caller): Target[] {
  if (!entry.scoped) return ["own"];
  if (caller === "anonymous" || caller === "otherAccount") return ["foreign"];
  return ["own", "demo", "foreign"];
}

function expectedAnswer(entry: MatrixEntry, caller: Caller, target: Target): Answer {
  const own = entry.expect[caller] ?? entry.expect.default;
  if (target === "demo") return entry.demo?.[caller] ?? entry.demo?.default ?? own;
  if (target === "foreign" && caller !== "anonymous") {
    // A caller refused whatever the target (no permission at all) gets the same refusal; one
    // refused only for its own target (locked) is an ordinary user elsewhere: 'not found'.
    const basis = caller === "lockedOwner" || caller === "otherAccount" ? (entry.expect.level2 ?? entry.expect.default) : own;
    if (REFUSALS.includes(basis)) return basis;
    return entry.foreign ?? "404";
  }
  return own;
}

const cells: Cell[] = MATRIX.flatMap((entry) =>
  CALLERS.flatMap((caller) =>
    targetsOf(entry, caller).map((target) => ({ entry, caller, target, expected: expectedAnswer(entry, caller, target) })),
  ),
);

let clientCounter = 0;

async function answerOf(response: Response, base: string): Promise<string> {
  const { status } = response;
  if (status >= 300 && status < 400) {
    await response.body?.cancel();
    return `redirect:${new URL(response.headers.get("location") ?? "/", base).pathname}`;
  }
  // A single-fetch (.data) answer encodes a redirect in its body, with status 202.
  if (status === 202) {
    const redirect = (await response.text()).match(/"redirect","([^"]+)"/)?.[1];
    return redirect ? `redirect:${new URL(redirect, base).pathname}` : "200";
  }
  if (status !== 403) {
    await response.body?.cancel();
    return status >= 200 && status < 300 ? "200" : String(status);
  }
  const text = await response.text();
  if (/DemoError|errors\.demoContent/.test(text)) return "DemoError";
  if (/UserNotConfirmed|errors\.userNotConfirmed/.test(text)) return "UserNotConfirmed";
  return "403";
}

const matches = (expected: Answer, actual: string) =>
  expected === actual || (expected.startsWith("redirect:") && actual.startsWith(`${expected}/`));

async function send(cell: Cell, fixture: Fixture, foreign: Fixture): Promise<string> {
  const { entry } = cell;
  const target = cell.target === "foreign" ? foreign.own : cell.target === "demo" ? fixture.demo : fixture.own;
  if (!target) throw new Error(`the fixture holds no ${cell.target} target`);
  const ids: CellIds = { ...target, ownRootId: fixture.ownRootId, contentOrigin: CONTENT };
  const origin = entry.origin ?? "studio";
  const base = origin === "content" ? CONTENT : origin === "worker" ? WORKER : STUDIO;
  const address = entry.path?.(ids) ?? `/${entry.route.replace(":epaperId", ids.epaperId).replace(":channelId", ids.channelId)}`;
  clientCounter += 1;
  const headers: Record<string, string> = {
    // Each cell is its own visitor: per-address rate limits (login, signup, try-it) count per cell.
    "X-Forwarded-For": `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`,
    Origin: STUDIO,
    Accept: "text/html,application/json",
  };
  if (entry.apiKey) {
    if (fixture.apiKey) headers.Authorization = `Bearer ${fixture.apiKey}`;
  } else if (entry.bearer && fixture.sessionId) headers.Authorization = `Bearer ${fixture.sessionId}`;
  else if (fixture.cookie && origin === "studio") headers.Cookie = fixture.cookie;
  let body: URLSearchParams | string | undefined;
  if (entry.json) {
    body = JSON.stringify(entry.json(ids));
    headers["Content-Type"] = "application/json";
  } else if (entry.method === "POST" && !entry.httpMethod) {
    body = new URLSearchParams({ ...(entry.intent ? { intent: entry.intent } : {}), ...entry.form?.(ids) });
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  const method = entry.httpMethod ?? entry.method;
  const response = await fetch(`${base}${address}`, { method, headers, body, redirect: "manual" });
  return answerOf(response, base);
}

/** Runs `work` over `items`, `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/* ------------------------------------------------------------------ the run */

let studio: ChildProcess | undefined;
let worker: Server | undefined;

beforeAll(async () => {
  db = createDb(TEST_DATABASE_URL, { connectionLimit: 8 });
  await mkdir(dataDir, { recursive: true });
  blobs = new FolderBlobStore(dataDir);
  // Queues and rate-limit counters of an earlier run must not answer for this one.
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  await redis.quit();
  [studio, worker] = await Promise.all([
    startStudio({
      mode: "production",
      port: PORT,
      dataDir,
      sessionSecret: SECRET,
      env: {
        REDIS_URL,
        TRUST_PROXY: "loopback",
        LANDING_URL: `${STUDIO}/landing`,
        WORKER_URL: WORKER,
        // A shop nobody answers at: the checkout only sends the browser there.
        SHOP_URL: "http://127.0.0.1:9",
        SHOP_WEBHOOK_SECRET: "matrix-shop-webhook-secret-0123456789abcdef",
        // The matrix asks who may estimate, not how often: on a busy machine the estimates' share
        // of each second (ADR 0048) ran out and cells answered 503.
        PASSWORD_STRENGTH_BUDGET_MS: "0",
      },
    }),
    startWorkerHttp({
      host: "127.0.0.1",
      port: WORKER_PORT,
      registry: new Registry(),
      blobs,
      secret: SECRET,
      health: async () => ({ status: "ok" as const }),
    }),
  ]);
}, 120_000);

afterAll(async () => {
  await stopProcess(studio);
  // Keep-alive connections of the matrix's fetches would hold close() open until they time out.
  worker?.closeAllConnections();
  await new Promise<void>((resolve) => (worker ? worker.close(() => resolve()) : resolve()));
  await db?.destroy();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe("the authorization matrix", () => {
  test("has an entry for every loader, action and action intent of app/routes.ts, and none for a route that is gone", async () => {
    const actual = await routeActions();
    const listed = new Set(MATRIX.filter(isRouteEntry).map((entry) => keyOf(entry.route, entry.method, entry.intent)));
    expect(actual.map((action) => action.key).filter((key) => !listed.has(key))).toEqual([]);
    const known = new Set(actual.map((action) => action.key));
    expect([...listed].filter((key) => !known.has(key))).toEqual([]);
  }, 60_000);

  test("every cell answers as the matrix says: no leak, no other answer", async () => {
    const shared = new Map<Caller, Fixture>();
    for (const caller of CALLERS) shared.set(caller, await makeFixture(caller));
    const foreign = await makeFixture("level2");
    const differing: string[] = [];
    let leaked = 0;
    await pool(cells, 6, async (cell) => {
      // A write, or a read that ends the session, gets a caller of its own: cells never see each other's effects.
      // Its fixtures hold only the targets it reaches: each target is seven blobs in nine folders, and
      // with two targets of two fixtures for each of the 2,452 fresh cells, removing the data folder
      // took 16 s on a quiet machine and outlasted afterAll's minute in two loaded CI runs.
      // (A demo cell keeps the own ePaper too: it sits in the folder the demo cell names, locked for a locked owner.)
      const fresh = cell.entry.method === "POST" || cell.entry.destructive;
      const reached = cell.target === "foreign" ? [] : cell.target === "demo" ? (["own", "demo"] as const) : (["own"] as const);
      const fixture = fresh ? await makeFixture(cell.caller, reached) : (shared.get(cell.caller) as Fixture);
      const foreignFixture = fresh && cell.target === "foreign" ? await makeFixture("level2", ["own"]) : foreign;
      const actual = await send(cell, fixture, foreignFixture);
      if (matches(cell.expected, actual)) return;
      const leak = REFUSALS.includes(cell.expected) && (actual === "200" || (actual.startsWith("redirect:") && !REFUSALS.includes(actual)));
      if (leak) leaked += 1;
      const { entry } = cell;
      differing.push(
        `${leak ? "LEAK " : ""}${entry.origin ?? "studio"} ${entry.method} ${entry.route}${entry.intent ? ` ${entry.intent}` : ""} · ${cell.caller} → ${cell.target}: expected ${cell.expected}, got ${actual}`,
      );
    });
    const held = cells.length - differing.length;
    console.log(`authz: ${cells.length} cells, ${held} held, ${leaked} leaked`);
    expect(differing.sort()).toEqual([]);
  }, 600_000);

  test("the level dimension covers every support intent: each has a level expectation or a reason it needs none", () => {
    const declared = intentNames(supportIntents);
    const covered = new Set([...LEVEL_ENTRIES.map((entry) => entry.intent as string), ...Object.keys(UNRANKED_SUPPORT_INTENTS)]);
    expect(declared.filter((intent) => !covered.has(intent))).toEqual([]);
    expect([...covered].filter((intent) => !declared.includes(intent))).toEqual([]);
    expect(LEVEL_ENTRIES.filter((entry) => entry.intent in UNRANKED_SUPPORT_INTENTS)).toEqual([]);
  });

  test("the level dimension: no support action reaches a user or account above the caller's level", async () => {
    const levelCells = LEVEL_ENTRIES.flatMap((entry) =>
      CALLERS.flatMap((caller) =>
        TARGET_RANKS.map((rank) => ({ entry, caller, rank, expected: expectedLevelAnswer(entry, caller, rank) })),
      ),
    );
    const answers = new Map<string, string>();
    const differing: string[] = [];
    let leaked = 0;
    await pool(levelCells, 6, async ({ entry, caller, rank, expected }) => {
      const [fixture, target] = await Promise.all([makeCaller(caller), makeRankTarget(rank, entry.target)]);
      clientCounter += 1;
      const headers: Record<string, string> = {
        "X-Forwarded-For": `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`,
        Origin: STUDIO,
        "Content-Type": "application/x-www-form-urlencoded",
        ...(fixture.cookie ? { Cookie: fixture.cookie } : {}),
      };
      const body = new URLSearchParams({ intent: entry.intent, ...entry.form(target) });
      const response = await fetch(`${STUDIO}/support/users.data`, { method: "POST", headers, body, redirect: "manual" });
      const actual = await answerOf(response, STUDIO);
      answers.set(levelCellKey(entry, caller, rank), actual);
      if (matches(expected, actual)) return;
      const leak = REFUSALS.includes(expected) && !REFUSALS.includes(actual) && (actual === "200" || actual.startsWith("redirect:"));
      if (leak) leaked += 1;
      differing.push(
        `${leak ? "LEAK " : ""}support ${entry.intent} ${JSON.stringify(entry.form(target))} · ${caller} → ${rank}: expected ${expected}, got ${actual}`,
      );
    });
    console.log(
      `authz levels: ${levelCells.length} cells, ${levelCells.length - differing.length} held, ${leaked} leaked\n${levelTable(answers)}`,
    );
    expect(differing.sort()).toEqual([]);
  }, 600_000);
});
