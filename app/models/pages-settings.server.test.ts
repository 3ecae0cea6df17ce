import { createId } from "@paralleldrive/cuid2";
import { afterAll, expect, test } from "vitest";
import { AppError } from "#app/errors/app-error";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { listPagesSettings, setPdfDownloadForAll, updatePageSettings } from "./pages-settings.server.ts";

// Issue 12: the pages settings (studio-admin.md §4 'Pages', §5 'Page displayName'): a view of the
// pages at a time, per-page switches, the own page number (≤ 8), the last visible page kept.

afterAll(async () => {
  await db.destroy();
  redis.disconnect();
});

async function fixture(pageCount = 3) {
  const { accountId, userId } = await insertAccountWithUser(db);
  const subject = permissionSubject({ id: userId, accountId, baseAccountId: accountId, permissions: ["1"] });
  const epaperId = createId();
  await db
    .insertInto("epaper")
    .values({ id: epaperId, accountId, name: "Pages", languageCode: "de", pageCount, isRendered: true })
    .execute();
  const pageIds = Array.from({ length: pageCount }, () => createId());
  for (const [i, id] of pageIds.entries())
    await db
      .insertInto("page")
      .values({ id, epaperId, page: i + 1, sourcePage: i + 1, width: 500, height: 700 })
      .execute();
  return { subject, epaperId, pageIds, deps: { db, redis } };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { status: error.status, messageKey: error.messageKey } : error),
  );

test("a view of the pages; per-page settings; the own page number at most 8 characters; PDF download for all", async () => {
  const { subject, epaperId, pageIds, deps } = await fixture(30);
  const view = await listPagesSettings(db, subject, { epaperId, skip: 25, take: 25 });
  expect(view).toMatchObject({ total: 30, visible: 30, editable: true });
  expect(view.pages.map((page) => page.number)).toEqual([26, 27, 28, 29, 30]);
  const page = pageIds[0] as string;
  await updatePageSettings(deps, subject, { epaperId, pageId: page, patch: { displayName: "  Cover ", pageNumberHidden: true } });
  expect(await refusal(updatePageSettings(deps, subject, { epaperId, pageId: page, patch: { displayName: "123456789" } }))).toEqual({
    status: 400,
    messageKey: "pagesSettings.validation.displayNameTooLong",
  });
  expect(await refusal(updatePageSettings(deps, subject, { epaperId, pageId: page, patch: { label: "x" } }))).toMatchObject({
    messageKey: "errors.invalidRequest",
  });
  await setPdfDownloadForAll(deps, subject, { epaperId, pdfDownload: true });
  const first = (await listPagesSettings(db, subject, { epaperId, skip: 0, take: 1 })).pages[0];
  expect(first).toMatchObject({ displayName: "Cover", pageNumberHidden: true, pdfDownload: true, isHidden: false });
  await updatePageSettings(deps, subject, { epaperId, pageId: page, patch: { displayName: "" } });
  expect((await listPagesSettings(db, subject, { epaperId, skip: 0, take: 1 })).pages[0]?.displayName).toBeNull();
});

test("the last visible page cannot be hidden; another account's page or ePaper is not found", async () => {
  const { subject, epaperId, pageIds, deps } = await fixture(2);
  await updatePageSettings(deps, subject, { epaperId, pageId: pageIds[0] as string, patch: { isHidden: true } });
  expect(await refusal(updatePageSettings(deps, subject, { epaperId, pageId: pageIds[1] as string, patch: { isHidden: true } }))).toEqual({
    status: 422,
    messageKey: "pagesSettings.lastVisiblePage",
  });
  expect((await listPagesSettings(db, subject, { epaperId, skip: 0, take: 25 })).visible).toBe(1);
  const stranger = await fixture(1);
  expect(await refusal(listPagesSettings(db, stranger.subject, { epaperId, skip: 0, take: 25 }))).toMatchObject({ status: 404 });
  expect(
    await refusal(
      updatePageSettings(deps, stranger.subject, { epaperId: stranger.epaperId, pageId: pageIds[0] as string, patch: { isHidden: false } }),
    ),
  ).toMatchObject({ status: 404 });
  expect(await refusal(listPagesSettings(db, { ...subject, isGenerated: true }, { epaperId, skip: 0, take: 25 }))).toMatchObject({
    status: 403,
  });
});
