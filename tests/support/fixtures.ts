import { createId } from "@paralleldrive/cuid2";
import type { Insertable } from "kysely";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import type { Account, User } from "#db/schema.gen";
import type { PermissionLevel } from "#app/rules/permissions";

/**
 * An account and one user of it, with unique ids and e-mail address, for tests that share the
 * test database. Anything not given gets a harmless default.
 */
export async function insertAccountWithUser(
  db: Database,
  options: { account?: Partial<Insertable<Account>>; user?: Partial<Insertable<User>>; emailDomain?: string } = {},
) {
  const accountId = createId();
  const userId = createId();
  const email = `${userId}@${options.emailDomain ?? "fixture.test"}`;
  // Test files run side by side on one database: a deadlock with another file's work is retried.
  await retryTransaction(db, async (trx) => {
    await trx
      .insertInto("account")
      .values({ id: accountId, name: `Test account ${accountId}`, ...options.account })
      .execute();
    await trx
      .insertInto("user")
      .values({ id: userId, accountId, baseAccountId: accountId, email, ...options.user })
      .execute();
  });
  return { accountId, userId, email };
}

/**
 * A user of a new account with one permission level ('1' editor … '4' admin), as registration
 * and support would leave it: membership, a permission row.
 */
export async function insertUserWithLevel(
  db: Database,
  level: PermissionLevel,
  options: { user?: Partial<Insertable<User>>; account?: Partial<Insertable<Account>>; emailDomain?: string } = {},
) {
  const created = await insertAccountWithUser(db, {
    emailDomain: options.emailDomain,
    account: options.account,
    user: { firstname: "Test", lastname: `Level ${level}`, emailLanguage: "de", ...options.user },
  });
  const type = await db.selectFrom("permissionType").select("id").where("priority", "=", level).executeTakeFirstOrThrow();
  await db.insertInto("userPermission").values({ id: createId(), userId: created.userId, permissionTypeId: type.id }).execute();
  await db.insertInto("accountMembership").values({ id: createId(), accountId: created.accountId, userId: created.userId }).execute();
  return created;
}
