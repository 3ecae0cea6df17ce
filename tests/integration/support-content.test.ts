import { createId } from "@paralleldrive/cuid2";
import { afterAll, expect, test } from "vitest";
import { Forbidden } from "#app/errors/app-error";
import { listAccountAudit } from "#app/models/support/support-audit.server";
import { createNews, deleteNews, listSupportNews, updateNews } from "#app/models/support/support-news.server";
import { currentNews } from "#app/models/news-feed.server";
import { addOrderCode, deleteOrderCode, listOrderCodes, updateOrderCodeText } from "#app/models/support/support-shop.server";
import { db } from "#app/utils/db.server";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";

// The support's news and shop order codes on the server (issue 14), against real MariaDB: the
// §5 rules of the news manager (lengths, language, position, dates), the text sanitised to the
// rich-text allow-list, and the order codes the shop page offers; every write audited.

afterAll(async () => {
  await db.destroy();
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
  const id = await createNews(db, actor, values);
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
    await expect(createNews(db, actor, form(overrides))).rejects.toMatchObject({ messageKey, status: 422 });
  }

  await updateNews(db, actor, id, form({ headline: "Renamed headline", lang: "de", active: "false" }));
  expect((await listSupportNews(db, actor.subject)).find((row) => row.id === id)).toMatchObject({
    headline: "Renamed headline",
    lang: "de",
    active: false,
  });
  await deleteNews(db, actor, id);
  expect((await listSupportNews(db, actor.subject)).some((row) => row.id === id)).toBe(false);
  await expect(deleteNews(db, actor, id)).rejects.toMatchObject({ status: 404 });
  const trail = await db.selectFrom("supportAudit").select("action").where("targetId", "=", id).orderBy("createdAt").execute();
  expect(trail.map((row) => row.action)).toEqual(["create", "update", "delete"]);
  await expect(createNews(db, { ...actor, subject: permissionSubject() }, form())).rejects.toBeInstanceOf(Forbidden);
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
  // Service-wide rows: the trail has them without an account.
  expect(await listAccountAudit(db, actor.subject, "none")).toEqual([]);
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
      { id: rows[1]?.id, headline: `${tag} first`, html: "<p>Eins</p>" },
      { id: rows[0]?.id, headline: `${tag} second`, html: "<p>Zwei</p>" },
    ]);
  } finally {
    await db.deleteFrom("news").where("headline", "like", `${tag}%`).execute();
  }
});
