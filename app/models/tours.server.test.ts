import { afterAll, expect, test } from "vitest";
import { AppError } from "#app/errors/app-error";
import { db } from "#app/utils/db.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { finishTour, loadTours, resetTours } from "./tours.server.ts";

// Guided tours (studio-admin.md §4 'Tours and news'): once per user and tour; the Tour preference's
// switch and delay; reset only with the tutorial permission.

afterAll(async () => {
  await db.destroy();
});

test("a finished tour stays finished for that user only; reset needs the tutorial permission", async () => {
  const first = await insertAccountWithUser(db);
  const second = await insertAccountWithUser(db);
  const subject = permissionSubject({ id: first.userId, accountId: first.accountId, baseAccountId: first.accountId });
  const other = permissionSubject({ id: second.userId, accountId: second.accountId, baseAccountId: second.accountId });
  expect(await loadTours(db, subject)).toMatchObject({ active: true, startDelayMs: 1000, finished: [], canReset: true });
  await finishTour(db, subject, "media-tour");
  await finishTour(db, subject, "media-tour");
  expect((await loadTours(db, subject)).finished).toEqual(["media-tour"]);
  expect((await loadTours(db, other)).finished).toEqual([]);
  const temporary = { ...subject, isTemporary: true };
  await expect(resetTours(db, temporary)).rejects.toBeInstanceOf(AppError);
  await resetTours(db, subject);
  expect((await loadTours(db, subject)).finished).toEqual([]);
});

test("the Tour preference switches tours off and sets their delay", async () => {
  const { accountId, userId } = await insertAccountWithUser(db);
  const subject = permissionSubject({ id: userId, accountId, baseAccountId: accountId });
  const row = await db.selectFrom("systemPreference").select("json").where("name", "=", "Tour").executeTakeFirstOrThrow();
  try {
    await db
      .updateTable("systemPreference")
      .set({ json: JSON.stringify({ tour: { active: false }, startDelayMs: 2500 }) })
      .where("name", "=", "Tour")
      .execute();
    expect(await loadTours(db, subject)).toMatchObject({ active: false, startDelayMs: 2500 });
  } finally {
    await db
      .updateTable("systemPreference")
      .set({ json: JSON.stringify(row.json) })
      .where("name", "=", "Tour")
      .execute();
  }
});
