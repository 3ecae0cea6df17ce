import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import sharp from "sharp";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { findNewsImage } from "#app/models/support/news-image.server";
import { afterAll, expect, test } from "vitest";
import { Forbidden } from "#app/errors/app-error";
import { listAccountAudit } from "#app/models/support/support-audit.server";
import { createNews, deleteNews, listSupportNews, updateNews } from "#app/models/support/support-news.server";
import { currentNews } from "#app/models/news-feed.server";
import { addOrderCode, deleteOrderCode, listOrderCodes, shopDebug, updateOrderCodeText } from "#app/models/support/support-shop.server";
import { db } from "#app/utils/db.server";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";

// The support's news and shop order codes on the server (issue 14), against real MariaDB: the
// §5 rules of the news manager (lengths, language, position, dates), the text sanitised to the
// rich-text allow-list, and the order codes the shop page offers; every write audited.

const blobs = new FolderBlobStore(await mkdtemp(path.join(os.tmpdir(), "news-images-")));
const deps = { db, blobs };

afterAll(async () => {
  await db.destroy();
  await rm(blobs.root, { recursive: true, force: true });
});

async function supporter() {
  const user = await insertUserWithLevel(db, "3");
  return {
    subject: permissionSubject({ id: user.userId, accountId: user.accountId, baseAccountId: user.accountId, permissions: ["3"] }),
    email: user.email,
  };
}

const form = (overrides: Record<string, string> = {}) => ({
  headline: `News ${createId()}`,
  text: "<p>Hello <strong>readers</strong></p><script>alert(1)</script>",
  lang: "en",
  position: "0",
  active: "true",
  startDate: "2026-01-01",
  endDate: "2026-12-31",
  ...overrides,
});

test("news: created sanitised, edited, deleted; every §5 rule refuses with its message", async () => {
  const actor = await supporter();
  const values = form();
  const id = await createNews(deps, actor, values);
  const created = (await listSupportNews(db, actor.subject)).find((row) => row.id === id);
  expect(created).toMatchObject({ headline: values.headline, lang: "en", active: true, plainText: "Hello readers" });
  expect(created?.text).toBe("<p>Hello <strong>readers</strong></p>");
  expect(created?.endDate?.toISOString()).toBe("2026-12-31T23:59:59.999Z");

  for (const [overrides, messageKey] of [
    [{ headline: "ab" }, "news.errors.headline"],
    [{ headline: "x".repeat(201) }, "news.errors.headline"],
    [{ text: "<p>ab</p>" }, "news.errors.text"],
    [{ text: `<p>${"x".repeat(20_001)}</p>` }, "news.errors.text"],
    [{ lang: "" }, "news.errors.lang"],
    [{ lang: "xx" }, "news.errors.lang"],
    [{ position: "-1" }, "news.errors.position"],
    [{ position: "100000" }, "news.errors.position"],
    [{ startDate: "2026-02-01", endDate: "2026-01-01" }, "news.errors.endBeforeStart"],
    [{ startDate: "soon" }, "news.errors.date"],
  ] as const) {
    await expect(createNews(deps, actor, form(overrides))).rejects.toMatchObject({ messageKey, status: 422 });
  }

  await updateNews(deps, actor, id, form({ headline: "Renamed headline", lang: "de", active: "false" }));
  expect((await listSupportNews(db, actor.subject)).find((row) => row.id === id)).toMatchObject({
    headline: "Renamed headline",
    lang: "de",
    active: false,
  });
  await deleteNews(deps, actor, id);
  expect((await listSupportNews(db, actor.subject)).some((row) => row.id === id)).toBe(false);
  await expect(deleteNews(deps, actor, id)).rejects.toMatchObject({ status: 404 });
  const trail = await db.selectFrom("supportAudit").select("action").where("targetId", "=", id).orderBy("createdAt").execute();
  expect(trail.map((row) => row.action)).toEqual(["create", "update", "delete"]);
  await expect(createNews(deps, { ...actor, subject: permissionSubject() }, form())).rejects.toBeInstanceOf(Forbidden);
});

const imageFile = async (format: "png" | "jpeg", name = `news.${format}`) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 40, height: 20, channels: 3, background: "#3355aa" } })
          .toFormat(format)
          .toBuffer(),
      ),
    ],
    name,
  );

/** Every file the news images left in the blob store. */
async function storedImages() {
  const folder = path.join(blobs.root, "media", "news");
  return (await readdir(folder).catch(() => [])).sort();
}

test("news images: a PNG up to 2000 KB, replaced and removed without leftovers; readers see active news' images only", async () => {
  const actor = await supporter();
  const before = await storedImages();
  await expect(createNews(deps, actor, { ...form(), image: await imageFile("jpeg") })).rejects.toMatchObject({
    messageKey: "news.errors.imageType",
    status: 400,
  });
  const big = new File([new Uint8Array(2000 * 1024 + 1)], "big.png");
  await expect(createNews(deps, actor, { ...form(), image: big })).rejects.toMatchObject({
    messageKey: "news.errors.imageTooLarge",
    status: 413,
  });
  // A refused news leaves no file (the image was stored first, then removed).
  await expect(createNews(deps, actor, { ...form({ headline: "ab" }), image: await imageFile("png") })).rejects.toMatchObject({
    status: 422,
  });
  expect(await storedImages()).toEqual(before);

  const id = await createNews(deps, actor, { ...form({ active: "false" }), image: await imageFile("png") });
  const first = await db
    .selectFrom("news")
    .innerJoin("media", "media.id", "news.imageMediaId")
    .select(["media.id", "media.accountId", "media.blobKey"])
    .where("news.id", "=", id)
    .executeTakeFirstOrThrow();
  expect(first.accountId).toBeNull();
  expect((await listSupportNews(db, actor.subject)).find((row) => row.id === id)?.imageUrl).toBe(
    `/resources/news-image/${id}?v=${first.id}`,
  );
  // An inactive news' image: support only.
  expect(await findNewsImage(db, id, { support: true })).toMatchObject({ blobKey: first.blobKey, mimeType: "image/png" });
  expect(await findNewsImage(db, id, { support: false })).toBeNull();

  await updateNews(deps, actor, id, { ...form({ active: "true" }), image: await imageFile("png", "second.png") });
  const second = await db.selectFrom("news").select("imageMediaId").where("id", "=", id).executeTakeFirstOrThrow();
  expect(second.imageMediaId).not.toBe(first.id);
  expect(await db.selectFrom("media").select("id").where("id", "=", first.id).executeTakeFirst()).toBeUndefined();
  expect(await blobs.size(first.blobKey)).toBeNull();
  expect(await findNewsImage(db, id, { support: false })).not.toBeNull();
  expect((await currentNews(db, "en")).find((item) => item.id === id)?.imageUrl).toBe(
    `/resources/news-image/${id}?v=${second.imageMediaId}`,
  );

  // An edit without a file keeps the image; 'remove' drops it.
  await updateNews(deps, actor, id, form());
  expect((await db.selectFrom("news").select("imageMediaId").where("id", "=", id).executeTakeFirstOrThrow()).imageMediaId).toBe(
    second.imageMediaId,
  );
  await updateNews(deps, actor, id, { ...form(), removeImage: "true" });
  expect((await db.selectFrom("news").select("imageMediaId").where("id", "=", id).executeTakeFirstOrThrow()).imageMediaId).toBeNull();
  expect(await storedImages()).toEqual(before);

  // Deleting a news deletes its image.
  const other = await createNews(deps, actor, { ...form(), image: await imageFile("png") });
  expect((await storedImages()).length).toBe(before.length + 1);
  await deleteNews(deps, actor, other);
  expect(await storedImages()).toEqual(before);
  await deleteNews(deps, actor, id);
});

test("shop order codes: add, edit, refuse a bad key or text or a taken code, delete", async () => {
  const actor = await supporter();
  const key = `matrix-${createId().slice(0, 8)}`;
  await addOrderCode(db, actor, "epaper", key, "ZIP package ×3");
  const added = (await listOrderCodes(db, actor.subject)).find((code) => code.codeKey === key);
  expect(added).toMatchObject({ type: "epaper", text: "ZIP package ×3" });
  await expect(addOrderCode(db, actor, "epaper", key, "again")).rejects.toMatchObject({ messageKey: "support.errors.orderCodeTaken" });
  await expect(addOrderCode(db, actor, "epaper", "Not Valid!", "text")).rejects.toMatchObject({
    messageKey: "support.errors.orderCodeKey",
  });
  await expect(updateOrderCodeText(db, actor, added?.id ?? "", "  ")).rejects.toMatchObject({ messageKey: "support.errors.orderCodeText" });
  await updateOrderCodeText(db, actor, added?.id ?? "", "ZIP package ×3 (special)");
  expect((await listOrderCodes(db, actor.subject)).find((code) => code.codeKey === key)?.text).toBe("ZIP package ×3 (special)");
  await deleteOrderCode(db, actor, added?.id ?? "");
  expect((await listOrderCodes(db, actor.subject)).some((code) => code.codeKey === key)).toBe(false);
  await expect(listOrderCodes(db, permissionSubject())).rejects.toBeInstanceOf(Forbidden);
  // Service-wide rows: the trail has them without an account, so no account's trail lists them
  // (and a trail of no account is 404, not a list).
  expect(
    await db
      .selectFrom("supportAudit")
      .select("id")
      .where("targetId", "=", added?.id ?? "")
      .where("accountId", "is", null)
      .execute(),
  ).not.toEqual([]);
  await expect(listAccountAudit(db, actor.subject, "none")).rejects.toMatchObject({ status: 404 });
});

test("shop debug: the latest events and subscriptions, or those of an account, subscription, channel or event id", async () => {
  const actor = await supporter();
  const customer = await insertUserWithLevel(db, "2");
  const other = await insertUserWithLevel(db, "2");
  const tag = createId();
  await db
    .insertInto("shopWebhookEvent")
    .values([
      { eventId: `evt-${tag}-a`, type: "subscription.created", accountId: customer.accountId },
      { eventId: `evt-${tag}-b`, type: "order.paid", accountId: other.accountId },
    ])
    .execute();
  await db
    .insertInto("shopChannelSubscription")
    .values([
      { id: createId(), accountId: customer.accountId, subscriptionId: `sub-${tag}-a`, rejected: true, rejectedReason: "no channel" },
      { id: createId(), accountId: other.accountId, subscriptionId: `sub-${tag}-b` },
    ])
    .execute();
  const latest = await shopDebug(db, actor.subject, "");
  expect(latest.events.map((row) => row.eventId)).toEqual(expect.arrayContaining([`evt-${tag}-a`, `evt-${tag}-b`]));
  expect(latest.events.length).toBeLessThanOrEqual(25);
  const byAccount = await shopDebug(db, actor.subject, ` ${customer.accountId} `);
  expect(byAccount.events.map((row) => row.eventId)).toEqual([`evt-${tag}-a`]);
  expect(byAccount.subscriptions).toEqual([
    expect.objectContaining({
      subscriptionId: `sub-${tag}-a`,
      rejected: true,
      rejectedReason: "no channel",
      accountName: expect.any(String),
    }),
  ]);
  expect((await shopDebug(db, actor.subject, `sub-${tag}-b`)).subscriptions.map((row) => row.accountId)).toEqual([other.accountId]);
  expect((await shopDebug(db, actor.subject, `evt-${tag}-b`)).events.map((row) => row.type)).toEqual(["order.paid"]);
  await expect(shopDebug(db, permissionSubject({ permissions: ["2"] }), "")).rejects.toBeInstanceOf(Forbidden);
});

test("the customers' news: active, in the page's language, between start and end, by position, sanitised", async () => {
  const tag = createId();
  const day = 86_400_000;
  const now = new Date();
  const rows = [
    { id: createId(), lang: "de", headline: `${tag} second`, text: "<p>Zwei</p>", position: 1, active: true },
    {
      id: createId(),
      lang: "de",
      headline: `${tag} first`,
      text: '<p onclick="x()">Eins<script>1</script></p>',
      position: 0,
      active: true,
      startDate: new Date(now.getTime() - day),
    },
    { id: createId(), lang: "de", headline: `${tag} inactive`, text: "<p>x</p>", position: 0, active: false },
    {
      id: createId(),
      lang: "de",
      headline: `${tag} later`,
      text: "<p>x</p>",
      position: 0,
      active: true,
      startDate: new Date(now.getTime() + day),
    },
    {
      id: createId(),
      lang: "de",
      headline: `${tag} over`,
      text: "<p>x</p>",
      position: 0,
      active: true,
      endDate: new Date(now.getTime() - day),
    },
    { id: createId(), lang: "en", headline: `${tag} english`, text: "<p>x</p>", position: 0, active: true },
  ];
  await db.insertInto("news").values(rows).execute();
  try {
    const shown = (await currentNews(db, "de", now)).filter((item) => item.headline.startsWith(tag));
    expect(shown).toEqual([
      { id: rows[1]?.id, headline: `${tag} first`, html: "<p>Eins</p>", imageUrl: null },
      { id: rows[0]?.id, headline: `${tag} second`, html: "<p>Zwei</p>", imageUrl: null },
    ]);
  } finally {
    await db.deleteFrom("news").where("headline", "like", `${tag}%`).execute();
  }
});
