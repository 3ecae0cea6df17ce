import { AppError } from "#app/errors/app-error";
import { createId } from "@paralleldrive/cuid2";
import { retryTransaction } from "#db/retry-transaction";
import type { Database } from "#db/client";
import { insertAccountWithOwner, isDuplicateKeyError } from "./account-creation.server.ts";
import { lockAccount } from "./account-lock.server.ts";

/**
 * The life of a generated (try-it) account (studio-core.md §1, §2 /try-it, §4 "Test phase";
 * studio-admin.md §4, §7). Decisions: docs/decisions/0015-try-it-lifecycle.md.
 *
 * - Test phase: from the account's creation until TRY_IT_TEST_PHASE_MS later. Then the user is
 *   asked to sign up or to cancel (the `testPhaseExpired` event, and testPhaseExpired() for a
 *   loader).
 * - Storage time (account.remove_at): TRY_IT_STORAGE_MS after creation. Then the scheduled job
 *   removes the account with its ePapers, whether or not anybody answered.
 */

/** How long a generated user may try the product before being asked to sign up. */
export const TRY_IT_TEST_PHASE_MS = 24 * 60 * 60_000;
/** How long a generated account and its ePapers are kept (account.remove_at), counted from creation. */
export const TRY_IT_STORAGE_MS = 7 * 24 * 60 * 60_000;

/** Domain of generated users' addresses: `.invalid` can never receive mail (RFC 2606). */
export const GENERATED_EMAIL_DOMAIN = "generated.invalid";

/** The storage time of a generated account created at `createdAt`. */
export function generatedAccountRemoveAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + TRY_IT_STORAGE_MS);
}

/** When the test phase of a generated account created at `createdAt` ends. */
export function testPhaseEndsAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + TRY_IT_TEST_PHASE_MS);
}

/** Whether the account is a generated one whose test phase is over at `now`. */
export function testPhaseExpired(account: { isGenerated: boolean; createdAt: Date }, now: Date = new Date()): boolean {
  return account.isGenerated && now.getTime() >= testPhaseEndsAt(account.createdAt).getTime();
}

/** Whether an address is one createGeneratedAccount made up (never shown, never mailed). */
export function isGeneratedEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${GENERATED_EMAIL_DOMAIN}`);
}

/** The operation needs a generated (try-it) user, and this one is not (or is gone). */
export class NotAGeneratedUser extends AppError {
  override readonly name = "NotAGeneratedUser";
  readonly userId: string;

  constructor(userId: string) {
    super("errors.unexpected", { status: 409, detail: `User ${userId} is not a generated user` });
    this.userId = userId;
  }
}

/** The generated account is being removed (storage time over, or the test was cancelled). */
export class GeneratedAccountRemoved extends AppError {
  override readonly name = "GeneratedAccountRemoved";
  readonly accountId: string;

  constructor(accountId: string) {
    super("errors.unexpected", { status: 410, detail: `Generated account ${accountId} is being removed` });
    this.accountId = accountId;
  }
}

/**
 * Signup with an address another user has (studio-core.md §5 'emailAlreadyExist'). Deleted
 * users count: the unique key still holds their address.
 */
export class EmailAlreadyExists extends AppError {
  override readonly name = "EmailAlreadyExists";
  readonly email: string;

  constructor(email: string) {
    super("validation.emailAlreadyExist", { status: 409, detail: `E-mail address already in use: ${email}` });
    this.email = email;
  }
}

/**
 * /try-it: a new generated account with its owner (studio-core.md §2). Both are generated and
 * temporary; the user has no password (it cannot log in, only keep its session) and a made-up
 * address that never receives mail. The account gets what every account gets (root folder,
 * membership, owner permission, notification settings; see insertAccountWithOwner) and its
 * storage time. One transaction: a half-created try-it account never exists. The embedded
 * widget passes the account whose widget code it was (`referredByAccountId`) and the customer's
 * page it sits on (`widgetReturnUrl`), both checked by the caller (ADR 0052).
 */
export async function createGeneratedAccount(
  db: Database,
  options: { locale: string; now?: Date; referredByAccountId?: string | null; widgetReturnUrl?: string | null },
): Promise<{ accountId: string; userId: string; removeAt: Date }> {
  const now = options.now ?? new Date();
  const removeAt = generatedAccountRemoveAt(now);
  const tag = createId();
  const ids = await retryTransaction(db, async (trx) => {
    const created = await insertAccountWithOwner(trx, {
      account: { name: `Try-it ${tag.slice(0, 8)}`, isGenerated: true, isTemporary: true, removeAt },
      user: {
        email: `try-${tag}@${GENERATED_EMAIL_DOMAIN}`,
        firstname: "",
        lastname: "",
        passwordHash: null,
        emailLanguage: options.locale,
        isGenerated: true,
        isTemporary: true,
      },
      // The owner, like a registering customer (ADR 0010): being generated and temporary already
      // withholds every level-2 right, and signing up then changes no permission row.
      permissionType: "owner",
    });
    // The test phase and the storage time count from the same instant.
    await trx
      .updateTable("account")
      .set({
        createdAt: now,
        referredByAccountId: options.referredByAccountId ?? null,
        widgetReturnUrl: options.widgetReturnUrl ?? null,
      })
      .where("id", "=", created.accountId)
      .execute();
    await trx.updateTable("user").set({ createdAt: now }).where("id", "=", created.userId).execute();
    return created;
  });
  return { ...ids, removeAt };
}

export type ConvertGeneratedAccountInput = {
  userId: string;
  email: string;
  firstname: string;
  lastname: string;
  companyName: string;
  emailLanguage: string;
};

/**
 * Signup of a generated user (studio-core.md §4 "User states": generated becomes confirmed after
 * registration). The user keeps its id, session and ePapers: it gets the real address and names
 * and is no longer generated, but stays temporary (unconfirmed) until the link of the
 * generated-user-signup mail is used (that flow confirms and asks for a password). The account
 * is renamed to the company, is no longer generated and loses its storage time; its ePapers lose
 * theirs too. Throws NotAGeneratedUser, GeneratedAccountRemoved or EmailAlreadyExists.
 */
export async function convertGeneratedAccount(db: Database, input: ConvertGeneratedAccountInput): Promise<{ accountId: string }> {
  const email = input.email.trim();
  try {
    return await retryTransaction(db, async (trx) => {
      // Locks the account row: removal claims it with an UPDATE (account-removal.server.ts), so
      // either the signup or the removal goes first, never both.
      const row = await trx
        .selectFrom("user")
        .innerJoin("account", "account.id", "user.baseAccountId")
        .select(["user.isGenerated", "user.deletedAt as userDeletedAt", "account.id as accountId", "account.deletedAt"])
        .where("user.id", "=", input.userId)
        .forUpdate()
        .executeTakeFirst();
      if (!row?.isGenerated || row.userDeletedAt) throw new NotAGeneratedUser(input.userId);
      if (row.deletedAt) throw new GeneratedAccountRemoved(row.accountId);
      const taken = await trx.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
      if (taken) throw new EmailAlreadyExists(email);
      await trx
        .updateTable("user")
        .set({
          email,
          firstname: input.firstname.trim(),
          lastname: input.lastname.trim(),
          emailLanguage: input.emailLanguage,
          isGenerated: false,
          isTemporary: true,
        })
        .where("id", "=", input.userId)
        .execute();
      await trx
        .updateTable("account")
        .set({ name: input.companyName.trim(), isGenerated: false, isTemporary: true, removeAt: null, testPhaseNotifiedAt: null })
        .where("id", "=", row.accountId)
        .execute();
      await trx.updateTable("epaper").set({ removeAt: null }).where("accountId", "=", row.accountId).execute();
      return { accountId: row.accountId };
    });
  } catch (error) {
    // Another signup took the address between the check and the update.
    if (isDuplicateKeyError(error)) throw new EmailAlreadyExists(email);
    throw error;
  }
}

/**
 * renew-generated-account (studio-admin.md §7): the storage time starts again from `now`, so
 * support can keep a prospect's try-it account longer. It never shortens the storage time and
 * does not restart the test phase. Returns the new storage time, or null when the account is not
 * a generated one; throws GeneratedAccountRemoved when its removal has begun.
 */
export async function renewGeneratedAccount(db: Database, accountId: string, now: Date = new Date()): Promise<Date | null> {
  return retryTransaction(db, (trx) => renewGeneratedAccountIn(trx, accountId, now));
}

/**
 * renewGeneratedAccount inside the caller's transaction, so a caller can check its own rules on
 * the locked row and record the change in the same transaction (support's row action).
 */
export async function renewGeneratedAccountIn(trx: Database, accountId: string, now: Date = new Date()): Promise<Date | null> {
  const account = await lockAccount(trx, accountId);
  if (!account?.isGenerated) return null;
  if (account.deletedAt) throw new GeneratedAccountRemoved(accountId);
  const renewed = generatedAccountRemoveAt(now);
  const removeAt = account.removeAt && account.removeAt > renewed ? account.removeAt : renewed;
  await trx.updateTable("account").set({ removeAt }).where("id", "=", accountId).execute();
  await trx.updateTable("epaper").set({ removeAt }).where("accountId", "=", accountId).execute();
  return removeAt;
}
