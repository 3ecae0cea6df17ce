import { hashPassword } from "#app/auth/password.server";
import { retryTransaction } from "#db/retry-transaction";
import type { Database } from "#db/client";
import { emailInUse, insertAccountWithOwner, isDuplicateKeyError } from "./account-creation.server.ts";

export type SignupInput = {
  accountName: string;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  emailLanguage: string;
};

export type SignupOutcome = { ok: true; accountId: string; userId: string } | { ok: false; reason: "emailAlreadyExist" };

/**
 * Registers a customer (studio-core.md §2 Signup): a new account owned by the new user. Both stay
 * temporary (unconfirmed, with limited permissions) until the link of the signup mail is used.
 * The e-mail check and the unique key together make a concurrent double signup answer
 * 'emailAlreadyExist' instead of failing.
 */
export async function registerUser(db: Database, input: SignupInput): Promise<SignupOutcome> {
  if (await emailInUse(db, input.email)) return { ok: false, reason: "emailAlreadyExist" };
  const passwordHash = await hashPassword(input.password);
  try {
    const ids = await retryTransaction(db, (trx) =>
      insertAccountWithOwner(trx, {
        account: { name: input.accountName, isGenerated: false, isTemporary: true },
        user: {
          email: input.email,
          firstname: input.firstname,
          lastname: input.lastname,
          passwordHash,
          emailLanguage: input.emailLanguage,
          isGenerated: false,
          isTemporary: true,
        },
        permissionType: "owner",
      }),
    );
    return { ok: true, ...ids };
  } catch (error) {
    if (isDuplicateKeyError(error)) return { ok: false, reason: "emailAlreadyExist" };
    throw error;
  }
}
