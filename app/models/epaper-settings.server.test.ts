import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BlobStore } from "#app/blob/blob-store.server";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { AppError } from "#app/errors/app-error";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { loadEpaperSettings, removeSettingsImage, updateEpaperSettings, uploadSettingsImage } from "./epaper-settings.server.ts";

// Issue 12: the ePaper settings dialog's server rules (studio-admin.md §3–§5): the caller's
// account only, the §5 messages, colours lowercase, imprint/privacy switches need their fields,
// background and logo images as the account's media, republishing marked.

let dir: string;
let blobs: BlobStore;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "settings-"));
  blobs = new FolderBlobStore(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await db.destroy();
  redis.disconnect();
});

async function fixture(epaper: { isDemo?: boolean; isLocked?: boolean } = {}) {
  const { accountId, userId } = await insertAccountWithUser(db);
  const subject = permissionSubject({ id: userId, accountId, baseAccountId: accountId, permissions: ["1"] });
  const epaperId = createId();
  await db
    .insertInto("epaper")
    .values({ id: epaperId, accountId, name: "Settings", languageCode: "de", pageCount: 1, isRendered: true, ...epaper })
    .execute();
  await db.insertInto("epaperSetting").values({ id: createId(), epaperId }).execute();
  await db.insertInto("publication").values({ id: createId(), epaperId, type: "preview", hash: createId() }).execute();
  return { subject, epaperId, deps: { db, redis, blobs } };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { status: error.status, messageKey: error.messageKey } : error),
  );

describe("ePaper settings", () => {
  test("saved as normalised, re-read, and the preview needs republishing", async () => {
    const { subject, epaperId, deps } = await fixture();
    const before = await loadEpaperSettings(db, subject, epaperId);
    expect(before.values).toMatchObject({ cookieBannerActive: false, seoMetaTagRobots: "index,follow", interfaceBackgroundColor: null });
    expect(before.defaults.interfaceBackgroundColor).toBe("#ffffff");
    const saved = await updateEpaperSettings(deps, subject, {
      epaperId,
      patch: {
        interfaceBackgroundColor: " #D5BCA2 ",
        cookieBannerText: "  We use cookies ",
        seoMetaTagAuthor: "   ",
        customPlayerCss: "  body { }\n",
      },
    });
    expect(saved.values).toMatchObject({
      interfaceBackgroundColor: "#d5bca2",
      cookieBannerText: "We use cookies",
      seoMetaTagAuthor: null,
      customPlayerCss: "  body { }\n",
    });
    const epaper = await db.selectFrom("epaper").select("republishingRequiredPreview").where("id", "=", epaperId).executeTakeFirstOrThrow();
    expect(epaper.republishingRequiredPreview).toBe(true);
  });

  test("every §5 rule refuses with its message and changes nothing", async () => {
    const { subject, epaperId, deps } = await fixture();
    const refused = (patch: object) => refusal(updateEpaperSettings(deps, subject, { epaperId, patch }));
    expect(await refused({ backgroundColor: "red" })).toEqual({ status: 400, messageKey: "settings.validation.colorNotValid" });
    expect(await refused({ interfaceBackgroundColor: "#12345" })).toMatchObject({ messageKey: "settings.validation.colorNotValid" });
    expect(await refused({ logoImageLink: "javascript:alert(1)" })).toMatchObject({ messageKey: "settings.validation.urlNotValid" });
    expect(await refused({ trackingGoogleTagId: "UA-123" })).toMatchObject({ messageKey: "settings.validation.googleTagNotValid" });
    expect(await refused({ customPlayerCss: "<style>p{}</style>" })).toMatchObject({ messageKey: "settings.validation.cssWithStyleTag" });
    expect(await refused({ customPlayerJavascript: "<script>x()</script>" })).toMatchObject({
      messageKey: "settings.validation.javascriptWithScriptTag",
    });
    expect(await refused({ seoMetaTagRobots: "all" })).toMatchObject({ messageKey: "errors.invalidRequest" });
    expect(await refused({ clickAreaColor: "#000" })).toMatchObject({ messageKey: "errors.invalidRequest" });
    // The imprint switch needs width, height and a text of 3 to 20000 characters; while it is
    // off, its fields may be anything.
    expect(await refused({ imprintActive: true })).toMatchObject({ messageKey: "settings.validation.overlaySizeNotValid" });
    await updateEpaperSettings(deps, subject, {
      epaperId,
      patch: { imprintOverlayWidth: 600, imprintOverlayHeight: 400, imprintText: "ab" },
    });
    expect(await refused({ imprintActive: true })).toMatchObject({ messageKey: "settings.validation.textLength" });
    const on = await updateEpaperSettings(deps, subject, { epaperId, patch: { imprintText: "Example GmbH", imprintActive: true } });
    expect(on.values).toMatchObject({ imprintActive: true, imprintText: "Example GmbH" });
    // Once on, its fields keep the rules.
    expect(await refused({ imprintOverlayWidth: 0 })).toMatchObject({ messageKey: "settings.validation.overlaySizeNotValid" });
    expect((await loadEpaperSettings(db, subject, epaperId)).values).toMatchObject({ backgroundColor: null, imprintOverlayWidth: 600 });
  });

  test("zip package statistics: off by default; my own endpoint must be an https address, stored as browsers send to it", async () => {
    const { subject, epaperId, deps } = await fixture();
    expect((await loadEpaperSettings(db, subject, epaperId)).values).toMatchObject({
      zipStatisticsActive: false,
      zipStatisticsTarget: "studio",
      zipStatisticsEndpoint: null,
    });
    const refused = (patch: object) => refusal(updateEpaperSettings(deps, subject, { epaperId, patch }));
    const key = (name: string) => ({ status: 400, messageKey: `settings.validation.${name}` });
    // The choice needs its address, and only an https one on a named host without credentials.
    expect(await refused({ zipStatisticsActive: true, zipStatisticsTarget: "endpoint", zipStatisticsEndpoint: " " })).toEqual(
      key("zipEndpointMissing"),
    );
    expect(await refused({ zipStatisticsEndpoint: "http://stats.customer.example/collect" })).toEqual(key("zipEndpointNotHttps"));
    for (const bad of [
      "stats.customer.example/collect",
      "https://",
      "https://localhost/collect",
      "javascript:alert(1)",
      "ftp://x.example/",
    ])
      expect(await refused({ zipStatisticsEndpoint: bad })).toEqual(key("zipEndpointNotValid"));
    expect(await refused({ zipStatisticsEndpoint: "https://user:secret@stats.customer.example/" })).toEqual(key("zipEndpointNotValid"));
    expect(await refused({ zipStatisticsEndpoint: `https://stats.customer.example/${"a".repeat(2048)}` })).toEqual(
      key("zipEndpointTooLong"),
    );
    expect(await refused({ zipStatisticsTarget: "elsewhere" })).toMatchObject({ messageKey: "errors.invalidRequest" });
    expect((await loadEpaperSettings(db, subject, epaperId)).values).toMatchObject({
      zipStatisticsActive: false,
      zipStatisticsEndpoint: null,
    });

    await db.insertInto("publication").values({ id: createId(), epaperId, type: "zip", hash: createId() }).execute();
    const saved = await updateEpaperSettings(deps, subject, {
      epaperId,
      patch: {
        zipStatisticsActive: true,
        zipStatisticsTarget: "endpoint",
        zipStatisticsEndpoint: "  https://Stats.Customer.example/zählen?e=1 ",
      },
    });
    expect(saved.values).toMatchObject({
      zipStatisticsActive: true,
      zipStatisticsTarget: "endpoint",
      zipStatisticsEndpoint: "https://stats.customer.example/z%C3%A4hlen?e=1",
    });
    // While its choice is on, the address cannot be emptied; counting here instead keeps it for later.
    expect(await refused({ zipStatisticsEndpoint: "" })).toEqual(key("zipEndpointMissing"));
    const studio = await updateEpaperSettings(deps, subject, { epaperId, patch: { zipStatisticsTarget: "studio" } });
    expect(studio.values).toMatchObject({
      zipStatisticsTarget: "studio",
      zipStatisticsEndpoint: "https://stats.customer.example/z%C3%A4hlen?e=1",
    });
    // The choice goes into the next zip package: a downloaded one is marked 'publish again'.
    const zip = await db.selectFrom("epaper").select("republishingRequiredZip").where("id", "=", epaperId).executeTakeFirstOrThrow();
    expect(zip.republishingRequiredZip).toBe(true);
  });

  test("another account's ePaper is not found; demo, lock and missing rights refuse", async () => {
    const { epaperId, deps } = await fixture();
    const stranger = await fixture();
    expect(await refusal(loadEpaperSettings(db, stranger.subject, epaperId))).toMatchObject({ status: 404 });
    expect(await refusal(updateEpaperSettings(deps, stranger.subject, { epaperId, patch: { cookieBannerActive: true } }))).toMatchObject({
      status: 404,
    });
    const temporary = { ...stranger.subject, isTemporary: true };
    expect(await refusal(loadEpaperSettings(db, temporary, stranger.epaperId))).toMatchObject({ status: 403 });
    const demo = await fixture({ isDemo: true });
    expect(
      await refusal(updateEpaperSettings(deps, demo.subject, { epaperId: demo.epaperId, patch: { sharingActive: true } })),
    ).toMatchObject({
      status: 403,
      messageKey: "errors.demoContent",
    });
    const locked = await fixture({ isLocked: true });
    expect((await loadEpaperSettings(db, locked.subject, locked.epaperId)).editable).toBe(false);
    expect(
      await refusal(updateEpaperSettings(deps, locked.subject, { epaperId: locked.epaperId, patch: { sharingActive: true } })),
    ).toMatchObject({
      status: 403,
    });
  });

  test("background and logo images: checked, stored as media, replaced and removed without leftovers", async () => {
    const { subject, epaperId, deps } = await fixture();
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const upload = (kind: "background" | "logo", bytes: Buffer, fileName = "image.png") =>
      uploadSettingsImage(deps, subject, { epaperId, kind, fileName, bytes });
    expect(await refusal(upload("logo", Buffer.alloc(5001 * 1024)))).toEqual({ status: 413, messageKey: "settings.images.tooLarge" });
    expect(await refusal(upload("logo", Buffer.from("not an image")))).toEqual({ status: 400, messageKey: "settings.images.typeNotValid" });
    const first = await upload("background", png, "sea.png");
    expect(first.values.background).toBe(true);
    expect(first.backgroundImage?.name).toBe("sea.png");
    const firstId = first.backgroundImage?.id as string;
    const second = await upload("background", png, "sky.png");
    expect(second.backgroundImage?.name).toBe("sky.png");
    expect(await db.selectFrom("media").select("id").where("id", "=", firstId).executeTakeFirst()).toBeUndefined();
    const logo = await upload("logo", png, "logo.png");
    expect(logo.logoImage?.name).toBe("logo.png");
    const removed = await removeSettingsImage(deps, subject, { epaperId, kind: "background" });
    expect(removed).toMatchObject({ backgroundImage: null, values: { background: false } });
    expect(await db.selectFrom("media").select("id").where("accountId", "=", subject.accountId).execute()).toHaveLength(1);
  });
});
