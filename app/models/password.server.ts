import { revokeUserSessions } from "#app/auth/session.server";
import { hashPassword } from "#app/auth/password.server";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";

/** The user a password-reset mail goes to: registered (try-it users have no address), not deleted. */
export async function findPasswordRequestUser(db: Database, email: string) {
  return db
    .selectFrom("user")
    .select(["id", "email", "firstname", "lastname", "emailLanguage"])
    .where("email", "=", email.trim())
    .where("deletedAt", "is", null)
    .where("isGenerated", "=", false)
    .executeTakeFirst();
}

/**
 * Sets a new password after a token login (studio-core.md §2 Password screen): stores the hash,
 * ends the token session's limits (emailTokenUsed, passwordRequested) and every other session of
 * the user, which may have been opened with the old password.
 */
export async function setNewPassword(db: Database, options: { userId: string; password: string; keepSessionId: string }) {
  const passwordHash = await hashPassword(options.password);
  await retryTransaction(db, async (trx) => {
    await trx
      .updateTable("user")
      .set({ passwordHash, emailTokenUsed: false, passwordRequested: false, lastLoginAt: new Date() })
      .where("id", "=", options.userId)
      .execute();
    await revokeUserSessions(trx, options.userId, "passwordChanged", { exceptSessionId: options.keepSessionId });
  });
}
