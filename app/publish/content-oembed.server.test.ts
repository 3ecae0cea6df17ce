import { createId } from "@paralleldrive/cuid2";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { BlobStore } from "#app/blob/blob-store.server";
import { channelEmbedCode } from "#app/rules/channel-embed";
import { db } from "#app/utils/db.server";
import { type ContentAnswer, startContentServer, type TestContentServer } from "#tests/support/content-server";

// Issue 32 item 5 (ADR 0057): the content origin's oEmbed endpoint and the discovery link in a
// channel's reader page, by real HTTP against the real handler on MariaDB, with chosen Host
// headers: every address form of a channel, the size limits, and 404 for whatever the address
// itself would not show as a reader.

const DOMAIN = "channels.test:8443";
const STUDIO = "http://studio.test";

let server: TestContentServer;
let port: number;
let content: string;
let blobs: BlobStore;
let accountId: string;

beforeAll(async () => {
  server = await startContentServer(db, { studioOrigin: STUDIO, channelDomain: DOMAIN, channelProtocol: "https:" });
  ({ port, origin: content, blobs, accountId } = server);
});

afterAll(async () => {
  await server.close();
  await db.destroy();
});

const INDEX = "<!doctype html>\n<html><head>\n<title>Spring</title>\n</head><body>Spring</body></html>";

/** A new ePaper of the test account. */
async function epaperOf(name = "Spring") {
  const id = createId();
  await db.insertInto("epaper").values({ id, accountId, name, languageCode: "en", isRendered: true, pageCount: 3 }).execute();
  return id;
}

/** A published channel (revision r1) showing a new ePaper, optionally on a subdomain. */
async function channelOf(
  options: { subdomainId?: string | null; contentName?: string | null; name?: string; firstPage?: { width: number; height: number } } = {},
) {
  const epaperId = await epaperOf();
  if (options.firstPage)
    await db
      .insertInto("page")
      .values({ id: createId(), epaperId, page: 1, sourcePage: 1, ...options.firstPage })
      .execute();
  const id = createId();
  const shortPath = createId().slice(0, 10);
  const blobPrefix = `channels/${id}/r1`;
  await blobs.put(`${blobPrefix}/index.html`, Buffer.from(INDEX));
  await db
    .insertInto("channel")
    .values({
      id,
      accountId,
      epaperId,
      name: options.name ?? "Weekly",
      contentName: options.contentName === undefined ? "Spring issue" : options.contentName,
      shortPath,
      blobPrefix,
      subdomainId: options.subdomainId ?? null,
    })
    .execute();
  return { id, epaperId, shortPath, address: `${content}/c/${shortPath}/` };
}

async function subdomainOf() {
  const id = createId();
  const name = `oembed-${createId().slice(0, 8)}`;
  await db.insertInto("subdomain").values({ id, accountId, name }).execute();
  return { id, name, host: `${name}.${DOMAIN}` };
}

const get = (pathname: string, options: { host?: string; method?: string } = {}) =>
  server.request(options.method ?? "GET", pathname, { host: options.host });

/** GET /oembed for a channel address, with further parameters. */
const oembed = (url: string, params: Record<string, string> = {}, options: { method?: string } = {}) =>
  get(`/oembed?${new URLSearchParams({ url, ...params })}`, options);

const json = (answer: ContentAnswer) => JSON.parse(answer.body) as Record<string, unknown>;

/** The page at an address as a browser would ask for it (its Host header from the address). */
const page = (address: string) => {
  const url = new URL(address);
  return get(url.pathname, { host: url.host });
};

test("a channel's address on the content origin: a rich embed of its frame, readable by any page, cached a few minutes", async () => {
  // A4 pages: the frame takes their shape, a spread with the reader's bars (issue 46).
  const channel = await channelOf({ firstPage: { width: 595, height: 842 } });
  const answer = await oembed(channel.address, { format: "json" });
  expect(answer.status).toBe(200);
  expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(answer.headers["access-control-allow-origin"]).toBe("*");
  expect(answer.headers["cache-control"]).toBe("public, max-age=300");
  expect(answer.headers["set-cookie"]).toBeUndefined();
  expect(json(answer)).toEqual({
    type: "rich",
    version: "1.0",
    title: "Spring issue",
    provider_name: "ePaper Studio",
    provider_url: `${STUDIO}/`,
    cache_age: 300,
    html: channelEmbedCode({ address: channel.address, title: "Spring issue", width: 800, height: 678 }),
    width: 800,
    height: 678,
  });
  expect(json(answer).html).toContain(`src="${channel.address}"`);
  // format is optional (json); a query or a page's fragment of the address changes nothing, the frame shows the channel.
  expect((await oembed(`${channel.address}?utm_source=news#/page/2`)).body).toBe(answer.body);
  // Without its trailing slash (issue 45): the same embed of the canonical address; the address itself redirects there for good.
  expect((await oembed(channel.address.slice(0, -1))).body).toBe(answer.body);
  const bare = await get(`${new URL(channel.address).pathname.slice(0, -1)}?utm_source=news`, { host: new URL(channel.address).host });
  expect({ status: bare.status, location: bare.headers.location }).toEqual({
    status: 301,
    location: `${new URL(channel.address).pathname}?utm_source=news`,
  });
  // HEAD: the same answer without its body.
  const head = await oembed(channel.address, {}, { method: "HEAD" });
  expect(head.status).toBe(200);
  expect(head.body).toBe("");
  // Without the ePaper's name of the last publish, the channel's own name.
  const unnamed = await channelOf({ contentName: null, name: "Daily" });
  expect(json(await oembed(unnamed.address))).toMatchObject({ title: "Daily" });
  // Only GET and HEAD.
  expect((await get(`/oembed?url=${encodeURIComponent(channel.address)}`, { method: "POST" })).status).toBe(405);
});

test("maxwidth and maxheight scale the frame down to fit both, with its proportions, never up", async () => {
  const { address } = await channelOf();
  const size = async (params: Record<string, string>) => {
    const body = json(await oembed(address, params));
    expect(body.html).toContain(`width="${body.width}" height="${body.height}"`);
    expect(body.html).toContain(`max-width:${body.width}px`);
    return [body.width, body.height];
  };
  expect(await size({ maxwidth: "400" })).toEqual([400, 300]);
  expect(await size({ maxheight: "300" })).toEqual([400, 300]);
  expect(await size({ maxwidth: "500", maxheight: "200" })).toEqual([266, 200]);
  expect(await size({ maxwidth: "1920", maxheight: "1080" })).toEqual([800, 600]);
  // WordPress' usual question (the content width, 1.5 times as high).
  expect(await size({ maxwidth: "640", maxheight: "960" })).toEqual([640, 480]);
  // What is not a positive whole number of pixels is as if not asked.
  for (const value of ["0", "-5", "abc", "12.5", ""]) expect(await size({ maxwidth: value, maxheight: value })).toEqual([800, 600]);
});

test("a subdomain's addresses: its only channel at its root, its channels under /c/, nothing else", async () => {
  const subdomain = await subdomainOf();
  const first = await channelOf({ subdomainId: subdomain.id });
  const root = `https://${subdomain.host}/`;
  const rootAnswer = await oembed(root);
  expect(rootAnswer.status).toBe(200);
  // The frame shows the subdomain's root (it follows the subdomain to whatever channel it holds).
  expect(json(rootAnswer).html).toBe(channelEmbedCode({ address: root, title: "Spring issue", width: 800, height: 600 }));
  // Host names ignore case; the subdomain's protocol is the one its addresses have.
  expect(json(await oembed(`http://${subdomain.host.toUpperCase()}/`)).html).toContain(`src="${root}"`);
  const under = `https://${subdomain.host}/c/${first.shortPath}/`;
  expect(json(await oembed(under)).html).toContain(`src="${under}"`);
  expect(json(await oembed(under.slice(0, -1))).html).toContain(`src="${under}"`);

  // Two channels: the root lists them, it is no channel; each is still at /c/ there.
  const second = await channelOf({ subdomainId: subdomain.id });
  expect((await oembed(root)).status).toBe(404);
  expect((await oembed(`https://${subdomain.host}/c/${second.shortPath}/`)).status).toBe(200);
  // A channel not on this subdomain, an unknown subdomain, a deeper name: not ours.
  const elsewhere = await channelOf();
  expect((await oembed(`https://${subdomain.host}/c/${elsewhere.shortPath}/`)).status).toBe(404);
  expect((await oembed(`https://oembed-nobody-${createId().slice(0, 6)}.${DOMAIN}/`)).status).toBe(404);
  expect((await oembed(`https://a.${subdomain.host}/c/${first.shortPath}/`)).status).toBe(404);
  // The endpoint lives on the content origin's own host only.
  expect((await get(`/oembed?url=${encodeURIComponent(root)}`, { host: subdomain.host })).status).toBe(404);
});

test("404 for every address that would not show a reader, and for what is no channel address of ours", async () => {
  const expectNotFound = async (address: string) => {
    const answer = await oembed(address);
    expect(answer.status, address).toBe(404);
    expect(answer.headers["access-control-allow-origin"]).toBe("*");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(json(answer).error).toBeTruthy();
  };
  /** A channel in some state: oEmbed says 404 exactly where the address itself shows no reader. */
  const expectShowsNothing = async (address: string) => {
    expect((await page(address)).status, address).not.toBe(200);
    await expectNotFound(address);
  };
  await expectShowsNothing(`${content}/c/${createId().slice(0, 10)}/`);
  await expectShowsNothing(`${content}/c/NOT-A-PATH/`);

  const renewed = await channelOf();
  await db
    .updateTable("channel")
    .set({ shortPath: createId().slice(0, 10) })
    .where("id", "=", renewed.id)
    .execute();
  await expectShowsNothing(renewed.address);
  const cleared = await channelOf();
  await db.updateTable("channel").set({ blobPrefix: null, epaperId: null }).where("id", "=", cleared.id).execute();
  await expectShowsNothing(cleared.address);
  const disabled = await channelOf();
  await db.updateTable("channel").set({ disabled: true }).where("id", "=", disabled.id).execute();
  await expectShowsNothing(disabled.address);
  const unavailable = await channelOf();
  await db.updateTable("channel").set({ available: false }).where("id", "=", unavailable.id).execute();
  await expectShowsNothing(unavailable.address);
  const epaperGone = await channelOf();
  await db.updateTable("epaper").set({ deletedAt: new Date() }).where("id", "=", epaperGone.epaperId).execute();
  await expectShowsNothing(epaperGone.address);
  const removed = await channelOf();
  await db.updateTable("channel").set({ deletedAt: new Date() }).where("id", "=", removed.id).execute();
  await expectShowsNothing(removed.address);

  // A live channel, but not at its address: a file of its revision, other hosts and schemes.
  const live = await channelOf();
  for (const address of [
    `${live.address}r1/index.html`,
    `${STUDIO}/c/${live.shortPath}/`,
    `https://elsewhere.example/c/${live.shortPath}/`,
    `http://127.0.0.1:${port + 1}/c/${live.shortPath}/`,
    `ftp://127.0.0.1:${port}/c/${live.shortPath}/`,
    `http://user:secret@127.0.0.1:${port}/c/${live.shortPath}/`,
    `/c/${live.shortPath}/`,
    "javascript:alert(1)",
    "not an address",
  ])
    await expectNotFound(address);
  // A preview is no channel: never embedded through oEmbed (only the studio frames it).
  const hash = createId() + createId();
  await blobs.put(`publications/${hash}/r1/index.html`, Buffer.from(INDEX));
  await db
    .insertInto("publication")
    .values({
      id: createId(),
      epaperId: live.epaperId,
      type: "preview",
      hash,
      blobPrefix: `publications/${hash}/r1`,
      publishedAt: new Date(),
    })
    .execute();
  expect((await page(`${content}/preview/${hash}/`)).status).toBe(200);
  await expectNotFound(`${content}/preview/${hash}/`);
});

test("format=xml is 501 and a missing url 400 (oEmbed's answers)", async () => {
  const { address } = await channelOf();
  for (const format of ["xml", "XML", "yaml"]) {
    const answer = await oembed(address, { format });
    expect(answer.status, format).toBe(501);
    expect(answer.headers["access-control-allow-origin"]).toBe("*");
  }
  expect((await get("/oembed")).status).toBe(400);
  expect((await get("/oembed?url=&format=json")).status).toBe(400);
});

/** The discovery link of a page's HTML: its oEmbed address (entities decoded) and title. */
function discoveryOf(html: string): { href: string; title: string } | null {
  const match = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)" title="([^"]*)">/.exec(html);
  return match?.[1] && match[2] !== undefined ? { href: match[1].replaceAll("&amp;", "&"), title: match[2] } : null;
}

test("a channel's reader page names its oEmbed description for the address it was asked under, and any site may frame it", async () => {
  const subdomain = await subdomainOf();
  const channel = await channelOf({ subdomainId: subdomain.id });
  const reader = await page(channel.address);
  expect(reader.status).toBe(200);
  // Right after the <base>, in the head, before anything of the customer's.
  expect(reader.body).toMatch(
    new RegExp(`<head><base href="/c/${channel.shortPath}/r1/"><link rel="alternate" type="application/json\\+oembed" `),
  );
  const link = discoveryOf(reader.body);
  expect(link).toEqual({
    href: `${content}/oembed?${new URLSearchParams({ url: channel.address, format: "json" })}`,
    title: "Spring issue",
  });
  // Following it, as a CMS does: the description of this very address.
  const described = await get(new URL(link?.href as string).pathname + new URL(link?.href as string).search);
  expect(json(described)).toMatchObject({ type: "rich", title: "Spring issue" });
  expect(json(described).html).toContain(`src="${channel.address}"`);

  // Public and made to be embedded: any site frames it, also in a sandboxed frame of no origin.
  expect(reader.headers["content-security-policy"]).toBe("frame-ancestors *");
  expect(reader.headers["cross-origin-resource-policy"]).toBe("cross-origin");
  const file = await get(`/c/${channel.shortPath}/r1/index.html`);
  expect(file.headers["content-security-policy"]).toBe("frame-ancestors *");
  expect(file.headers["cross-origin-resource-policy"]).toBe("cross-origin");
  // A revision's stored file is served as stored (its address is no channel address).
  expect(discoveryOf(file.body)).toBeNull();

  // On the subdomain: its root and its /c/ address each name themselves.
  const root = await get("/", { host: subdomain.host });
  expect(discoveryOf(root.body)?.href).toBe(
    `${content}/oembed?${new URLSearchParams({ url: `https://${subdomain.host}/`, format: "json" })}`,
  );
  const under = await get(`/c/${channel.shortPath}/`, { host: subdomain.host });
  expect(discoveryOf(under.body)?.href).toBe(
    `${content}/oembed?${new URLSearchParams({ url: `https://${subdomain.host}/c/${channel.shortPath}/`, format: "json" })}`,
  );

  // The link is part of the page's variant: a new name is a new tag, never a stale 304.
  const tag = reader.headers.etag;
  await db.updateTable("channel").set({ contentName: "Summer <issue>" }).where("id", "=", channel.id).execute();
  const renamed = await page(channel.address);
  expect(renamed.headers.etag).not.toBe(tag);
  expect(discoveryOf(renamed.body)?.title).toBe("Summer &lt;issue&gt;");
});

test("a preview stays framed by the studio only, same-origin, without a discovery link", async () => {
  const epaperId = await epaperOf();
  const hash = createId() + createId();
  await blobs.put(`publications/${hash}/r1/index.html`, Buffer.from(INDEX));
  await db
    .insertInto("publication")
    .values({ id: createId(), epaperId, type: "preview", hash, blobPrefix: `publications/${hash}/r1`, publishedAt: new Date() })
    .execute();
  const preview = await get(`/preview/${hash}/`);
  expect(preview.status).toBe(200);
  expect(preview.headers["content-security-policy"]).toBe(`frame-ancestors 'self' ${STUDIO}`);
  expect(preview.headers["cross-origin-resource-policy"]).toBe("same-origin");
  expect(discoveryOf(preview.body)).toBeNull();
});
