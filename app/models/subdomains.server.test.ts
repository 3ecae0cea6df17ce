import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { BlobStore } from "#app/blob/blob-store.server";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { DemoError, Forbidden } from "#app/errors/app-error";
import { createContentHandler } from "#app/publish/content-server.server";
import { channelDomainFor } from "#app/rules/subdomain";
import { db } from "#app/utils/db.server";
import { parseEnv } from "#app/utils/env.server";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { createSubdomain, deleteSubdomain, listSubdomains, renameSubdomain, setSubdomainChannels } from "./subdomains.server.ts";

// Subdomains (issue 13; ADR 0041) against real MariaDB: the rule, names unique across accounts,
// another account's subdomain or channel is 'not found', the demo rule; and the content origin
// serving a subdomain's channels by the request's Host header (real HTTP, chosen Host headers).

const DOMAIN = "channels.test:8443";
const CONFIG = { channelDomain: channelDomainFor({ channelDomain: DOMAIN, contentUrl: "https://c.example.org", contentPort: 3001 }) };
let dataDir: string;
let blobs: BlobStore;
let server: Server;
let port: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "subdomains-"));
  blobs = new FolderBlobStore(dataDir);
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  server.on(
    "request",
    createContentHandler({
      db,
      blobs,
      studioOrigin: "http://localhost:3000",
      contentOrigin: `http://127.0.0.1:${port}`,
      channelDomain: DOMAIN,
    }),
  );
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dataDir, { recursive: true, force: true });
  await db.destroy();
});

async function customer(account: { isDemoAccount?: boolean } = {}) {
  const user = await insertUserWithLevel(db, "2", { account });
  return { ...user, subject: permissionSubject({ id: user.userId, accountId: user.accountId, baseAccountId: user.accountId }) };
}
const unique = (prefix: string) => `${prefix}-${createId().slice(0, 10)}`;

/** A channel with a published revision whose index.html says `text`. */
async function publishedChannel(accountId: string, text: string, values: { isDemo?: boolean } = {}) {
  const id = createId();
  const blobPrefix = `channels/${id}/r1`;
  await blobs.put(`${blobPrefix}/index.html`, Buffer.from(`<!doctype html><p>${text}</p>`));
  await db
    .insertInto("channel")
    .values({ id, accountId, name: text.slice(0, 20), shortPath: createId().slice(0, 10).toLowerCase(), blobPrefix, ...values })
    .execute();
  return (await db.selectFrom("channel").select(["id", "shortPath"]).where("id", "=", id).executeTakeFirstOrThrow()) as {
    id: string;
    shortPath: string;
  };
}

function get(host: string, pathname: string, to = port): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: to, path: pathname, headers: { Host: host } }, (res) => {
      let body = "";
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("names follow the subdomain rule and are unique across all accounts; foreign ones are not found", async () => {
  const owner = await customer();
  const other = await customer();
  const name = unique("News");
  expect(await createSubdomain(db, owner.subject, `  ${name} `)).toBe(name.toLowerCase());
  await expect(createSubdomain(db, other.subject, name.toUpperCase())).rejects.toMatchObject({
    messageKey: "subdomains.errors.nameTaken",
    status: 409,
  });
  await expect(createSubdomain(db, owner.subject, "zeitung-möwe")).rejects.toMatchObject({ messageKey: "subdomains.errors.nameInvalid" });
  await expect(createSubdomain(db, owner.subject, "admin")).rejects.toMatchObject({ messageKey: "subdomains.errors.nameReserved" });
  await expect(createSubdomain(db, owner.subject, "localhost")).rejects.toMatchObject({ messageKey: "subdomains.errors.nameReserved" });
  // Lookalike (xn--) names: refused for customers, created by an admin (issue 27, ADR 0041).
  const punycode = `xn--${unique("p")}`.slice(0, 40);
  await expect(createSubdomain(db, owner.subject, punycode)).rejects.toMatchObject({ messageKey: "subdomains.errors.nameLookalike" });
  const admin = { ...owner.subject, permissions: ["4"] };
  expect(await createSubdomain(db, admin, punycode)).toBe(punycode.toLowerCase());
  await db.deleteFrom("subdomain").where("name", "=", punycode.toLowerCase()).execute();
  await expect(
    createSubdomain(db, { ...owner.subject, permissions: [], isTemporary: true, isGenerated: true }, unique("x")),
  ).rejects.toBeInstanceOf(Forbidden);

  const [created] = await listSubdomains(db, owner.subject, {
    channelDomain: channelDomainFor({ channelDomain: "epaper.example.org", contentUrl: "https://content.example.org", contentPort: 3001 }),
  });
  if (!created) throw new Error("no subdomain");
  expect(created.address).toBe(`https://${name.toLowerCase()}.epaper.example.org/`);
  expect(await listSubdomains(db, other.subject, CONFIG)).toEqual([]);
  await expect(renameSubdomain(db, other.subject, created.id, unique("mine"))).rejects.toMatchObject({ status: 404 });
  await expect(deleteSubdomain(db, other.subject, created.id)).rejects.toMatchObject({ status: 404 });
  const renamed = unique("daily");
  expect(await renameSubdomain(db, owner.subject, created.id, renamed)).toBe(renamed);

  // Assign: the account's own channels only; a demo channel needs demoManagement.
  const own = await publishedChannel(owner.accountId, "Own channel");
  const foreign = await publishedChannel(other.accountId, "Foreign channel");
  await expect(setSubdomainChannels(db, owner.subject, created.id, { channelIds: [foreign.id], assign: true })).rejects.toMatchObject({
    status: 404,
  });
  const demo = await publishedChannel(owner.accountId, "Demo channel", { isDemo: true });
  await expect(setSubdomainChannels(db, owner.subject, created.id, { channelIds: [demo.id], assign: true })).rejects.toBeInstanceOf(
    DemoError,
  );
  await setSubdomainChannels(db, owner.subject, created.id, { channelIds: [own.id], assign: true });
  const [listed] = await listSubdomains(db, owner.subject, CONFIG);
  expect(listed?.channels.map((channel) => channel.id)).toEqual([own.id]);
  await setSubdomainChannels(db, owner.subject, created.id, { channelIds: [own.id], assign: false });
  const [after] = await listSubdomains(db, owner.subject, CONFIG);
  expect(after?.channels).toEqual([]);
  await deleteSubdomain(db, owner.subject, created.id);
  expect(await listSubdomains(db, owner.subject, CONFIG)).toEqual([]);
});

test("the content origin serves a subdomain's channels by the Host header, and nothing else", async () => {
  const owner = await customer();
  const other = await customer();
  const name = unique("paper");
  await createSubdomain(db, owner.subject, name);
  const [subdomain] = await listSubdomains(db, owner.subject, CONFIG);
  if (!subdomain) throw new Error("no subdomain");
  const host = `${name}.${DOMAIN}`;
  // No channel yet: the friendly 'not available' page.
  expect((await get(host, "/")).status).toBe(404);

  const first = await publishedChannel(owner.accountId, "First issue");
  await setSubdomainChannels(db, owner.subject, subdomain.id, { channelIds: [first.id], assign: true });
  // Its only channel answers at the root at once (no redirect hop); the <base> names the revision.
  const root = await get(host.toUpperCase(), "/");
  expect(root.status).toBe(200);
  expect(root.body).toContain(`<base href="/c/${first.shortPath}/r1/">`);
  expect(root.body).toContain("First issue");
  const bare = await get(host, `/c/${first.shortPath}/`);
  expect(bare.status).toBe(200);
  expect(bare.body).toContain(`<base href="/c/${first.shortPath}/r1/">`);
  const page = await get(host, `/c/${first.shortPath}/r1/index.html`);
  expect(page.status).toBe(200);
  expect(page.body).toContain("First issue");

  // A channel not on this subdomain (another account's) is not served under it.
  const foreign = await publishedChannel(other.accountId, "Foreign issue");
  expect((await get(host, `/c/${foreign.shortPath}/r1/index.html`)).status).toBe(404);
  // Unknown subdomains, deeper names and other domains.
  expect((await get(`${unique("nobody")}.${DOMAIN}`, "/")).status).toBe(404);
  expect((await get(`a.${host}`, "/")).status).toBe(421);
  expect((await get(`${name}.elsewhere.test`, "/")).status).toBe(421);

  // Two channels: the root lists both.
  const second = await publishedChannel(owner.accountId, "Second issue");
  await setSubdomainChannels(db, owner.subject, subdomain.id, { channelIds: [second.id], assign: true });
  const index = await get(host, "/");
  expect(index.status).toBe(200);
  expect(index.body).toContain(`href="/c/${first.shortPath}/"`);
  expect(index.body).toContain(`href="/c/${second.shortPath}/"`);

  // A deleted subdomain's address ends at once.
  await deleteSubdomain(db, owner.subject, subdomain.id);
  expect((await get(host, "/")).status).toBe(404);
  expect((await get(host, `/c/${first.shortPath}/r1/index.html`)).status).toBe(404);
});

// Issue 30, item 9: `npm start` (production mode) on one machine sets no CHANNEL_DOMAIN; every
// browser resolves `*.localhost` to this machine, so `<name>.localhost:<content port>` serves it.
test("without CHANNEL_DOMAIN, <name>.localhost:<content port> serves the subdomain, and the studio shows that address", async () => {
  const local = createServer();
  await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", resolve));
  const localPort = (local.address() as AddressInfo).port;
  try {
    const env = parseEnv({
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(40),
      RENDER_NODE_TOKEN: "t".repeat(40),
      PUBLIC_URL: "http://localhost:3000",
      CONTENT_URL: `http://127.0.0.1:${localPort}`,
      CONTENT_PORT: String(localPort),
    });
    // As server/studio.ts and the subdomains resource read it.
    const domain = channelDomainFor({ channelDomain: env.CHANNEL_DOMAIN, contentUrl: env.CONTENT_URL, contentPort: env.CONTENT_PORT });
    local.on(
      "request",
      createContentHandler({ db, blobs, studioOrigin: env.PUBLIC_URL, contentOrigin: env.CONTENT_URL, channelDomain: domain.host }),
    );
    const owner = await customer();
    const name = unique("local");
    await createSubdomain(db, owner.subject, name);
    const channel = await publishedChannel(owner.accountId, "Local issue");
    const [subdomain] = await listSubdomains(db, owner.subject, { channelDomain: domain });
    if (!subdomain) throw new Error("no subdomain");
    await setSubdomainChannels(db, owner.subject, subdomain.id, { channelIds: [channel.id], assign: true });
    expect(subdomain.address).toBe(`http://${name}.localhost:${localPort}/`);

    const root = await get(`${name}.LocalHost:${localPort}`, "/", localPort);
    expect(root.status).toBe(200);
    expect(root.body).toContain("Local issue");
    expect(root.body).toContain(`<base href="/c/${channel.shortPath}/r1/">`);
    expect((await get(`${name}.localhost:${localPort}`, `/c/${channel.shortPath}/r1/index.html`, localPort)).status).toBe(200);
    // Its own host as before; everything else is still misdirected.
    expect((await get(`127.0.0.1:${localPort}`, "/healthz", localPort)).status).toBe(200);
    for (const host of [
      `localhost:${localPort}`,
      `a.${name}.localhost:${localPort}`,
      `${name}.localhost:${localPort + 1}`,
      `${name}.${DOMAIN}`,
    ])
      expect((await get(host, "/", localPort)).status, host).toBe(421);
  } finally {
    await new Promise<void>((resolve) => local.close(() => resolve()));
  }
});
