import { createId } from "@paralleldrive/cuid2";
import { type PermissionSubject, requirePermission } from "#app/rules/permissions";
import type { Database } from "#db/client";
import type { AuditRow } from "#app/rules/support-rows";
import { SupportTargetNotFound } from "./support-errors.server.ts";

/*
 * The support audit trail (issue 14, ADR 0042): every support write on customer data is written
 * here in the same transaction as the change, with who made it, when, what it changed and the
 * values before and after. The accounts table's drawer shows an account's entries, newest first.
 */

/** The support user acting: the permission subject and the address the trail keeps. */
export type SupportActor = { subject: PermissionSubject; email: string };

export type AuditTarget =
  | "account"
  | "user"
  | "epaper"
  | "publication"
  | "channel"
  | "renderProcess"
  | "emailJob"
  | "news"
  | "shopOrderCode"
  | "serviceNotification"
  | "apiKey";

export type AuditEntry = {
  /** The customer account the change concerns (null for service-wide rows: news, order codes, service notifications). */
  accountId: string | null;
  targetType: AuditTarget;
  targetId: string;
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

const json = (value: Record<string, unknown> | null | undefined) => (value ? JSON.stringify(value) : null);

/** Writes one entry; call it with the transaction that makes the change, so both or neither land. */
export async function recordSupportAction(trx: Database, actor: SupportActor, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto("supportAudit")
    .values({
      id: createId(),
      actorUserId: actor.subject.id,
      actorEmail: actor.email,
      accountId: entry.accountId,
      targetType: entry.targetType,
      targetId: entry.targetId,
      action: entry.action,
      beforeJson: json(entry.before),
      afterJson: json(entry.after),
    })
    .execute();
}

export const AUDIT_PAGE_SIZE = 50;

/** What support lists of an account needs the account to exist (deleted ones too): else 404, not an empty list. */
export async function requireKnownAccount(db: Database, accountId: string): Promise<void> {
  const row = await db.selectFrom("account").select("id").where("id", "=", accountId).executeTakeFirst();
  if (!row) throw new SupportTargetNotFound("account");
}

/**
 * An account's trail, newest first, one page (the drawer's 'load more' asks for the next). The
 * trail outlives a removed account (it has no foreign key): 404 only when there is neither.
 */
export async function listAccountAudit(db: Database, subject: PermissionSubject, accountId: string, skip = 0): Promise<AuditRow[]> {
  requirePermission(subject, "support");
  const rows = await db
    .selectFrom("supportAudit")
    .select(["id", "createdAt", "actorEmail", "targetType", "targetId", "action", "beforeJson", "afterJson"])
    .where("accountId", "=", accountId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(AUDIT_PAGE_SIZE)
    .offset(Math.max(0, skip))
    .execute();
  if (rows.length === 0 && skip === 0) await requireKnownAccount(db, accountId);
  return rows.map(({ beforeJson, afterJson, ...row }) => ({ ...row, before: beforeJson, after: afterJson }));
}
