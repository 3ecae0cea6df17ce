import type { Database } from "#db/client";

/**
 * Locks the account row (`FOR UPDATE`) inside the caller's transaction and reads what every
 * writer that depends on the account's life checks first: generated (try-it) or not, when its
 * storage time ends, whether its removal has begun. Removal, ePaper creation and a try-it
 * renewal take this lock, so none of them runs on an account another is removing.
 */
export function lockAccount(trx: Database, accountId: string) {
  return trx
    .selectFrom("account")
    .select(["isGenerated", "removeAt", "deletedAt"])
    .where("id", "=", accountId)
    .forUpdate()
    .executeTakeFirst();
}
