import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync } from "node:fs";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  cancelChannelPublishing,
  changeChannel,
  channelChoices,
  listChannels,
  renameChannel,
  setChannelDemo,
} from "#app/models/channels.server";
import { createContentHandler } from "#app/publish/content-server.server";
import { failPublishJob, runPublishJob } from "#app/publish/publish-job.server";
import { READER_ASSETS_DIR } from "#app/publish/reader-assets.server";
import { startPublish } from "#app/publish/start-publish.server";
import { TEST_DATABASE_URL } from "#tests/setup/test-env";
import { permissionSubject } from "#tests/support/permission-subject";
import { type Farm, type NodeProcess, startFarm, startRenderNode } from "#tests/support/render-farm";
import { TEST_PORTS } from "#tests/support/test-ports";

// Channels (issue 13; ADR 0039) against the real stack: an ePaper rendered by a real node is
// published to a channel, served at its permanent address on the content origin, republished,
// renewed, disabled and cleared; cancel, failure, the account scope and the demo rule.

const REDIS_URL = "redis://127.0.0.1:6379/2";
let farm: Farm;
let node: NodeProcess;
let epaperId: string;
let userId: string;
let server: Server;
let base: string;
const queue = { add: async () => undefined } as never;
const subject = () => permissionSubject({ id: userId, accountId: farm.accountId, baseAccountId: farm.accountId, permissions: ["2"] });
const deps = () => ({ db: farm.db, blobs: farm.blobs, redis: farm.redis, readerAssetsDir: READER_ASSETS_DIR, log: () => {} });

async function insertChannel(accountId: string, values: { disabled?: boolean; isDemo?: boolean } = {}) {
  const id = createId();
  const shortPath = createId()
    .slice(0, 10)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "a")
    .padEnd(10, "a");
  await farm.db
    .insertInto("channel")
    .values({ id, accountId, name: `Channel ${id.slice(0, 6)}`, shortPath, ...values })
    .execute();
  return { id, shortPath };
}

const get = (address: string) => fetch(`${base}${address}`, { redirect: "manual" });
const channelRow = (id: string) => farm.db.selectFrom("channel").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

beforeAll(async () => {
  if (!existsSync(path.join(READER_ASSETS_DIR, "reader.js"))) throw new Error("build the reader first: npm run build -w publisher");
  farm = await startFarm({ databaseUrl: TEST_DATABASE_URL, redisUrl: REDIS_URL });
  node = await startRenderNode({ port: TEST_PORTS.channelNode, redisUrl: REDIS_URL, capacity: 2 });
  epaperId = await farm.createEpaper("pypdf__habibi.pdf", 1);
  await farm.render(epaperId);
  expect(await farm.outcome(epaperId)).toMatchObject({ state: "finished" });
  userId = createId();
  await farm.db
    .insertInto("user")
    .values({ id: userId, accountId: farm.accountId, baseAccountId: farm.accountId, email: `${userId}@example.com` })
    .execute();
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.on("request", createContentHandler({ db: farm.db, blobs: farm.blobs, studioOrigin: "http://studio.test", contentOrigin: base }));
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await node?.kill();
  await farm?.close();
});

describe("publishing to a channel", () => {
  test("served at its permanent address, always the latest revision; renew ends the old address; disabled and cleared show 'not available'", async () => {
    const channel = await insertChannel(farm.accountId);
    expect((await get(`/c/${channel.shortPath}/`)).status).toBe(404);
    const job = await startPublish({ ...deps(), queue }, subject(), { epaperId, type: "channel", channelId: channel.id });
    expect(await channelRow(channel.id)).toMatchObject({ processRunning: true, processType: "publishing_channel" });
    expect((await channelChoices(farm.db, subject())).find((choice) => choice.id === channel.id)).toMatchObject({
      choosable: false,
      busy: true,
    });
    expect((await runPublishJob(deps(), job)).published).toBe(true);
    const published = await channelRow(channel.id);
    expect(published).toMatchObject({ epaperId, processRunning: false, processType: null, processError: null });
    // The permanent address answers the reader at once (no redirect), its files named by a <base>.
    const revisionOf = async (address: string) => {
      const answer = await get(address);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("public, no-cache");
      const html = await answer.text();
      expect(html).toContain("epaper-manifest");
      return /<base href="([^"]+)">/.exec(html)?.[1] as string;
    };
    const first = await revisionOf(`/c/${channel.shortPath}/`);
    expect(first).toMatch(new RegExp(`^/c/${channel.shortPath}/[^/]+/$`));
    const index = await get(`${first}index.html`);
    expect(index.status).toBe(200);
    expect(await index.text()).not.toContain("<base");

    // Republished: a new revision; the old one's files are gone and its address leads to the new one.
    const again = await startPublish({ ...deps(), queue }, subject(), { epaperId, type: "channel", channelId: channel.id });
    expect((await runPublishJob(deps(), again)).published).toBe(true);
    const second = await revisionOf(`/c/${channel.shortPath}/`);
    expect(second).not.toBe(first);
    expect(await farm.blobs.size(`${published.blobPrefix}/index.html`)).toBeNull();
    expect((await get(`${first}index.html`)).headers.get("location")).toBe(`${second}index.html`);

    // Renew: a new address at once, the old one is unknown; the ePaper stays.
    await changeChannel(deps(), subject(), channel.id, "renew");
    const renewed = await channelRow(channel.id);
    expect(renewed.shortPath).not.toBe(channel.shortPath);
    expect(renewed.epaperId).toBe(epaperId);
    expect((await get(`/c/${channel.shortPath}/`)).status).toBe(404);
    expect((await get(`/c/${renewed.shortPath}/`)).status).toBe(200);

    // Disabled by support: the friendly page.
    await farm.db.updateTable("channel").set({ disabled: true }).where("id", "=", channel.id).execute();
    const disabled = await get(`/c/${renewed.shortPath}/`);
    expect(disabled.status).toBe(503);
    expect(await disabled.text()).toContain("This ePaper is not available");
    await expect(startPublish({ ...deps(), queue }, subject(), { epaperId, type: "channel", channelId: channel.id })).rejects.toMatchObject(
      { status: 403 },
    );
    await farm.db.updateTable("channel").set({ disabled: false }).where("id", "=", channel.id).execute();

    // Cleared: no ePaper, no files, 'not available'.
    await changeChannel(deps(), subject(), channel.id, "clear");
    const cleared = await channelRow(channel.id);
    expect(cleared).toMatchObject({ epaperId: null, blobPrefix: null, publishedAt: null });
    expect(await farm.blobs.size(`${renewed.blobPrefix}/index.html`)).toBeNull();
    expect((await get(`/c/${renewed.shortPath}/`)).status).toBe(404);
  }, 60_000);

  test("a cancelled publish leaves the channel as it was; a failed one says so; both release the ePaper", async () => {
    const channel = await insertChannel(farm.accountId);
    const job = await startPublish({ ...deps(), queue }, subject(), { epaperId, type: "channel", channelId: channel.id });
    await cancelChannelPublishing(deps(), subject(), channel.id);
    expect((await runPublishJob(deps(), job)).published).toBe(false);
    expect(await channelRow(channel.id)).toMatchObject({ processRunning: false, processCancelled: true, epaperId: null, blobPrefix: null });
    const epaper = await farm.db.selectFrom("epaper").select(["processRunning"]).where("id", "=", epaperId).executeTakeFirstOrThrow();
    expect(epaper.processRunning).toBe(false);
    expect(await farm.blobs.list(`channels/${channel.id}/`)).toEqual([]);

    const failing = await startPublish({ ...deps(), queue }, subject(), { epaperId, type: "channel", channelId: channel.id });
    await failPublishJob(deps(), failing, "failed");
    expect(await channelRow(channel.id)).toMatchObject({ processRunning: false, processError: "channel.errors.publicationFailed" });
  }, 60_000);
});

describe("the channel actions", () => {
  test("scoped to the account: another account's channel is not found, neither listed nor changed nor published to", async () => {
    const other = createId();
    await farm.db.insertInto("account").values({ id: other, name: "Other" }).execute();
    const foreign = await insertChannel(other);
    expect((await listChannels(farm.db, subject(), { page: 1 })).cards.some((card) => card.id === foreign.id)).toBe(false);
    await expect(renameChannel(deps(), subject(), foreign.id, "Mine")).rejects.toMatchObject({ status: 404 });
    await expect(changeChannel(deps(), subject(), foreign.id, "clear")).rejects.toMatchObject({ status: 404 });
    await expect(startPublish({ ...deps(), queue }, subject(), { epaperId, type: "channel", channelId: foreign.id })).rejects.toMatchObject(
      { status: 404 },
    );
  });

  test("rename 1 to 20 characters; demo needs demoManagement and an ePaper; demo channels refuse ordinary users", async () => {
    const channel = await insertChannel(farm.accountId);
    expect(await renameChannel(deps(), subject(), channel.id, "  Spring issue  ")).toBe("Spring issue");
    await expect(renameChannel(deps(), subject(), channel.id, "x".repeat(21))).rejects.toMatchObject({ status: 400 });
    await expect(renameChannel(deps(), subject(), channel.id, "   ")).rejects.toMatchObject({ status: 400 });
    await expect(setChannelDemo(deps(), subject(), channel.id, true)).rejects.toMatchObject({ status: 403 });
    const demoManager = { ...subject(), accountIsDemoAccount: true };
    await expect(setChannelDemo(deps(), demoManager, channel.id, true)).rejects.toMatchObject({ status: 422 });
    const demo = await insertChannel(farm.accountId, { isDemo: true });
    await expect(renameChannel(deps(), subject(), demo.id, "Changed")).rejects.toMatchObject({ name: "DemoError" });
  });
});
