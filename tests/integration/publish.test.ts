import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ReaderManifest } from "@ep/publisher/src/manifest";
import { renameEpaper, setEpaperDemo } from "#app/models/epaper-actions.server";
import { buildPublication, type PublishDeps, ZIP_FILE } from "#app/publish/build-publication.server";
import { createContentHandler } from "#app/publish/content-server.server";
import { writeZip } from "#app/publish/zip-archive.server";
import { failPublishJob, runPublishJob } from "#app/publish/publish-job.server";
import { markRepublishingRequired } from "#app/publish/republishing.server";
import { splitPagesWith } from "#app/publish/split-pages.server";
import { refreshPreviewLinkHash, startPublish, ZipChargeNotConfirmed, ZipContingentExhausted } from "#app/publish/start-publish.server";
import { READER_ASSETS_DIR } from "#app/publish/reader-assets.server";
import { TEST_DATABASE_URL } from "#tests/setup/test-env";
import { addEnrichmentsOfEveryKind } from "#tests/support/enrichments";
import { permissionSubject } from "#tests/support/permission-subject";
import { type Farm, fileOf, type NodeProcess, startFarm, startRenderNode } from "#tests/support/render-farm";
import { TEST_PORTS } from "#tests/support/test-ports";

// A Redis database of its own: this file's node and queues never meet another file's.
const REDIS_URL = "redis://127.0.0.1:6379/6";
const FILE = "plumber__pdffill-demo.pdf"; // 7 pages, link annotations and an outline
const CONTENT_ORIGIN = "https://content.studio.test";

let farm: Farm;
let node: NodeProcess;
let epaperId: string;
let deps: PublishDeps & { redis: Farm["redis"]; log: (message: string) => void };
let userId: string;
const queued: { name: string; data: unknown }[] = [];
const queue = { add: async (name: string, data: unknown) => queued.push({ name, data }) } as never;

const subject = () => permissionSubject({ id: userId, accountId: farm.accountId, baseAccountId: farm.accountId });

beforeAll(async () => {
  if (!existsSync(path.join(READER_ASSETS_DIR, "reader.js"))) throw new Error(`build the reader first: npm run build -w publisher`);
  farm = await startFarm({ databaseUrl: TEST_DATABASE_URL, redisUrl: REDIS_URL });
  node = await startRenderNode({ port: TEST_PORTS.publishNode, redisUrl: REDIS_URL, capacity: 2 });
  epaperId = await farm.createEpaper(FILE, 7);
  await farm.db
    .insertInto("epaperSetting")
    .values({ id: createId(), epaperId, cookieBannerActive: true, cookieBannerText: "We use cookies" })
    .execute();
  await farm.render(epaperId);
  expect(await farm.outcome(epaperId)).toMatchObject({ state: "finished" });
  userId = createId();
  await farm.db
    .insertInto("user")
    .values({ id: userId, accountId: farm.accountId, baseAccountId: farm.accountId, email: `${userId}@example.com` })
    .execute();
  deps = {
    db: farm.db,
    blobs: farm.blobs,
    redis: farm.redis,
    readerAssetsDir: READER_ASSETS_DIR,
    splitPages: splitPagesWith(farm.deps),
    contentOrigin: CONTENT_ORIGIN,
    log: () => {},
  };
}, 120_000);

afterAll(async () => {
  await node?.kill();
  await farm?.close();
});

async function manifestOf(blobPrefix: string) {
  return JSON.parse((await farm.blobs.read(`${blobPrefix}/epaper.json`)).toString("utf8")) as ReaderManifest;
}

describe("publishing an ePaper", () => {
  test("the bundle has the visible pages, their images, words, text, enrichments, PDF links, TOC and page PDFs", async () => {
    const added = await addEnrichmentsOfEveryKind(farm.db, farm.blobs, epaperId, farm.accountId);
    await farm.db.updateTable("page").set({ isHidden: true }).where("epaperId", "=", epaperId).where("page", "=", 5).execute();
    await farm.db.updateTable("page").set({ displayName: "II" }).where("epaperId", "=", epaperId).where("page", "=", 2).execute();
    await farm.db.updateTable("page").set({ pageNumberHidden: true }).where("epaperId", "=", epaperId).where("page", "=", 1).execute();
    await farm.db.updateTable("page").set({ pdfDownload: true }).where("epaperId", "=", epaperId).where("page", "=", 3).execute();

    const built = await buildPublication(deps, { epaperId, type: "preview" });
    const manifest = await manifestOf(built.blobPrefix);
    expect(manifest.pages).toHaveLength(6);
    expect(manifest.pages.map((page) => page.label)).toEqual([null, "II", "3", "4", "6", "7"]);
    for (const page of manifest.pages) {
      for (const image of [...page.images, page.thumb])
        expect(await farm.blobs.size(`${built.blobPrefix}/${image.src}`)).toBeGreaterThan(0);
      expect((await farm.blobs.read(`${built.blobPrefix}/${page.words}`)).toString()).toMatch(
        /^window\.__epaperWords&&window\.__epaperWords\(\d+,\[/,
      );
    }
    // The single-page PDF of page 3 was cut by the render node.
    const pdf = manifest.pages[2]?.pdf;
    expect(pdf).toBe("pages/3/page.pdf");
    expect((await farm.blobs.read(`${built.blobPrefix}/${pdf}`)).subarray(0, 5).toString()).toBe("%PDF-");
    // Every kind of enrichment, with the internal link pointing at the third visible page.
    const first = manifest.pages[0]?.enrichments.filter((item) => item.source === "studio") ?? [];
    expect(first.map((item) => item.action.kind)).toEqual(["internalLink", "externalLink", "mailtoLink", "video"]);
    expect(first[0]?.action).toEqual({ kind: "internalLink", pageIndex: 2 });
    const second = manifest.pages[1]?.enrichments.filter((item) => item.source === "studio") ?? [];
    expect(second.map((item) => item.action.kind)).toEqual(["gallery", "customHtml"]);
    expect(manifest.galleries[added.galleryId]).toHaveLength(3);
    for (const image of manifest.galleries[added.galleryId] ?? [])
      expect(await farm.blobs.size(`${built.blobPrefix}/${image.src}`)).toBeGreaterThan(0);
    // The PDF's own link annotations are click areas too, and the outline became the TOC.
    expect(manifest.pages.flatMap((page) => page.enrichments).filter((item) => item.source === "pdf").length).toBeGreaterThan(0);
    expect(manifest.toc.length).toBeGreaterThan(0);
    expect(manifest.settings.cookieBanner).toEqual({ text: "We use cookies", button: null });
    // index.html: relative paths only, the first page as an image, the page text for search engines.
    const html = (await farm.blobs.read(`${built.blobPrefix}/index.html`)).toString("utf8");
    expect(html).toContain('src="pages/1/');
    expect(html).not.toMatch(/(src|href)="\//);
    const pageText =
      (await farm.db.selectFrom("page").select("text").where("epaperId", "=", epaperId).where("page", "=", 2).executeTakeFirstOrThrow())
        .text ?? "";
    const word = pageText.split(/\s+/).find((candidate) => /^[A-Za-z]{5,}$/.test(candidate));
    if (word) expect(html).toContain(word);
    // Structured (issue 47): page 1's title is a heading below the page's own h2, the nav row above it left out.
    const firstPage = html.slice(html.indexOf("<article>"), html.indexOf("</article>"));
    expect(firstPage).toContain("<h3>PDFill: PDF Drawing</h3>");
    expect(firstPage).not.toContain("Previous Page");
    // And the text view's blocks of each page, named in the manifest, as a script that works from disk.
    expect(manifest.pages[0]?.text).toBe("pages/1/text.js");
    const textScript = (await farm.blobs.read(`${built.blobPrefix}/pages/1/text.js`)).toString("utf8");
    expect(textScript).toMatch(/^window\.__epaperText&&window\.__epaperText\(0,\[/);
    expect(textScript).toContain('"kind":"heading"');
    expect(await farm.blobs.size(`${built.blobPrefix}/search.js`)).toBeGreaterThan(0);
    expect(await farm.blobs.size(`${built.blobPrefix}/assets/reader.js`)).toBeGreaterThan(0);
  }, 60_000);

  test("republishing keeps the address (hash), replaces the files, and removes the old revision", async () => {
    const first = await buildPublication(deps, { epaperId, type: "preview" });
    const second = await buildPublication(deps, { epaperId, type: "preview" });
    expect(second.hash).toBe(first.hash);
    expect(second.publicationId).toBe(first.publicationId);
    expect(second.blobPrefix).not.toBe(first.blobPrefix);
    expect(await farm.blobs.size(`${first.blobPrefix}/index.html`)).toBeNull();
    const rows = await farm.db
      .selectFrom("publication")
      .select("id")
      .where("epaperId", "=", epaperId)
      .where("type", "=", "preview")
      .execute();
    expect(rows).toHaveLength(1);
  }, 60_000);

  test("the zip holds the same bundle and works unpacked", async () => {
    const built = await buildPublication(deps, { epaperId, type: "zip" });
    const folder = await mkdtemp(path.join(os.tmpdir(), "epaper-zip-"));
    try {
      execFileSync("unzip", ["-q", fileOf(farm, `${built.blobPrefix}/${ZIP_FILE}`), "-d", folder]);
      const manifest = JSON.parse(await readFile(path.join(folder, "epaper.json"), "utf8")) as ReaderManifest;
      expect(manifest.pages).toHaveLength(6);
      for (const page of manifest.pages) expect(existsSync(path.join(folder, page.images[0]?.src ?? "missing"))).toBe(true);
      expect(existsSync(path.join(folder, "index.html"))).toBe(true);
      expect(existsSync(path.join(folder, "assets", "reader.js"))).toBe(true);
      // Self-hosted, it sends no statistics unless its settings say where (ADR 0053 'Zip packages').
      expect(manifest.stats).toBeUndefined();
      expect(manifest.statsEndpoint).toBeUndefined();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);

  test("a zip's manifest names the statistics endpoint its settings choose: this studio's content origin, or mine", async () => {
    const zipManifest = async () => {
      const built = await buildPublication(deps, { epaperId, type: "zip" });
      const json = execFileSync("unzip", ["-p", fileOf(farm, `${built.blobPrefix}/${ZIP_FILE}`), "epaper.json"]).toString("utf8");
      return JSON.parse(json) as ReaderManifest;
    };
    const setting = (values: {
      zipStatisticsActive: boolean;
      zipStatisticsTarget?: "studio" | "endpoint";
      zipStatisticsEndpoint?: string;
    }) => farm.db.updateTable("epaperSetting").set(values).where("epaperId", "=", epaperId).execute();
    try {
      await setting({ zipStatisticsActive: true, zipStatisticsTarget: "studio" });
      expect((await zipManifest()).statsEndpoint).toBe(`${CONTENT_ORIGIN}/zip/${epaperId}/_stats`);
      // The preview is served by the studio: its own relative endpoint, whatever the zip's choice.
      expect((await manifestOf((await buildPublication(deps, { epaperId, type: "preview" })).blobPrefix)).statsEndpoint).toBe("../_stats");
      await setting({
        zipStatisticsActive: true,
        zipStatisticsTarget: "endpoint",
        zipStatisticsEndpoint: "https://stats.customer.example/c",
      });
      expect((await zipManifest()).statsEndpoint).toBe("https://stats.customer.example/c");
    } finally {
      await setting({ zipStatisticsActive: false });
    }
  }, 90_000);
});

describe("the zip contingent (studio-core.md §4)", () => {
  const setContingent = (zipContingent: number) =>
    farm.db.updateTable("account").set({ zipContingent }).where("id", "=", farm.accountId).execute();
  const history = () =>
    farm.db
      .selectFrom("licenceHistory")
      .select(["action", "quantity"])
      .where("accountId", "=", farm.accountId)
      .orderBy("createdAt")
      .execute();
  const release = () =>
    farm.db.updateTable("epaper").set({ processRunning: false, processType: null }).where("id", "=", epaperId).execute();

  test("a unit is taken only after confirmation, with a licence history entry; the post-processing time makes republishing free", async () => {
    await farm.db.deleteFrom("publication").where("epaperId", "=", epaperId).where("type", "=", "zip").execute();
    await setContingent(2);
    await expect(startPublish({ ...deps, queue }, subject(), { epaperId, type: "zip" })).rejects.toBeInstanceOf(ZipChargeNotConfirmed);
    const job = await startPublish({ ...deps, queue }, subject(), { epaperId, type: "zip", confirmCharge: true });
    expect(job.charged).toBe(true);
    expect(
      (await farm.db.selectFrom("account").select("zipContingent").where("id", "=", farm.accountId).executeTakeFirstOrThrow())
        .zipContingent,
    ).toBe(1);
    expect(await history()).toEqual([{ action: "licence_decrement", quantity: 1 }]);
    const result = await runPublishJob(deps, job);
    expect(result.published).toBe(true);
    const zip = await farm.db
      .selectFrom("publication")
      .selectAll()
      .where("epaperId", "=", epaperId)
      .where("type", "=", "zip")
      .executeTakeFirstOrThrow();
    expect(zip.postProcessingUntil?.getTime()).toBeGreaterThan(Date.now() + 39 * 24 * 3600_000);
    const epaper = await farm.db.selectFrom("epaper").selectAll().where("id", "=", epaperId).executeTakeFirstOrThrow();
    expect(epaper).toMatchObject({ processRunning: false, republishingRequiredZip: false, publishingFailed: false });

    // Within the post-processing time: free, nothing counted, no confirmation needed.
    const again = await startPublish({ ...deps, queue }, subject(), { epaperId, type: "zip" });
    expect(again.charged).toBe(false);
    await release();
    expect(await history()).toHaveLength(1);
  }, 60_000);

  test("at 0 the user is offered to order; unlimited (-1) never counts; a failed charged job gives the unit back", async () => {
    await farm.db
      .updateTable("publication")
      .set({ postProcessingUntil: new Date(Date.now() - 1000) })
      .where("epaperId", "=", epaperId)
      .execute();
    await setContingent(0);
    await expect(startPublish({ ...deps, queue }, subject(), { epaperId, type: "zip", confirmCharge: true })).rejects.toBeInstanceOf(
      ZipContingentExhausted,
    );
    await setContingent(-1);
    const unlimited = await startPublish({ ...deps, queue }, subject(), { epaperId, type: "zip" });
    expect(unlimited.charged).toBe(false);
    await release();

    await setContingent(1);
    const charged = await startPublish({ ...deps, queue }, subject(), { epaperId, type: "zip", confirmCharge: true });
    await failPublishJob(deps, charged, "failed");
    const account = await farm.db.selectFrom("account").select("zipContingent").where("id", "=", farm.accountId).executeTakeFirstOrThrow();
    expect(account.zipContingent).toBe(1);
    expect((await history()).map((row) => row.action).slice(-2)).toEqual(["licence_decrement", "licence_increment"]);
    const epaper = await farm.db.selectFrom("epaper").selectAll().where("id", "=", epaperId).executeTakeFirstOrThrow();
    expect(epaper).toMatchObject({ processRunning: false, publishingFailed: true });
  }, 60_000);

  test("another account's ePaper is not found; a running process refuses a second publish", async () => {
    await expect(
      startPublish({ ...deps, queue }, { ...subject(), accountId: createId() }, { epaperId, type: "preview" }),
    ).rejects.toMatchObject({
      name: "EpaperNotFound",
    });
    await startPublish({ ...deps, queue }, subject(), { epaperId, type: "preview" });
    await expect(startPublish({ ...deps, queue }, subject(), { epaperId, type: "preview" })).rejects.toMatchObject({
      name: "EpaperInProcess",
    });
    await release();
  });
});

describe("the preview link (ADR 0038)", () => {
  const linkRow = () =>
    farm.db
      .selectFrom("publication")
      .select(["hash", "passwordHash", "expiredAt", "publishedAt"])
      .where("epaperId", "=", epaperId)
      .where("type", "=", "previewlink")
      .executeTakeFirstOrThrow();
  test("a password shown once and stored hashed, kept on republish, renewed on request; the account's expiry; a new address", async () => {
    await farm.db.updateTable("account").set({ previewLinkExpiryTimeInHours: 48 }).where("id", "=", farm.accountId).execute();
    await expect(
      startPublish({ ...deps, queue }, { ...subject(), isTemporary: true }, { epaperId, type: "previewlink" }),
    ).rejects.toMatchObject({ status: 403 });
    const first = await startPublish({ ...deps, queue }, subject(), { epaperId, type: "previewlink" });
    expect(first.password).toMatch(/^[A-Za-z2-9]{16}$/);
    const stored = await linkRow();
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    const mailed: { hash: string; expiresAt: Date }[] = [];
    const linkDeps = { ...deps, onPreviewLinkReady: async (_job: unknown, link: { hash: string; expiresAt: Date }) => mailed.push(link) };
    expect((await runPublishJob(linkDeps, first)).published).toBe(true);
    const published = await linkRow();
    expect(published.expiredAt?.getTime()).toBeCloseTo(Date.now() + 48 * 3600_000, -5);
    expect(mailed).toEqual([{ hash: stored.hash, expiresAt: published.expiredAt }]);
    const again = await startPublish({ ...deps, queue }, subject(), { epaperId, type: "previewlink" });
    expect(again.password).toBeNull();
    expect((await runPublishJob(linkDeps, again)).published).toBe(true);
    expect((await linkRow()).passwordHash).toBe(stored.passwordHash);
    const renewed = await startPublish({ ...deps, queue }, subject(), { epaperId, type: "previewlink", newPassword: true });
    expect(renewed.password).not.toBe(first.password);
    expect((await linkRow()).passwordHash).not.toBe(stored.passwordHash);
    expect((await runPublishJob(linkDeps, renewed)).published).toBe(true);
    await expect(refreshPreviewLinkHash({ db: farm.db }, { ...subject(), accountId: createId() }, epaperId)).rejects.toMatchObject({
      status: 404,
    });
    const hash = await refreshPreviewLinkHash({ db: farm.db }, subject(), epaperId);
    expect(hash).not.toBe(stored.hash);
    expect((await linkRow()).hash).toBe(hash);
  });
});

describe("publish jobs survive retries, lost jobs and missing files", () => {
  const contingent = async () =>
    (await farm.db.selectFrom("account").select("zipContingent").where("id", "=", farm.accountId).executeTakeFirstOrThrow()).zipContingent;

  test("a retry after a finished publish neither publishes again nor gives the unit back", async () => {
    await farm.db.updateTable("publication").set({ postProcessingUntil: null }).where("epaperId", "=", epaperId).execute();
    await farm.db.updateTable("account").set({ zipContingent: 3 }).where("id", "=", farm.accountId).execute();
    const job = await startPublish({ ...deps, queue }, subject(), { epaperId, type: "zip", confirmCharge: true });
    expect(await contingent()).toBe(2);
    expect((await runPublishJob(deps, job)).published).toBe(true);
    // The same job again (BullMQ retried it after a lost notification), then its failure handler.
    expect((await runPublishJob(deps, job)).published).toBe(false);
    expect(await failPublishJob(deps, job, "failed")).toBe(false);
    expect(await contingent()).toBe(2);
    const epaper = await farm.db.selectFrom("epaper").selectAll().where("id", "=", epaperId).executeTakeFirstOrThrow();
    expect(epaper).toMatchObject({ processRunning: false, publishingFailed: false });
  }, 60_000);

  test("a publishing process that lost its job long ago no longer blocks the ePaper", async () => {
    await farm.db
      .updateTable("epaper")
      .set({ processRunning: true, processType: "publishing_preview", processStartedAt: new Date(Date.now() - 20 * 60_000) })
      .where("id", "=", epaperId)
      .execute();
    const job = await startPublish({ ...deps, queue }, subject(), { epaperId, type: "preview" });
    expect((await runPublishJob(deps, job)).published).toBe(true);
  }, 60_000);

  test("a change made while the bundle was built keeps 'publish again'", async () => {
    const job = await startPublish({ ...deps, queue }, subject(), { epaperId, type: "preview" });
    // As if a rename landed after the snapshot was taken (its time lies after the job's start).
    await farm.db
      .updateTable("epaper")
      .set({ republishChangesAt: new Date(Date.now() + 60_000) })
      .where("id", "=", epaperId)
      .execute();
    expect((await runPublishJob(deps, job)).published).toBe(true);
    const epaper = await farm.db
      .selectFrom("epaper")
      .select("republishingRequiredPreview")
      .where("id", "=", epaperId)
      .executeTakeFirstOrThrow();
    expect(epaper.republishingRequiredPreview).toBe(true);
    await farm.db
      .updateTable("epaper")
      .set({ republishChangesAt: null, republishingRequiredPreview: false })
      .where("id", "=", epaperId)
      .execute();
  }, 60_000);

  test("a zip whose stored file is gone fails that zip, leaves no archive, and the process goes on", async () => {
    const key = `publications/test-${createId()}/r/${ZIP_FILE}`;
    await expect(
      writeZip(farm.blobs, key, [
        { path: "index.html", data: Buffer.from("<!doctype html>") },
        { path: "pages/1/w800.webp", blobKey: "epapers/missing/pages/r1/1/w800.webp" },
      ]),
    ).rejects.toThrow();
    expect(await farm.blobs.size(key)).toBeNull();
  });
});

describe("republishing required", () => {
  test("a change marks the forms that exist and records when", async () => {
    await farm.db
      .updateTable("epaper")
      .set({ republishingRequiredPreview: false, republishingRequiredZip: false })
      .where("id", "=", epaperId)
      .execute();
    await markRepublishingRequired(farm, epaperId);
    const epaper = await farm.db.selectFrom("epaper").selectAll().where("id", "=", epaperId).executeTakeFirstOrThrow();
    expect(epaper).toMatchObject({ republishingRequiredPreview: true, republishingRequiredZip: true, republishingRequiredChannel: false });
    expect(epaper.republishChangesAt).not.toBeNull();
    // Every browser of the account hears of it.
    await expect
      .poll(() => farm.events.some((event) => event.type === "republishingChangesDetected" && event.epaperId === epaperId))
      .toBe(true);
  });

  test("renaming a published ePaper marks it; renaming to the same name does not", async () => {
    const reset = () =>
      farm.db
        .updateTable("epaper")
        .set({ republishingRequiredPreview: false, republishChangesAt: null })
        .where("id", "=", epaperId)
        .execute();
    const flags = () =>
      farm.db.selectFrom("epaper").select(["republishingRequiredPreview", "name"]).where("id", "=", epaperId).executeTakeFirstOrThrow();
    await reset();
    const cardDeps = { db: farm.db, redis: farm.redis, queue, pagesQueue: queue, blobs: farm.blobs };
    await renameEpaper(cardDeps, subject(), epaperId, "Renamed after publishing");
    expect(await flags()).toEqual({ republishingRequiredPreview: true, name: "Renamed after publishing" });
    await reset();
    await renameEpaper(cardDeps, subject(), epaperId, "Renamed after publishing");
    expect((await flags()).republishingRequiredPreview).toBe(false);
  });

  test("marking as demo needs a current preview (studio-core.md §4 Demo)", async () => {
    const cardDeps = { db: farm.db, redis: farm.redis, queue, pagesQueue: queue, blobs: farm.blobs };
    const demoManager = { ...subject(), accountIsDemoAccount: true };
    const outdated = (value: boolean) =>
      farm.db.updateTable("epaper").set({ republishingRequiredPreview: value }).where("id", "=", epaperId).execute();
    await outdated(true);
    await expect(setEpaperDemo(cardDeps, demoManager, epaperId, true)).rejects.toMatchObject({
      messageKey: "epaper.errors.demoNeedsPreview",
    });
    await outdated(false);
    await setEpaperDemo(cardDeps, demoManager, epaperId, true);
    expect((await farm.db.selectFrom("epaper").select("isDemo").where("id", "=", epaperId).executeTakeFirstOrThrow()).isDemo).toBe(true);
    await setEpaperDemo(cardDeps, demoManager, epaperId, false);
  });
});

describe("the content origin", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    server.on("request", createContentHandler({ db: farm.db, blobs: farm.blobs, studioOrigin: "http://studio.test", contentOrigin: base }));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("serves a preview by its hash from its current revision, framable only by the studio", async () => {
    const built = await buildPublication(deps, { epaperId, type: "preview" });
    // The bare address answers at once (no redirect hop), its files named by a <base> element.
    const entry = await fetch(`${base}/preview/${built.hash}/`, { redirect: "manual" });
    expect(entry.status).toBe(200);
    const revision = `/preview/${built.hash}/${built.blobPrefix.split("/").at(-1)}/`;
    expect(await entry.text()).toContain(`<head><base href="${revision}">`);
    const location = `${revision}index.html`;
    const page = await fetch(`${base}${location}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toBe("frame-ancestors 'self' http://studio.test");
    // fetch asks for gzip: the page text travels compressed and arrives whole.
    expect(page.headers.get("content-encoding")).toBe("gzip");
    expect(await page.text()).toContain('id="epaper-manifest"');
    const image = await fetch(`${base}${location.replace("index.html", "pages/1/w800.webp")}`);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cache-control")).toContain("immutable");
  }, 60_000);

  test("the bare address is a variant of the stored index: its own tag, 304 with and without gzip, an absolute og:image", async () => {
    const built = await buildPublication(deps, { epaperId, type: "preview" });
    const revision = `/preview/${built.hash}/${built.blobPrefix.split("/").at(-1)}/`;
    await farm.blobs.put(
      `${built.blobPrefix}/index.html`,
      Buffer.from('<!doctype html>\n<html><head>\n<meta property="og:image" content="media/og.webp">\n</head><body>x</body></html>'),
    );
    const plain = { "Accept-Encoding": "identity" };
    const bare = await fetch(`${base}/preview/${built.hash}/`, { headers: plain });
    expect(await bare.text()).toContain(
      `<head><base href="${revision}">\n<meta property="og:image" content="${base}${revision}media/og.webp">`,
    );
    expect(bare.headers.get("last-modified")).toBeNull();
    const stored = await fetch(`${base}${revision}index.html`, { headers: plain });
    expect(await stored.text()).toContain('content="media/og.webp"');
    const tag = bare.headers.get("etag") as string;
    expect(tag).not.toBe(stored.headers.get("etag"));
    expect((await fetch(`${base}/preview/${built.hash}/`, { headers: { ...plain, "If-None-Match": tag } })).status).toBe(304);
    // The revision's own index: its tag and date from the store; a gzip answer's tag is its own, and revalidates.
    expect(
      (await fetch(`${base}/preview/${built.hash}/`, { headers: { ...plain, "If-None-Match": stored.headers.get("etag") as string } }))
        .status,
    ).toBe(200);
    const zipped = await fetch(`${base}${revision}index.html`, { headers: { "Accept-Encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    const again = await fetch(`${base}${revision}index.html`, {
      headers: { "Accept-Encoding": "gzip", "If-None-Match": zipped.headers.get("etag") as string },
    });
    expect(again.status).toBe(304);
  }, 60_000);

  test("unknown hashes, other forms, paths out of the bundle and writes are refused", async () => {
    const preview = await farm.db
      .selectFrom("publication")
      .select(["hash", "blobPrefix"])
      .where("epaperId", "=", epaperId)
      .where("type", "=", "preview")
      .executeTakeFirstOrThrow();
    const zip = await farm.db
      .selectFrom("publication")
      .select("hash")
      .where("epaperId", "=", epaperId)
      .where("type", "=", "zip")
      .executeTakeFirstOrThrow();
    const revision = preview.blobPrefix?.split("/").at(-1);
    expect((await fetch(`${base}/preview/${"x".repeat(40)}/`)).status).toBe(404);
    expect((await fetch(`${base}/preview/${zip.hash}/`)).status).toBe(404);
    expect((await fetch(`${base}/preview/${preview.hash}/${revision}/..%2F..%2F..%2Fsecret`)).status).toBe(404);
    expect((await fetch(`${base}/preview/${preview.hash}/${revision}/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/preview/${preview.hash}/${revision}/index.html`, { method: "POST" })).status).toBe(405);
  });
});
