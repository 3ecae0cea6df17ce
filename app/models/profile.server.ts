import { revokeUserSessions } from "#app/auth/session.server";
import { hashPassword, verifyPassword } from "#app/auth/password.server";
import type { Database } from "#db/client";
import { EMAIL_CONFIGS } from "#db/seed-data";
import { retryTransaction } from "#db/retry-transaction";

/**
 * The profile drawer's writes (studio-admin.md §4 "Account and profile"): names, the requested
 * e-mail, the password, the e-mail notifications and the check before a profile deletion. Every
 * function works on the one user id the caller passes, which the routes take from the session,
 * never from the form. Decisions: docs/decisions/0017-profile-and-account.md.
 */

export type EmailConfigName = (typeof EMAIL_CONFIGS)[number];

export function isEmailConfigName(value: unknown): value is EmailConfigName {
  return (EMAIL_CONFIGS as readonly unknown[]).includes(value);
}

export async function updateNames(db: Database, userId: string, names: { firstname: string; lastname: string }): Promise<void> {
  await db.updateTable("user").set({ firstname: names.firstname, lastname: names.lastname }).where("id", "=", userId).execute();
}

/**
 * Whether an address is taken for an e-mail change ('emailAlreadyExistOrAlreadyRequested'): any
 * user's e-mail (deleted users included: the unique index still holds their address) or another
 * user's requested e-mail. The caller's own pending request does not count, so asking again
 * sends a fresh link. The collation compares without case.
 */
export async function isEmailTakenForChange(db: Database, email: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("user")
    .select("id")
    .where((eb) => eb.or([eb("email", "=", email), eb.and([eb("requestedEmail", "=", email), eb("id", "!=", userId)])]))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Stores `email` as the user's requested e-mail, pending the link that the caller mails to it
 * (email-reset). Returns false when the address is taken (see isEmailTakenForChange). Two users
 * requesting the same address at the same instant could both pass; the unique index on
 * user.email then refuses the second confirmation ('unprocessable' on the token page).
 */
export async function requestEmailChange(db: Database, userId: string, email: string): Promise<boolean> {
  if (await isEmailTakenForChange(db, email, userId)) return false;
  // The user's own change replaces one support asked for (issue 44): no approval is pending any more.
  await db.updateTable("user").set({ requestedEmail: email, emailChangeRequestedBy: null }).where("id", "=", userId).execute();
  return true;
}

export type ChangePasswordOutcome = { ok: true } | { ok: false; reason: "wrongCurrentPassword" };

/**
 * Changes the password after checking the current one: stores the argon2id hash and ends every
 * other session of the user (they may have been opened with the old password); the session that
 * changed it stays.
 */
export async function changePassword(
  db: Database,
  options: { userId: string; currentPassword: string; newPassword: string; keepSessionId: string },
): Promise<ChangePasswordOutcome> {
  const user = await db
    .selectFrom("user")
    .select("passwordHash")
    .where("id", "=", options.userId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  if (!user?.passwordHash || !(await verifyPassword(options.currentPassword, user.passwordHash))) {
    return { ok: false, reason: "wrongCurrentPassword" };
  }
  const passwordHash = await hashPassword(options.newPassword);
  await retryTransaction(db, async (trx) => {
    await trx.updateTable("user").set({ passwordHash, passwordRequested: false }).where("id", "=", options.userId).execute();
    await revokeUserSessions(trx, options.userId, "passwordChanged", { exceptSessionId: options.keepSessionId });
  });
  return { ok: true };
}

export type NotificationSetting = { name: EmailConfigName; active: boolean };

/** The user's e-mail notification settings (user_email_config), in the order of EMAIL_CONFIGS. */
export async function listNotificationSettings(db: Database, userId: string): Promise<NotificationSetting[]> {
  const rows = await db
    .selectFrom("userEmailConfig as uec")
    .innerJoin("emailConfig as ec", "ec.id", "uec.emailConfigId")
    .select(["ec.name", "uec.active"])
    .where("uec.userId", "=", userId)
    .execute();
  return EMAIL_CONFIGS.flatMap((name) => {
    const row = rows.find((r) => r.name === name);
    return row ? [{ name, active: Boolean(row.active) }] : [];
  });
}

/** Switches one of the user's notifications on or off. Returns false when the user has no such setting. */
export async function setNotification(db: Database, userId: string, name: EmailConfigName, active: boolean): Promise<boolean> {
  const result = await db
    .updateTable("userEmailConfig")
    .set({ active })
    .where("userId", "=", userId)
    .where("emailConfigId", "in", (eb) => eb.selectFrom("emailConfig").select("emailConfig.id").where("emailConfig.name", "=", name))
    .executeTakeFirst();
  // MariaDB counts matched rows only when they change; an unchanged value is still a success.
  if (Number(result.numUpdatedRows) === 1) return true;
  return (await listNotificationSettings(db, userId)).some((setting) => setting.name === name);
}

/**
 * Whether the user is the last (not deleted) user of their own account: then the profile cannot
 * be deleted, only the account (studio-core.md §5 "Deletion rules"; the delete-user flow refuses
 * it too).
 */
export async function isLastUserOfAccount(db: Database, user: { id: string; baseAccountId: string }): Promise<boolean> {
  const other = await db
    .selectFrom("user")
    .select("id")
    .where("baseAccountId", "=", user.baseAccountId)
    .where("deletedAt", "is", null)
    .where("id", "!=", user.id)
    .executeTakeFirst();
  return other === undefined;
}

/** The language of the user's e-mails (and of the studio after the embedded hand-over), if it is one we speak. */
export async function findEmailLanguage(db: Database, userId: string): Promise<string | null> {
  const user = await db.selectFrom("user").select("emailLanguage").where("id", "=", userId).executeTakeFirst();
  return user?.emailLanguage ?? null;
}

/** The language switch also sets the language of the user's e-mails. */
export async function setEmailLanguage(db: Database, userId: string, locale: string): Promise<void> {
  await db.updateTable("user").set({ emailLanguage: locale }).where("id", "=", userId).execute();
}
