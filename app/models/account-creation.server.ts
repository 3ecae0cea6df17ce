import { createId } from "@paralleldrive/cuid2";
import type { Database } from "#db/client";
import type { PERMISSION_TYPES } from "#db/seed-data";

/** The root folder every account has (studio-core.md §2: it cannot be renamed, deleted or dragged). */
export const ROOT_FOLDER_NAME = "My ePaper";

export type NewAccountWithOwner = {
  account: { name: string; isGenerated: boolean; isTemporary: boolean; removeAt?: Date | null };
  user: {
    email: string;
    firstname: string;
    lastname: string;
    passwordHash: string | null;
    emailLanguage: string;
    isGenerated: boolean;
    isTemporary: boolean;
  };
  /** The permission type the first user gets (ADR 0010: a registering customer owns the account). */
  permissionType: (typeof PERMISSION_TYPES)[number]["name"];
};

/**
 * Creates an account with its root folder and its first user: membership, permission and the
 * e-mail notification settings (all on), in the caller's transaction so that a half-created
 * account never exists. Signup and try-it both start here.
 */
export async function insertAccountWithOwner(trx: Database, input: NewAccountWithOwner): Promise<{ accountId: string; userId: string }> {
  const accountId = createId();
  const userId = createId();
  await trx
    .insertInto("account")
    .values({
      id: accountId,
      name: input.account.name,
      isGenerated: input.account.isGenerated,
      isTemporary: input.account.isTemporary,
      removeAt: input.account.removeAt ?? null,
    })
    .execute();
  await trx.insertInto("folder").values({ id: createId(), accountId, parentId: null, name: ROOT_FOLDER_NAME }).execute();
  await trx
    .insertInto("user")
    .values({ id: userId, accountId, baseAccountId: accountId, ...input.user })
    .execute();
  await trx.insertInto("accountMembership").values({ id: createId(), accountId, userId }).execute();
  const permissionType = await trx
    .selectFrom("permissionType")
    .select("id")
    .where("name", "=", input.permissionType)
    .executeTakeFirstOrThrow();
  await trx.insertInto("userPermission").values({ id: createId(), userId, permissionTypeId: permissionType.id }).execute();
  const configs = await trx.selectFrom("emailConfig").select("id").execute();
  if (configs.length > 0) {
    await trx
      .insertInto("userEmailConfig")
      .values(configs.map((config) => ({ id: createId(), userId, emailConfigId: config.id, active: true })))
      .execute();
  }
  return { accountId, userId };
}

/** MariaDB's answer to a second row with the same unique key (here: user.email). */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "ER_DUP_ENTRY";
}

/** Whether any user (deleted ones included: the unique key still holds them) has this address. */
export async function emailInUse(db: Database, email: string): Promise<boolean> {
  const row = await db.selectFrom("user").select("id").where("email", "=", email.trim()).executeTakeFirst();
  return row !== undefined;
}
