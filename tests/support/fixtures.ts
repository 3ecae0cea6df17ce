import { createId } from "@paralleldrive/cuid2";
import type { Insertable } from "kysely";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import type { Account, User } from "#db/schema.gen";

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
