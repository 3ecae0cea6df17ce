import { sendAuthMail } from "#app/auth/auth-mail.server";
import type { EmailQueueDeps } from "#app/email/send-email.server";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import { approveEmailChangeIn, declineEmailChangeIn, type EmailChangeRequest } from "./token-flows.server.ts";

/*
 * An e-mail change that support (below level 4) asked for waits for the user (issue 44, ADR 0027):
 * the current address approves it by its link, or the user in their own signed-in profile; only
 * then does the new address get its confirmation link. Either address, or the profile, declines it.
 */

/** After an approval committed: the new address gets the link that makes it the login (and a decline link). */
export async function mailApprovedEmailChange(deps: EmailQueueDeps, change: EmailChangeRequest): Promise<void> {
  const user = await deps.db
    .selectFrom("user")
    .select(["id", "email", "firstname", "lastname", "emailLanguage"])
    .where("id", "=", change.userId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  if (!user) return;
  await sendAuthMail(deps, { user, authType: "email-reset", newEmail: change.newEmail, requestedBy: change.requestedBy });
}

/**
 * The signed-in user's answer to the pending request for `email` (the address the profile showed):
 * false when none is pending for it (answered elsewhere, or replaced by another address meanwhile,
 * so an answer never applies to an address the user did not see).
 */
export async function answerEmailChange(
  deps: EmailQueueDeps,
  userId: string,
  answer: "approve" | "decline",
  email: string,
): Promise<{ email: string } | false> {
  const outcome = await retryTransaction(deps.db, async (trx) => {
    const user = await trx
      .selectFrom("user")
      .select(["id", "requestedEmail", "emailChangeRequestedBy"])
      .where("id", "=", userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user?.requestedEmail || user.emailChangeRequestedBy === null || user.requestedEmail !== email) return null;
    const pending = { id: user.id, requestedEmail: user.requestedEmail, emailChangeRequestedBy: user.emailChangeRequestedBy };
    if (answer === "decline") return declineEmailChangeIn(trx, pending);
    return approveEmailChangeIn(trx, pending);
  });
  if (!outcome) return false;
  if ("confirmEmailChange" in outcome) await mailApprovedEmailChange(deps, outcome.confirmEmailChange);
  return outcome.params;
}

/** The change support asked for that waits for this user's answer, if any. */
export async function findPendingEmailChange(db: Database, userId: string): Promise<{ email: string; requestedBy: string } | null> {
  const row = await db.selectFrom("user").select(["requestedEmail", "emailChangeRequestedBy"]).where("id", "=", userId).executeTakeFirst();
  return row?.requestedEmail && row.emailChangeRequestedBy ? { email: row.requestedEmail, requestedBy: row.emailChangeRequestedBy } : null;
}
