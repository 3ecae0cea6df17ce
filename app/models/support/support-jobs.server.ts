import { type EmailQueue, resendEmailJob } from "#app/email/send-email.server";
import { SECRET_VARIABLE_NAMES, secretVariablesOf } from "#app/email/templates";
import { REDACTED } from "#app/utils/redact-secrets";
import { AppError } from "#app/errors/app-error";
import { type PermissionSubject, requireOutranks, requirePermission } from "#app/rules/permissions";
import { likeContains, likePrefix, type SupportQuery } from "#app/rules/support-lists";
import type { Database } from "#db/client";
import type { SupportRenderProcessRow, SupportEmailJobRow } from "#app/rules/support-rows";
import { retryTransaction } from "#db/retry-transaction";
import type { SupportDeps } from "./support-accounts.server.ts";
import { SupportTargetNotFound } from "./support-errors.server.ts";
import { recordSupportAction, type SupportActor } from "./support-audit.server.ts";
import { accountLevel, loadAccountRank } from "./support-rank.server.ts";

/*
 * The render processes and e-mail jobs tables of the support area (studio-admin.md §2, §3, §4;
 * issue 14): what the farm and the mailer are doing, the active toggle of a render process
 * ('3' and '4' may update render process active states, §6) and resending a mail.
 */

const RENDER_SORTS = { updatedAt: "renderProcess.updatedAt", createdAt: "renderProcess.createdAt" } as const;

export async function listSupportRenderProcesses(db: Database, subject: PermissionSubject, query: SupportQuery<"renderprocesses">) {
  requirePermission(subject, "support");
  let base = db.selectFrom("renderProcess").innerJoin("epaper", "epaper.id", "renderProcess.epaperId");
  if (query.search) {
    const search = query.search;
    // The ePaper info view links here with the render document id (§2).
    base = base.where((eb) =>
      eb.or([
        eb("renderProcess.documentId", "=", search),
        eb("renderProcess.epaperId", "=", search),
        eb("renderProcess.renderServiceId", "=", search),
        eb("epaper.name", "like", likePrefix(search)),
      ]),
    );
  }
  if (query.filter === "active") base = base.where("renderProcess.active", "=", true);
  if (query.filter === "inactive") base = base.where("renderProcess.active", "=", false);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    base
      .innerJoin("account", "account.id", "epaper.accountId")
      .select((eb) => [
        "renderProcess.id",
        "renderProcess.epaperId",
        "epaper.name as epaperName",
        "epaper.accountId",
        "account.isProtected as accountIsProtected",
        accountLevel(eb).as("accountLevel"),
        "renderProcess.pageCount",
        "renderProcess.pageCountReady",
        "renderProcess.documentId",
        "renderProcess.renderServiceId",
        "renderProcess.renderserverUrl",
        "renderProcess.active",
        "renderProcess.downloadDone",
        "renderProcess.splitDone",
        "renderProcess.createdAt",
        "renderProcess.updatedAt",
      ])
      .orderBy(RENDER_SORTS[query.orderProp], query.order)
      .orderBy("renderProcess.id", query.order)
      .limit(query.take)
      .offset(query.skip)
      .execute(),
  ]);
  return { total: Number(total), rows: rows satisfies SupportRenderProcessRow[] };
}

/** The active toggle of a render process (§6: '3' and '4' may update render process active states), of an account the actor outranks. */
export async function setRenderProcessActive(deps: SupportDeps, actor: SupportActor, renderProcessId: string, active: boolean) {
  requirePermission(actor.subject, "support");
  return retryTransaction(deps.db, async (trx) => {
    const row = await trx
      .selectFrom("renderProcess")
      .innerJoin("epaper", "epaper.id", "renderProcess.epaperId")
      .select(["renderProcess.id", "renderProcess.active", "epaper.accountId"])
      .where("renderProcess.id", "=", renderProcessId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new SupportTargetNotFound("render process");
    // The hierarchy (issue 44): a render process is part of an account's ePaper.
    requireOutranks(actor.subject, await loadAccountRank(trx, row.accountId), "renderProcess");
    if (row.active === active) return false;
    await trx.updateTable("renderProcess").set({ active }).where("id", "=", renderProcessId).execute();
    await recordSupportAction(trx, actor, {
      accountId: row.accountId,
      targetType: "renderProcess",
      targetId: renderProcessId,
      action: active ? "activate" : "deactivate",
      before: { active: row.active },
      after: { active },
    });
    return true;
  });
}

const EMAIL_SORTS = { attempts: "emailJob.attempts", createdAt: "emailJob.createdAt", updatedAt: "emailJob.updatedAt" } as const;

export async function listSupportEmailJobs(db: Database, subject: PermissionSubject, query: SupportQuery<"emailJobs">) {
  requirePermission(subject, "support");
  let base = db.selectFrom("emailJob");
  if (query.search) {
    const search = query.search;
    base = base.where((eb) =>
      eb.or([
        eb("emailJob.recipientEmail", "like", likeContains(search)),
        eb("emailJob.id", "=", search),
        eb("emailJob.userId", "=", search),
        eb("emailJob.mailerMessageId", "=", search),
      ]),
    );
  }
  if (query.filter === "failed") base = base.where("emailJob.mailerError", "is not", null);
  if (query.filter === "sent") base = base.where("emailJob.sentAt", "is not", null);
  if (query.filter === "pending") base = base.where("emailJob.sentAt", "is", null).where("emailJob.mailerError", "is", null);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    base
      .select([
        "emailJob.id",
        "emailJob.recipientEmail",
        "emailJob.type",
        "emailJob.attempts",
        "emailJob.mailerMessageId",
        "emailJob.mailerError",
        "emailJob.templateVars",
        "emailJob.createdAt",
        "emailJob.updatedAt",
      ])
      .orderBy(EMAIL_SORTS[query.orderProp], query.order)
      .orderBy("emailJob.id", query.order)
      .limit(query.take)
      .offset(query.skip)
      .execute(),
  ]);
  return {
    total: Number(total),
    rows: rows.map((row): SupportEmailJobRow => ({ ...row, templateVars: shownVariables(row.type, row.templateVars) })),
  };
}

/** What support reads of a mail's stored variables (issue 44): never a secret, only its name. */
function shownVariables(type: string, stored: unknown): string | null {
  if (stored === null || typeof stored !== "object" || Array.isArray(stored)) return stored === null ? null : JSON.stringify(stored);
  const shown: Record<string, unknown> = {};
  // Any name a template calls secret is hidden, whatever the row's type says (an old row, a renamed type).
  for (const [name, value] of Object.entries(stored)) shown[name] = SECRET_VARIABLE_NAMES.has(name) ? REDACTED : value;
  for (const name of secretVariablesOf(type)) shown[name] = REDACTED;
  return JSON.stringify(shown, null, 2);
}

/** 'Resend' (§7 repeat-email-job): the stored mail is queued again; a failure says 'resendingEmailFailed'. */
export async function resendEmailAsSupport(deps: SupportDeps & { queue: EmailQueue }, actor: SupportActor, emailJobId: string) {
  requirePermission(actor.subject, "support");
  const job = await deps.db
    .selectFrom("emailJob")
    .leftJoin("user", "user.id", "emailJob.userId")
    .select(["emailJob.id", "user.baseAccountId"])
    .where("emailJob.id", "=", emailJobId)
    .executeTakeFirst();
  if (!job) throw new SupportTargetNotFound("e-mail job");
  try {
    if (!(await resendEmailJob(deps, emailJobId))) throw new SupportTargetNotFound("e-mail job");
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("support.errors.resendingEmailFailed", { status: 503, detail: String(error) });
  }
  await recordSupportAction(deps.db, actor, {
    accountId: job.baseAccountId ?? null,
    targetType: "emailJob",
    targetId: emailJobId,
    action: "resend",
  });
}
