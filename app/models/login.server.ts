import { findPreferenceValue } from "#app/preferences/system-preference.server";
import { verifyPassword } from "#app/auth/password.server";
import type { Database } from "#db/client";

export type LoginOutcome =
  | { ok: true; userId: string }
  | { ok: false; messageKey: "validation.notFoundEmail"; params: { email: string } }
  | { ok: false; messageKey: "validation.invalidCredentials"; params: Record<string, never> }
  | { ok: false; messageKey: "validation.accountDeactivated"; params: { supportEmail: string } }
  | { ok: false; messageKey: "validation.maintenanceStaffOnly"; params: Record<string, never> };

/**
 * Checks an e-mail and password (studio-core.md §5 and §8): an unknown address is named back
 * (EmailNotFound), a wrong password is 'Invalid credentials', a deactivated account points to
 * the support address. A successful login clears emailTokenUsed and passwordRequested.
 */
export async function checkLogin(
  db: Database,
  email: string,
  password: string,
  options: { staffOnly?: boolean } = {},
): Promise<LoginOutcome> {
  const user = await db
    .selectFrom("user")
    .innerJoin("account", "account.id", "user.baseAccountId")
    .select(["user.id", "user.passwordHash", "account.isActive"])
    .where("user.email", "=", email)
    .where("user.deletedAt", "is", null)
    .executeTakeFirst();
  if (!user) return { ok: false, messageKey: "validation.notFoundEmail", params: { email } };
  // Generated (try-it) users have no password: they cannot log in with one.
  if (!user.passwordHash || !(await verifyPassword(password, user.passwordHash)))
    return { ok: false, messageKey: "validation.invalidCredentials", params: {} };
  if (!user.isActive) {
    const support = (await findPreferenceValue(db, "Support")) as { supportEmail?: { email?: string } } | null;
    return { ok: false, messageKey: "validation.accountDeactivated", params: { supportEmail: support?.supportEmail?.email ?? "" } };
  }
  // The maintenance login (studio-admin.md §2) lets in support and admins (levels 3 and 4) only.
  if (options.staffOnly && !(await isStaff(db, user.id))) return { ok: false, messageKey: "validation.maintenanceStaffOnly", params: {} };
  await db
    .updateTable("user")
    .set({ emailTokenUsed: false, passwordRequested: false, lastLoginAt: new Date() })
    .where("id", "=", user.id)
    .execute();
  return { ok: true, userId: user.id };
}

async function isStaff(db: Database, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("userPermission")
    .innerJoin("permissionType", "permissionType.id", "userPermission.permissionTypeId")
    .select("permissionType.id")
    .where("userPermission.userId", "=", userId)
    .where("permissionType.priority", "in", ["3", "4"])
    .executeTakeFirst();
  return row !== undefined;
}
