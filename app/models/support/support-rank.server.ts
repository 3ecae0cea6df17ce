import type { ExpressionBuilder } from "kysely";
import type { Rank } from "#app/rules/permissions";
import type { Database } from "#db/client";
import type { DB } from "#db/schema.gen";
import { SupportTargetNotFound } from "./support-errors.server.ts";

/*
 * The ranks the hierarchy rule compares (issue 27, app/rules/permissions.ts `outranks`): a user's
 * highest permission level, an account's highest level over its own (base) users. Levels are the
 * one-digit priorities '1'–'4', so the greatest string is the greatest level.
 */

/** A subquery: the highest level the user of the outer query (`user.id`) holds ('0'-less: null when none). */
export function userLevel(eb: ExpressionBuilder<DB, "user">) {
  return eb
    .selectFrom("userPermission")
    .innerJoin("permissionType", "permissionType.id", "userPermission.permissionTypeId")
    .select((sub) => sub.fn.max("permissionType.priority").as("level"))
    .whereRef("userPermission.userId", "=", "user.id");
}

/** A subquery: the highest level any live user whose own account is the outer `account.id` holds. */
export function accountLevel(eb: ExpressionBuilder<DB, "account">) {
  return eb
    .selectFrom("user as member")
    .innerJoin("userPermission", "userPermission.userId", "member.id")
    .innerJoin("permissionType", "permissionType.id", "userPermission.permissionTypeId")
    .select((sub) => sub.fn.max("permissionType.priority").as("level"))
    .whereRef("member.baseAccountId", "=", "account.id")
    .where("member.deletedAt", "is", null);
}

/** A level read by the subqueries above, as a number (0 when nobody holds one). */
export const levelNumber = (level: string | null | undefined): number => Number(level ?? 0);

/** The rank of an account, for writes whose target is a thing of it (an ePaper); 404 when gone. */
export async function loadAccountRank(db: Database, accountId: string): Promise<Rank> {
  const row = await db
    .selectFrom("account")
    .select((eb) => ["account.isProtected", accountLevel(eb).as("level")])
    .where("account.id", "=", accountId)
    .executeTakeFirst();
  if (!row) throw new SupportTargetNotFound("account");
  return { isProtected: row.isProtected, highestLevel: levelNumber(row.level) };
}
