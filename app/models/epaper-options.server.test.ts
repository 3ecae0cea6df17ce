import { createId } from "@paralleldrive/cuid2";
import { afterAll, expect, test } from "vitest";
import { db } from "#app/utils/db.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { EPAPER_OPTIONS_LIMIT, listEpaperOptions } from "./epaper-options.server.ts";

afterAll(async () => {
  await db.destroy();
});

async function epaper(
  accountId: string,
  name: string,
  extra: { isRendered?: boolean; pageCount?: number; deletedAt?: Date; createdAt?: Date } = {},
) {
  const id = createId();
  await db
    .insertInto("epaper")
    .values({
      id,
      accountId,
      name,
      languageCode: "en",
      pageCount: extra.pageCount ?? 4,
      isRendered: extra.isRendered ?? true,
      deletedAt: extra.deletedAt ?? null,
      createdAt: extra.createdAt ?? new Date(),
    })
    .execute();
  return id;
}

test("the selector lists the account's openable ePapers, newest first, filtered by name, 20 at most", async () => {
  const { accountId } = await insertAccountWithUser(db);
  const other = await insertAccountWithUser(db);
  const older = await epaper(accountId, "Annual Report 2025", { createdAt: new Date("2026-01-01") });
  const newer = await epaper(accountId, "Annual Report 2026", { createdAt: new Date("2026-06-01") });
  await epaper(accountId, "Still rendering", { isRendered: false, pageCount: 0 });
  await epaper(accountId, "Annual deleted", { deletedAt: new Date() });
  await epaper(other.accountId, "Annual Report of another account");
  expect((await listEpaperOptions(db, accountId, "")).map((option) => option.id)).toEqual([newer, older]);
  expect(await listEpaperOptions(db, accountId, "rep 2025")).toEqual([{ id: older, name: "Annual Report 2025", pageCount: 4 }]);
  expect(await listEpaperOptions(db, accountId, "another")).toEqual([]);
  for (let i = 0; i < EPAPER_OPTIONS_LIMIT + 3; i++) await epaper(accountId, `Flyer ${i}`);
  expect(await listEpaperOptions(db, accountId, "")).toHaveLength(EPAPER_OPTIONS_LIMIT);
});
