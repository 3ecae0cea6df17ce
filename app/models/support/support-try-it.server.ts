import { AppError } from "#app/errors/app-error";
import { publishToAccount } from "#app/events/publish.server";
import { requirePermission } from "#app/rules/permissions";
import { retryTransaction } from "#db/retry-transaction";
import { renewGeneratedAccountIn } from "../generated-account.server.ts";
import { lockTargetAccount, type SupportDeps } from "./support-accounts.server.ts";
import { recordSupportAction, type SupportActor } from "./support-audit.server.ts";

/*
 * renew-generated-account (studio-admin.md §7; issue 30): from a try-it account's row of the
 * accounts table, support keeps a prospect's account longer. The storage time starts again from
 * now (never shortened, the test phase is not restarted: ADR 0015), for the account and its
 * ePapers. Like every write on an account it checks level 3 or 4 and the hierarchy against the
 * account's rank (supportAccountListEdit, issue 27) on the locked row, and is written to the
 * audit trail in the same transaction.
 */

/** Renews the storage time of a generated account; 404 when it is gone, 422 when it is a registered one. */
export async function renewGeneratedAccountAsSupport(
  deps: SupportDeps,
  actor: SupportActor,
  accountId: string,
  now: Date = new Date(),
): Promise<Date> {
  requirePermission(actor.subject, "support");
  const removeAt = await retryTransaction(deps.db, async (trx) => {
    const account = await lockTargetAccount(trx, accountId);
    // The hierarchy first: an account above the caller's level is refused whatever it is.
    requirePermission(actor.subject, "supportAccountListEdit", account);
    const renewed = await renewGeneratedAccountIn(trx, accountId, now);
    if (!renewed) throw new AppError("support.errors.notGenerated", { status: 422, detail: `account ${accountId} is not generated` });
    await recordSupportAction(trx, actor, {
      accountId,
      targetType: "account",
      targetId: accountId,
      action: "renewGeneratedAccount",
      before: { removeAt: account.removeAt?.toISOString() ?? null },
      after: { removeAt: renewed.toISOString() },
    });
    return renewed;
  });
  // The try-it user's browser shows the storage time (the preview button): it re-reads it.
  await publishToAccount(deps.redis, accountId, { type: "accountDataChanged" });
  return removeAt;
}
