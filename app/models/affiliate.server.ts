import { randomBytes } from "node:crypto";
import type { Database } from "#db/client";
import { isAffiliateDigest } from "#app/rules/upload-widget";

/**
 * The affiliate data behind the embedded upload widget's code (studio-admin.md §7
 * 'create-affiliate-data: returns digest and widgetCode'). An account's digest is a public,
 * random identifier its widget code carries; a try-it account the widget creates with it is
 * referred by that account (account.referred_by_account_id), and keeps that when it signs up.
 * The routes pass the account id from the session, never one from a form.
 * Decisions: docs/decisions/0052-upload-widget-code-and-affiliate.md.
 */

/** 16 random bytes, base64url: 22 characters, as rules/upload-widget.ts expects them. */
const newDigest = () => randomBytes(16).toString("base64url");

/**
 * The account's affiliate digest, made on its first request and the same ever after (a widget
 * already pasted into a customer's page keeps working). Two requests at once agree: only the
 * first write finds the column empty, and both read what it wrote.
 */
export async function ensureAffiliateDigest(db: Database, accountId: string): Promise<string> {
  await db
    .updateTable("account")
    .set({ affiliateDigest: newDigest() })
    .where("id", "=", accountId)
    .where("affiliateDigest", "is", null)
    .where("deletedAt", "is", null)
    .execute();
  const row = await db
    .selectFrom("account")
    .select("affiliateDigest")
    .where("id", "=", accountId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  if (!row?.affiliateDigest) throw new Error(`account ${accountId} has no affiliate digest (deleted?)`);
  return row.affiliateDigest;
}

/**
 * The account a widget's digest stands for: a live, active, registered account; null for an
 * unknown or malformed digest, or an account that is gone or deactivated (the widget then works
 * on, and its try-it account counts for nobody).
 */
export async function findAffiliateAccountId(db: Database, digest: string): Promise<string | null> {
  if (!isAffiliateDigest(digest)) return null;
  const row = await db
    .selectFrom("account")
    .select("id")
    .where("affiliateDigest", "=", digest)
    .where("deletedAt", "is", null)
    .where("isActive", "=", true)
    .where("isGenerated", "=", false)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** What the account drawer tells about the accounts the widget brought: still trying, and signed up. */
export type ReferredAccounts = { trying: number; signedUp: number };

export async function countReferredAccounts(db: Database, accountId: string): Promise<ReferredAccounts> {
  const rows = await db
    .selectFrom("account")
    .select(["isGenerated", (eb) => eb.fn.countAll<number>().as("count")])
    .where("referredByAccountId", "=", accountId)
    .where("deletedAt", "is", null)
    .groupBy("isGenerated")
    .execute();
  const count = (generated: boolean) => Number(rows.find((row) => Boolean(row.isGenerated) === generated)?.count ?? 0);
  return { trying: count(true), signedUp: count(false) };
}

/** The page of the customer's site a try-it account came from through the widget, or null. */
export async function findWidgetReturnUrl(db: Database, accountId: string): Promise<string | null> {
  const row = await db
    .selectFrom("account")
    .select("widgetReturnUrl")
    .where("id", "=", accountId)
    .where("isGenerated", "=", true)
    .executeTakeFirst();
  return row?.widgetReturnUrl ?? null;
}
