import type { StudioUser } from "#app/auth/studio-user.server";
import type { Database } from "#db/client";

/**
 * The account drawer's writes and checks (studio-admin.md §4 "Account and profile"). The routes
 * pass the account id from the session (the current or the base account), never one from a form.
 * Decisions: docs/decisions/0017-profile-and-account.md.
 */

export async function renameAccount(db: Database, accountId: string, name: string): Promise<void> {
  await db.updateTable("account").set({ name }).where("id", "=", accountId).where("deletedAt", "is", null).execute();
}

/**
 * Whether the account still has a channel with an active subscription: not deleted, and no
 * removeAt or one in the future (studio-admin.md §4). Such an account cannot be deleted
 * (studio-core.md §5); the drawer offers 'manage channels' or 'contact support' instead, and the
 * delete-account token flow refuses it too.
 */
export async function hasActiveChannelSubscriptions(db: Database, accountId: string, now = new Date()): Promise<boolean> {
  const subscribed = await db
    .selectFrom("channel")
    .select("id")
    .where("accountId", "=", accountId)
    .where("deletedAt", "is", null)
    .where((eb) => eb.or([eb("removeAt", "is", null), eb("removeAt", ">", now)]))
    .executeTakeFirst();
  return subscribed !== undefined;
}

/** The name the delete-account mail states, or null when the account is gone. */
export async function findAccountName(db: Database, accountId: string): Promise<string | null> {
  const row = await db.selectFrom("account").select("name").where("id", "=", accountId).where("deletedAt", "is", null).executeTakeFirst();
  return row?.name ?? null;
}

/** What the drawers need to offer account deletion (studio-admin.md §4). */
export type DeleteAccountState = {
  /** The deleteAccount permission: the button shows. */
  allowed: boolean;
  /**
   * The user acts in an account that is not their own (support, a switched member). The link
   * deletes the user's own account (delete-account flow), so the drawer of another account
   * offers no deletion; the user switches back first.
   */
  administered: boolean;
  hasActiveChannels: boolean;
  /** The account the link deletes: the user's own. */
  accountName: string;
};

export async function deleteAccountState(
  db: Database,
  { user, permissions }: Pick<StudioUser, "user" | "permissions">,
): Promise<DeleteAccountState> {
  const allowed = permissions.has("deleteAccount");
  const administered = user.accountId !== user.baseAccountId;
  const hasActiveChannels = allowed && !administered ? await hasActiveChannelSubscriptions(db, user.baseAccountId) : false;
  return { allowed, administered, hasActiveChannels, accountName: user.accountName };
}
