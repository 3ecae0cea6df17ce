import { createId } from "@paralleldrive/cuid2";
import type { Selectable } from "kysely";
import type { Database } from "#db/client";
import type { ApiKey } from "#db/schema.gen";
import { retryTransaction } from "#db/retry-transaction";
import { generateApiKey } from "#app/auth/api-key.server";
import { AppError, Forbidden } from "#app/errors/app-error";
import { type ApiKeyScope, type ApiKeyView, MAX_API_KEYS_PER_ACCOUNT, scopesOf, storedScopes } from "#app/rules/api-keys";
import { type PermissionSubject, requirePermission } from "#app/rules/permissions";
import { lockTargetAccount } from "./support/support-accounts.server.ts";
import { recordSupportAction, requireKnownAccount, type SupportActor } from "./support/support-audit.server.ts";
import { SupportTargetNotFound } from "./support/support-errors.server.ts";

/*
 * The account's API keys (issue 32, ADR 0056): made and revoked in the account drawer by its
 * owners and managers (apiKeys), seen and revoked by support in the back office. A key belongs to
 * the account, not to the user who made it; its secret is returned once, at creation, and only
 * its SHA-256 is stored. Revoking sets revoked_at: the next call with the key is refused (401).
 */

export class ApiKeyNotFound extends AppError {
  override name = "ApiKeyNotFound";
  constructor(detail?: string) {
    super("apiKeys.notFound", { status: 404, detail });
  }
}

const VIEW_COLUMNS = ["id", "name", "prefix", "scopes", "createdAt", "lastUsedAt", "revokedAt"] as const;

function viewOf(row: Pick<Selectable<ApiKey>, (typeof VIEW_COLUMNS)[number]>): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: scopesOf(row.scopes),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * Keys are made only in the user's own account: support switched into a customer's account
 * (administered) sees them there but mints no credentials for it.
 */
function requireOwnAccountKeys(subject: PermissionSubject) {
  requirePermission(subject, "apiKeys");
  if (subject.accountId !== subject.baseAccountId) throw new Forbidden("apiKeys");
}

/** The account's live keys, newest first (the drawer's list). */
export async function listApiKeys(db: Database, subject: PermissionSubject): Promise<ApiKeyView[]> {
  requirePermission(subject, "apiKeys");
  const rows = await db
    .selectFrom("apiKey")
    .select(VIEW_COLUMNS)
    .where("accountId", "=", subject.accountId)
    .where("revokedAt", "is", null)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(viewOf);
}

/** A new key of the user's own account; `token` is the only time the secret leaves the server. */
export async function createApiKey(
  db: Database,
  subject: PermissionSubject,
  input: { name: string; scopes: readonly ApiKeyScope[] },
): Promise<{ key: ApiKeyView; token: string }> {
  requireOwnAccountKeys(subject);
  const { token, prefix, secretHash } = generateApiKey();
  const id = createId();
  await retryTransaction(db, async (trx) => {
    // The account row serialises concurrent creations, so the limit holds.
    await trx.selectFrom("account").select("id").where("id", "=", subject.accountId).forUpdate().executeTakeFirstOrThrow();
    const { live } = await trx
      .selectFrom("apiKey")
      .select((eb) => eb.fn.countAll<number>().as("live"))
      .where("accountId", "=", subject.accountId)
      .where("revokedAt", "is", null)
      .executeTakeFirstOrThrow();
    if (Number(live) >= MAX_API_KEYS_PER_ACCOUNT) {
      throw new AppError("apiKeys.limitReached", { status: 409, params: { max: MAX_API_KEYS_PER_ACCOUNT } });
    }
    await trx
      .insertInto("apiKey")
      .values({
        id,
        accountId: subject.accountId,
        // The subject of a studio user is the user: keep who made it (null once they are deleted).
        createdByUserId: subject.id,
        name: input.name,
        prefix,
        secretHash,
        scopes: storedScopes(input.scopes),
      })
      .execute();
  });
  const row = await db.selectFrom("apiKey").select(VIEW_COLUMNS).where("id", "=", id).executeTakeFirstOrThrow();
  return { key: viewOf(row), token };
}

/** Revokes a live key of the account the user works in; another account's key, or a revoked one, is 'not found'. */
export async function revokeApiKey(db: Database, subject: PermissionSubject, keyId: string, now = new Date()): Promise<void> {
  requireOwnAccountKeys(subject);
  const result = await db
    .updateTable("apiKey")
    .set({ revokedAt: now })
    .where("id", "=", keyId)
    .where("accountId", "=", subject.accountId)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new ApiKeyNotFound(`api key ${keyId}`);
}

/** Support's view of one account's keys, revoked ones included (they say when), newest first. */
export async function listApiKeysAsSupport(db: Database, subject: PermissionSubject, accountId: string): Promise<ApiKeyView[]> {
  requirePermission(subject, "support");
  await requireKnownAccount(db, accountId);
  const rows = await db
    .selectFrom("apiKey")
    .select(VIEW_COLUMNS)
    .where("accountId", "=", accountId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(100)
    .execute();
  return rows.map(viewOf);
}

/** Support revokes a key of any account, written to the account's audit trail with the change. */
export async function revokeApiKeyAsSupport(db: Database, actor: SupportActor, keyId: string, now = new Date()): Promise<void> {
  requirePermission(actor.subject, "support");
  await retryTransaction(db, async (trx) => {
    const key = await trx
      .selectFrom("apiKey")
      .select(["id", "accountId", "name", "prefix", "revokedAt"])
      .where("id", "=", keyId)
      .forUpdate()
      .executeTakeFirst();
    if (!key || key.revokedAt !== null) throw new SupportTargetNotFound("apiKey");
    // The hierarchy (issue 27): support changes what only an account it outranks holds; a protected
    // account (the admin's, the demo one) is changed by level 4 only.
    requirePermission(actor.subject, "supportAccountListEdit", await lockTargetAccount(trx, key.accountId));
    await trx.updateTable("apiKey").set({ revokedAt: now }).where("id", "=", keyId).execute();
    await recordSupportAction(trx, actor, {
      accountId: key.accountId,
      targetType: "apiKey",
      targetId: key.id,
      action: "revoke",
      before: { name: key.name, prefix: key.prefix, revokedAt: null },
      after: { revokedAt: now.toISOString() },
    });
  });
}
