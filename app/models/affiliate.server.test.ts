import { createId } from "@paralleldrive/cuid2";
import type { Insertable } from "kysely";
import { afterAll, describe, expect, test } from "vitest";
import type { Account } from "#db/schema.gen";
import { db } from "#app/utils/db.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { isAffiliateDigest } from "#app/rules/upload-widget";
import { countReferredAccounts, ensureAffiliateDigest, findAffiliateAccountId, findWidgetReturnUrl } from "./affiliate.server.ts";
import { convertGeneratedAccount, createGeneratedAccount } from "./generated-account.server.ts";

// The affiliate data behind the widget code (ADR 0052) against the real database: one digest per
// account, made once; only a live registered account's digest counts; the counts are the account's own.

const accountIds: string[] = [];

afterAll(async () => {
  if (accountIds.length) await db.deleteFrom("account").where("id", "in", accountIds).execute();
  await db.destroy();
});

async function registered(account: Partial<Insertable<Account>> = {}) {
  const created = await insertAccountWithUser(db, { account });
  accountIds.push(created.accountId);
  return created;
}

async function tryIt(options: { referredByAccountId?: string | null; widgetReturnUrl?: string | null } = {}) {
  const created = await createGeneratedAccount(db, { locale: "en", ...options });
  accountIds.push(created.accountId);
  return created;
}

describe("ensureAffiliateDigest", () => {
  test("makes the account's digest on the first request and answers the same one ever after", async () => {
    const { accountId } = await registered();
    const digest = await ensureAffiliateDigest(db, accountId);
    expect(isAffiliateDigest(digest)).toBe(true);
    expect(await ensureAffiliateDigest(db, accountId)).toBe(digest);
    const row = await db.selectFrom("account").select("affiliateDigest").where("id", "=", accountId).executeTakeFirstOrThrow();
    expect(row.affiliateDigest).toBe(digest);
  });

  test("two requests at once agree on one digest; another account gets its own", async () => {
    const { accountId } = await registered();
    const [first, second] = await Promise.all([ensureAffiliateDigest(db, accountId), ensureAffiliateDigest(db, accountId)]);
    expect(first).toBe(second);
    const other = await registered();
    expect(await ensureAffiliateDigest(db, other.accountId)).not.toBe(first);
  });

  test("a deleted account gets none", async () => {
    const { accountId } = await registered({ deletedAt: new Date() });
    await expect(ensureAffiliateDigest(db, accountId)).rejects.toThrow();
  });
});

describe("findAffiliateAccountId", () => {
  test("the digest stands for its account", async () => {
    const { accountId } = await registered();
    expect(await findAffiliateAccountId(db, await ensureAffiliateDigest(db, accountId))).toBe(accountId);
  });

  test("an unknown or malformed digest stands for nobody", async () => {
    expect(await findAffiliateAccountId(db, "AAAAAAAAAAAAAAAAAAAAAA")).toBeNull();
    expect(await findAffiliateAccountId(db, "")).toBeNull();
    expect(await findAffiliateAccountId(db, "' OR 1=1 --")).toBeNull();
  });

  test.each([
    ["deactivated", { isActive: false }],
    ["deleted", { deletedAt: new Date() }],
    ["generated", { isGenerated: true, isTemporary: true }],
  ])("a %s account's digest stands for nobody", async (_, account) => {
    const digest = `${createId().slice(0, 20)}_-`;
    await registered({ ...account, affiliateDigest: digest });
    expect(isAffiliateDigest(digest)).toBe(true);
    expect(await findAffiliateAccountId(db, digest)).toBeNull();
  });
});

describe("accounts from the widget", () => {
  test("count for the referring account only, as still testing and, after signing up, as signed up", async () => {
    const affiliate = await registered();
    const bystander = await registered();
    const first = await tryIt({ referredByAccountId: affiliate.accountId });
    await tryIt({ referredByAccountId: affiliate.accountId });
    await tryIt();
    expect(await countReferredAccounts(db, affiliate.accountId)).toEqual({ trying: 2, signedUp: 0 });
    expect(await countReferredAccounts(db, bystander.accountId)).toEqual({ trying: 0, signedUp: 0 });

    await convertGeneratedAccount(db, {
      userId: first.userId,
      email: `${createId()}@affiliate.test`,
      firstname: "Erika",
      lastname: "Müller",
      companyName: "Müller Druck GmbH",
      emailLanguage: "de",
    });
    expect(await countReferredAccounts(db, affiliate.accountId)).toEqual({ trying: 1, signedUp: 1 });
  });

  test("forget the referring account when it is removed", async () => {
    const affiliate = await registered();
    const referred = await tryIt({ referredByAccountId: affiliate.accountId });
    await db.deleteFrom("account").where("id", "=", affiliate.accountId).execute();
    const row = await db.selectFrom("account").select("referredByAccountId").where("id", "=", referred.accountId).executeTakeFirstOrThrow();
    expect(row.referredByAccountId).toBeNull();
  });

  test("keep the customer's page they came from, for the try-it account only", async () => {
    const { accountId } = await tryIt({ widgetReturnUrl: "https://shop.example.org/epaper" });
    expect(await findWidgetReturnUrl(db, accountId)).toBe("https://shop.example.org/epaper");
    expect(await findWidgetReturnUrl(db, (await tryIt()).accountId)).toBeNull();
    const other = await registered({ widgetReturnUrl: "https://shop.example.org/" });
    expect(await findWidgetReturnUrl(db, other.accountId)).toBeNull();
  });
});
