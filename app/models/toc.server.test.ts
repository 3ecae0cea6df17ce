import { createId } from "@paralleldrive/cuid2";
import { afterAll, expect, test } from "vitest";
import { AppError } from "#app/errors/app-error";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { createTocItem, deleteTocItem, loadToc, updateTocItem, updateTocSettings } from "./toc.server.ts";

// Issue 12: the table of contents (studio-admin.md §4, §5 'TOC'): cells trimmed and cut to 250,
// the title required, a page of this ePaper, entries kept in page order, the account's only.

afterAll(async () => {
  await db.destroy();
  redis.disconnect();
});

async function fixture(extra: { isDemo?: boolean } = {}) {
  const { accountId, userId } = await insertAccountWithUser(db);
  const subject = permissionSubject({ id: userId, accountId, baseAccountId: accountId, permissions: ["1"] });
  const epaperId = createId();
  await db
    .insertInto("epaper")
    .values({ id: epaperId, accountId, name: "Toc", languageCode: "de", pageCount: 5, isRendered: true, ...extra })
    .execute();
  await db.insertInto("epaperSetting").values({ id: createId(), epaperId }).execute();
  const pageIds = Array.from({ length: 5 }, () => createId());
  for (const [i, id] of pageIds.entries())
    await db
      .insertInto("page")
      .values({ id, epaperId, page: i + 1, sourcePage: i + 1, width: 500, height: 700 })
      .execute();
  return { subject, epaperId, deps: { db, redis } };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { status: error.status, messageKey: error.messageKey } : error),
  );

test("entries: created in page order, cells trimmed and cut, the title required, pages of this ePaper", async () => {
  const { subject, epaperId, deps } = await fixture();
  await createTocItem(deps, subject, { epaperId, fields: { title: "Chapter 3", pageNumber: 3 } });
  await createTocItem(deps, subject, { epaperId, fields: { title: "Chapter 1", pageNumber: 1, indent: 1 } });
  const toc = await createTocItem(deps, subject, {
    epaperId,
    fields: { title: `  ${"x".repeat(300)}  `, description: " ", pageNumber: 5 },
  });
  expect(toc.items.map((item) => item.pageNumber)).toEqual([1, 3, 5]);
  expect(toc.items[2]).toMatchObject({ title: "x".repeat(250), description: null });
  const first = toc.items[0]?.id as string;
  expect(await refusal(updateTocItem(deps, subject, { epaperId, tocItemId: first, fields: { title: "   " } }))).toEqual({
    status: 400,
    messageKey: "toc.validation.titleRequired",
  });
  expect(await refusal(updateTocItem(deps, subject, { epaperId, tocItemId: first, fields: { pageNumber: 6 } }))).toMatchObject({
    messageKey: "toc.validation.pageNotValid",
  });
  expect(await refusal(updateTocItem(deps, subject, { epaperId, tocItemId: first, fields: { indent: 4 } }))).toMatchObject({
    messageKey: "errors.invalidRequest",
  });
  const moved = await updateTocItem(deps, subject, {
    epaperId,
    tocItemId: first,
    fields: { pageNumber: 2, title: " Intro ", enabled: false },
  });
  expect(moved.items[0]).toMatchObject({ title: "Intro", pageNumber: 2, enabled: false, indent: 1 });
  const settings = await updateTocSettings(deps, subject, { epaperId, settings: { tocAutostartActive: true } });
  expect(settings.settings).toMatchObject({ tocAutostartActive: true });
  const left = await deleteTocItem(deps, subject, { epaperId, tocItemId: first });
  expect(left.items).toHaveLength(2);
  const epaper = await db.selectFrom("epaper").select("republishChangesAt").where("id", "=", epaperId).executeTakeFirstOrThrow();
  expect(epaper.republishChangesAt).not.toBeNull();
});

test("an added entry switches the reader's table of contents on, unless the customer chose on or off themselves", async () => {
  const { subject, epaperId, deps } = await fixture();
  const first = await createTocItem(deps, subject, { epaperId, fields: { title: "Chapter 1", pageNumber: 1 } });
  expect(first.settings.tocEnabled).toBe(true);
  // The customer switches it off: the next entry leaves it off.
  await updateTocSettings(deps, subject, { epaperId, settings: { tocEnabled: false } });
  const second = await createTocItem(deps, subject, { epaperId, fields: { title: "Chapter 2", pageNumber: 2 } });
  expect(second.settings.tocEnabled).toBe(false);
  // Another switch (autostart) is no choice about showing it.
  const other = await fixture();
  await updateTocSettings(other.deps, other.subject, { epaperId: other.epaperId, settings: { tocThumbsActive: true } });
  const added = await createTocItem(other.deps, other.subject, { epaperId: other.epaperId, fields: { title: "One", pageNumber: 1 } });
  expect(added.settings).toMatchObject({ tocEnabled: true, tocThumbsActive: true });
});

test("another account's ePaper or entry is not found; demo content and missing rights refuse", async () => {
  const { subject, epaperId, deps } = await fixture();
  const stranger = await fixture();
  const toc = await createTocItem(deps, subject, { epaperId, fields: { title: "Mine", pageNumber: 1 } });
  const mine = toc.items[0]?.id as string;
  expect(await refusal(loadToc(db, stranger.subject, epaperId))).toMatchObject({ status: 404 });
  expect(await refusal(deleteTocItem(deps, stranger.subject, { epaperId: stranger.epaperId, tocItemId: mine }))).toMatchObject({
    status: 404,
  });
  expect(
    await refusal(updateTocItem(deps, stranger.subject, { epaperId: stranger.epaperId, tocItemId: mine, fields: { title: "Taken" } })),
  ).toMatchObject({
    status: 404,
  });
  expect(await refusal(loadToc(db, { ...subject, isTemporary: true }, epaperId))).toMatchObject({ status: 403 });
  const demo = await fixture({ isDemo: true });
  expect(
    await refusal(createTocItem(deps, demo.subject, { epaperId: demo.epaperId, fields: { title: "Demo", pageNumber: 1 } })),
  ).toMatchObject({
    messageKey: "errors.demoContent",
  });
});
