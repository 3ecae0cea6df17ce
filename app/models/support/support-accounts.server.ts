import { createId } from "@paralleldrive/cuid2";
import type { Redis } from "ioredis";
import { sql } from "kysely";
import { revokeAccountSessions } from "#app/auth/session.server";
import { AppError } from "#app/errors/app-error";
import { publishForcedLogout, publishToAccount } from "#app/events/publish.server";
import { markCancelled, signalCancelled } from "#app/lifecycle/epaper-process.server";
import { newShortPath } from "#app/publish/channel-publish.server";
import { type AccountTarget, type PermissionSubject, requirePermission } from "#app/rules/permissions";
import {
  type AccountNumberField,
  addChannelsSchema,
  HOURS_PER_DAY,
  hoursToDays,
  likeContains,
  parseAccountNumber,
  type SupportQuery,
} from "#app/rules/support-lists";
import type { Database } from "#db/client";
import type { SupportAccountRow } from "#app/rules/support-rows";
import { retryTransaction } from "#db/retry-transaction";
import { hasActiveChannelSubscriptions } from "../account-settings.server.ts";
import { recordSupportAction, type SupportActor } from "./support-audit.server.ts";
import { SupportTargetNotFound } from "./support-errors.server.ts";
import { accountLevel, levelNumber } from "./support-rank.server.ts";

/*
 * The accounts table of the support area (studio-admin.md §2, §5, §6; issue 14): the list with
 * its filters, sorts and search, and the row actions. Every action checks level 3 or 4 and the
 * row's own rules on the server (not the own account, not a protected one, not demo content) and
 * is written to the audit trail in the same transaction.
 */

export type SupportDeps = { db: Database; redis: Redis };

const SORT_COLUMNS = { name: "account.name", createdAt: "account.createdAt", zipContingent: "account.zipContingent" } as const;

/** One page of the accounts (not deleted): search by name, Support-ID or customer id. */
export async function listSupportAccounts(db: Database, subject: PermissionSubject, query: SupportQuery<"accounts">) {
  requirePermission(subject, "support");
  let base = db.selectFrom("account").where("account.deletedAt", "is", null);
  if (query.search) {
    const search = query.search;
    base = base.where((eb) =>
      eb.or([eb("account.name", "like", likeContains(search)), eb("account.id", "=", search), eb("account.customerId", "=", search)]),
    );
  }
  switch (query.filter) {
    case "active":
      base = base.where("account.isActive", "=", true);
      break;
    case "inactive":
      base = base.where("account.isActive", "=", false);
      break;
    case "generated":
      base = base.where("account.isGenerated", "=", true);
      break;
    case "unconfirmed":
      base = base.where("account.isTemporary", "=", true).where("account.isGenerated", "=", false);
      break;
    case "protected":
      base = base.where("account.isProtected", "=", true);
      break;
    case "demo":
      base = base.where("account.isDemoAccount", "=", true);
      break;
  }
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    base
      .select((eb) => [
        "account.id",
        "account.name",
        "account.isGenerated",
        "account.isTemporary",
        "account.isActive",
        "account.isProtected",
        "account.isDemoAccount",
        "account.zipContingent",
        "account.zipPostProcessingTimeInHours",
        "account.previewLinkExpiryTimeInHours",
        "account.pageExchangeMax",
        "account.removeAt",
        "account.createdAt",
        eb
          .selectFrom("user")
          .select((u) => u.fn.countAll<number>().as("n"))
          .whereRef("user.accountId", "=", "account.id")
          .where("user.deletedAt", "is", null)
          .as("activeUsers"),
        eb
          .selectFrom("user")
          .select((u) => u.fn.countAll<number>().as("n"))
          .whereRef("user.baseAccountId", "=", "account.id")
          .where("user.deletedAt", "is", null)
          .as("baseUsers"),
        eb
          .selectFrom("channel")
          .select((c) => c.fn.countAll<number>().as("n"))
          .whereRef("channel.accountId", "=", "account.id")
          .where("channel.deletedAt", "is", null)
          .as("channels"),
        accountLevel(eb).as("level"),
      ])
      .orderBy(SORT_COLUMNS[query.orderProp], query.order)
      .orderBy("account.id", query.order)
      .limit(query.take)
      .offset(query.skip)
      .execute(),
  ]);
  return {
    total: Number(total),
    rows: rows.map(
      (row): SupportAccountRow => ({
        id: row.id,
        name: row.name,
        isGenerated: row.isGenerated,
        isTemporary: row.isTemporary,
        isActive: row.isActive,
        isProtected: row.isProtected,
        isDemoAccount: row.isDemoAccount,
        highestLevel: levelNumber(row.level),
        activeUsers: Number(row.activeUsers ?? 0),
        baseUsers: Number(row.baseUsers ?? 0),
        zipContingent: row.zipContingent,
        zipPostProcessingDays: hoursToDays(row.zipPostProcessingTimeInHours),
        channels: Number(row.channels ?? 0),
        previewLinkExpiryDays: hoursToDays(row.previewLinkExpiryTimeInHours),
        pageExchangeMax: row.pageExchangeMax,
        removeAt: row.removeAt,
        createdAt: row.createdAt,
      }),
    ),
  };
}

type AccountTargetRow = AccountTarget & {
  name: string;
  isActive: boolean;
  zipContingent: number;
  zipPostProcessingTimeInHours: number | null;
  previewLinkExpiryTimeInHours: number | null;
  pageExchangeMax: number | null;
  removeAt: Date | null;
};

/** The account a row action aims at, with its rank (issue 27), locked for the transaction (404 when deleted or unknown). */
export async function lockTargetAccount(trx: Database, accountId: string): Promise<AccountTargetRow> {
  const row = await trx
    .selectFrom("account")
    .select((eb) => [
      "account.id",
      "account.name",
      "account.isActive",
      "account.isProtected",
      "account.isDemoAccount",
      "account.zipContingent",
      "account.zipPostProcessingTimeInHours",
      "account.previewLinkExpiryTimeInHours",
      "account.pageExchangeMax",
      "account.removeAt",
      accountLevel(eb).as("level"),
    ])
    .where("account.id", "=", accountId)
    .where("account.deletedAt", "is", null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new SupportTargetNotFound("account");
  const { level, ...account } = row;
  return { ...account, highestLevel: levelNumber(level) };
}

/** Support users switched into an account go back to their own before it is closed to its users. */
async function sendSupportersHome(trx: Database, accountId: string) {
  await trx
    .updateTable("user")
    .set((eb) => ({ accountId: eb.ref("baseAccountId") }))
    .where("accountId", "=", accountId)
    .where("baseAccountId", "!=", accountId)
    .execute();
}

/** The active toggle (not the own account, not a protected one); deactivating logs its users out. */
export async function setAccountActive(deps: SupportDeps, actor: SupportActor, accountId: string, active: boolean) {
  requirePermission(actor.subject, "support");
  const changed = await retryTransaction(deps.db, async (trx) => {
    const account = await lockTargetAccount(trx, accountId);
    requirePermission(actor.subject, "supportAccountListDeactivate", account);
    if (account.isActive === active) return false;
    await trx.updateTable("account").set({ isActive: active }).where("id", "=", accountId).execute();
    if (!active) {
      await sendSupportersHome(trx, accountId);
      await revokeAccountSessions(trx, accountId, "accountDeactivated");
    }
    await recordSupportAction(trx, actor, {
      accountId,
      targetType: "account",
      targetId: accountId,
      action: active ? "activate" : "deactivate",
      before: { isActive: account.isActive },
      after: { isActive: active },
    });
    return true;
  });
  if (changed && !active) await publishForcedLogout(deps.redis, { accountId });
  return changed;
}

const NUMBER_COLUMNS = {
  zipContingent: "zipContingent",
  zipPostProcessingDays: "zipPostProcessingTimeInHours",
  previewLinkExpiryDays: "previewLinkExpiryTimeInHours",
  pageExchangeMax: "pageExchangeMax",
} as const satisfies Record<AccountNumberField, keyof AccountTargetRow>;

/** An inline edit of the accounts table (§5): the text as typed; days are stored in hours. */
export async function updateAccountNumber(
  deps: SupportDeps,
  actor: SupportActor,
  accountId: string,
  field: AccountNumberField,
  raw: string,
) {
  requirePermission(actor.subject, "support");
  const parsed = parseAccountNumber(field, raw);
  if (!parsed.ok) throw new AppError(parsed.messageKey as "support.errors.zipContingent", { status: 422 });
  const column = NUMBER_COLUMNS[field];
  const stored =
    parsed.value !== null && field !== "zipContingent" && field !== "pageExchangeMax" ? parsed.value * HOURS_PER_DAY : parsed.value;
  const changed = await retryTransaction(deps.db, async (trx) => {
    const account = await lockTargetAccount(trx, accountId);
    requirePermission(actor.subject, "supportAccountListEdit", account);
    const before = account[column];
    if (before === stored) return false;
    await trx
      .updateTable("account")
      .set({ [column]: stored })
      .where("id", "=", accountId)
      .execute();
    await recordSupportAction(trx, actor, {
      accountId,
      targetType: "account",
      targetId: accountId,
      action: `update:${field}`,
      before: { [column]: before },
      after: { [column]: stored },
    });
    return true;
  });
  // The account's users see the new contingent and limits at once (re-authentication, §4).
  if (changed) await publishToAccount(deps.redis, accountId, { type: "accountDataChanged" });
  return changed;
}

/** '+' in the channels column: new channels without a shop subscription (named like booked ones). */
export async function addAccountChannels(deps: SupportDeps, actor: SupportActor, accountId: string, rawCount: unknown) {
  requirePermission(actor.subject, "support");
  const count = addChannelsSchema.safeParse(rawCount);
  if (!count.success) throw new AppError("support.errors.channelCount", { status: 422 });
  await retryTransaction(deps.db, async (trx) => {
    requirePermission(actor.subject, "supportAccountListEdit", await lockTargetAccount(trx, accountId));
    const { n } = await trx
      .selectFrom("channel")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("accountId", "=", accountId)
      .executeTakeFirstOrThrow();
    const ids: string[] = [];
    for (let i = 1; i <= count.data; i += 1) {
      const id = createId();
      ids.push(id);
      await trx
        .insertInto("channel")
        .values({ id, accountId, name: `Channel ${Number(n) + i}`, shortPath: newShortPath() })
        .execute();
    }
    await trx
      .updateTable("account")
      .set((eb) => ({ channelContingent: sql<number>`${eb.ref("channelContingent")} + ${count.data}` }))
      .where("id", "=", accountId)
      .execute();
    await recordSupportAction(trx, actor, {
      accountId,
      targetType: "account",
      targetId: accountId,
      action: "addChannels",
      after: { channelIds: ids },
    });
  });
  await publishToAccount(deps.redis, accountId, { type: "accountDataChanged" });
  return count.data;
}

/** 'Delete all ePapers' (not for demo accounts): running processes are cancelled, every ePaper is soft-deleted. */
export async function deleteAllAccountEpapers(deps: SupportDeps, actor: SupportActor, accountId: string) {
  requirePermission(actor.subject, "support");
  const { deleted, running } = await retryTransaction(deps.db, async (trx) => {
    const account = await lockTargetAccount(trx, accountId);
    requirePermission(actor.subject, "supportAccountListDeleteAllEpaper", account);
    const epapers = await trx
      .selectFrom("epaper")
      .select(["id", "processRunning"])
      .where("accountId", "=", accountId)
      .where("deletedAt", "is", null)
      .execute();
    const running = await markCancelled(
      trx,
      epapers.filter((epaper) => epaper.processRunning).map((epaper) => epaper.id),
    );
    if (epapers.length > 0) {
      await trx
        .updateTable("epaper")
        .set({ deletedAt: new Date() })
        .where("accountId", "=", accountId)
        .where("deletedAt", "is", null)
        .execute();
    }
    await recordSupportAction(trx, actor, {
      accountId,
      targetType: "account",
      targetId: accountId,
      action: "deleteAllEpapers",
      before: { epapers: epapers.length },
      after: { epapers: 0 },
    });
    return { deleted: epapers.length, running };
  });
  await signalCancelled(deps.redis, running);
  await publishToAccount(deps.redis, accountId, { type: "refreshEpaperList" });
  return deleted;
}

/**
 * 'Delete the account' (not the own, not a protected or demo one): a soft delete like the
 * customer's own (softDeletedBy names the support user), refused while a shop subscription runs.
 */
export async function deleteAccountAsSupport(deps: SupportDeps, actor: SupportActor, accountId: string) {
  requirePermission(actor.subject, "support");
  await retryTransaction(deps.db, async (trx) => {
    const account = await lockTargetAccount(trx, accountId);
    requirePermission(actor.subject, "supportAccountListDelete", account);
    if (await hasActiveChannelSubscriptions(trx, accountId)) {
      throw new AppError("errors.activeShopSubscriptions", { status: 409 });
    }
    await sendSupportersHome(trx, accountId);
    await trx
      .updateTable("account")
      .set({ deletedAt: new Date(), softDeletedBy: actor.subject.id, isActive: false })
      .where("id", "=", accountId)
      .execute();
    await revokeAccountSessions(trx, accountId, "accountDeleted");
    await recordSupportAction(trx, actor, {
      accountId,
      targetType: "account",
      targetId: accountId,
      action: "delete",
      before: { name: account.name, isActive: account.isActive },
      after: { deleted: true },
    });
  });
  await publishForcedLogout(deps.redis, { accountId });
}

/**
 * 'Switch to the account' (§4): the support user acts in that account from now on (user.account_id);
 * every page reads the user afresh, so the next request is re-authenticated as a member of it.
 */
export async function switchIntoAccount(deps: SupportDeps, actor: SupportActor, accountId: string) {
  requirePermission(actor.subject, "support");
  await retryTransaction(deps.db, async (trx) => {
    const account = await lockTargetAccount(trx, accountId);
    if (account.id === actor.subject.accountId) return;
    // Going home needs no rank (the returning button does the same); any other account does.
    if (account.id !== actor.subject.baseAccountId) requirePermission(actor.subject, "supportAccountListSwitch", account);
    await trx.updateTable("user").set({ accountId }).where("id", "=", actor.subject.id).execute();
    await recordSupportAction(trx, actor, {
      accountId,
      targetType: "account",
      targetId: accountId,
      action: "switchInto",
      before: { accountId: actor.subject.accountId },
      after: { accountId },
    });
  });
}

/** The returning button: back to the own (base) account. Anyone switched may use it, whatever their level now. */
export async function returnToBaseAccount(db: Database, subject: PermissionSubject) {
  if (subject.accountId === subject.baseAccountId) return false;
  await db.updateTable("user").set({ accountId: subject.baseAccountId }).where("id", "=", subject.id).execute();
  return true;
}
