import type { BlobStore } from "#app/blob/blob-store.server";
import { AppError, DemoError } from "#app/errors/app-error";
import { publishToAccount } from "#app/events/publish.server";
import { claimChannelRemoval, finishChannelRemoval } from "../channel-removal.server.ts";
import { ChannelInProcess, ChannelNotAvailable } from "#app/publish/channel-publish.server";
import { isChannelBusy } from "#app/rules/channel";
import { can, type PermissionSubject, requireOutranks, requirePermission } from "#app/rules/permissions";
import { inProcessing, likeContains, type SupportQuery } from "#app/rules/support-lists";
import type { Database } from "#db/client";
import type { SupportChannelRow } from "#app/rules/support-rows";
import { retryTransaction } from "#db/retry-transaction";
import type { SupportDeps } from "./support-accounts.server.ts";
import { recordSupportAction, type SupportActor } from "./support-audit.server.ts";
import { accountLevel, loadAccountRank } from "./support-rank.server.ts";

/*
 * The channels table of the support area (studio-admin.md §2, §3 'Channel (support view)', §4
 * 'Channel'; issue 14): every channel with its account, ePaper, process and subscription; the
 * disabled toggle (not while a process runs), the removal date (not in the past, not for
 * subscribed or demo channels), cancel publishing, delete. Audited.
 */

const SORT_COLUMNS = {
  name: "channel.name",
  createdAt: "channel.createdAt",
  updatedAt: "channel.updatedAt",
  publishedAt: "channel.publishedAt",
} as const;

export async function listSupportChannels(db: Database, subject: PermissionSubject, query: SupportQuery<"channels">) {
  requirePermission(subject, "support");
  let base = db
    .selectFrom("channel")
    .leftJoin("shopChannelSubscription as sub", "sub.channelId", "channel.id")
    .where("channel.deletedAt", "is", null);
  // §6: only supporters who curate demo content see demo channels.
  if (!can(subject, "demoManagement")) base = base.where("channel.isDemo", "=", false);
  if (query.search) {
    const search = query.search;
    base = base.where((eb) =>
      eb.or([
        eb("channel.name", "like", likeContains(search)),
        eb("channel.id", "=", search),
        eb("channel.shortPath", "=", search),
        eb("channel.accountId", "=", search),
        eb("channel.epaperId", "=", search),
        eb("sub.subscriptionId", "=", search),
      ]),
    );
  }
  switch (query.filter) {
    case "processing":
      base = base
        .where("channel.processRunning", "=", true)
        .where("channel.processCancelled", "=", false)
        .where("channel.processError", "is", null);
      break;
    case "disabled":
      base = base.where("channel.disabled", "=", true);
      break;
    case "subscribed":
      base = base.where("channel.removeAt", "is", null);
      break;
    case "unsubscribed":
      base = base.where("channel.removeAt", "is not", null);
      break;
    case "demo":
      base = base.where("channel.isDemo", "=", true);
      break;
  }
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    base
      .innerJoin("account", "account.id", "channel.accountId")
      .leftJoin("epaper", (join) => join.onRef("epaper.id", "=", "channel.epaperId").on("epaper.deletedAt", "is", null))
      .select((eb) => [
        "channel.id",
        "channel.name",
        "channel.accountId",
        "account.name as accountName",
        "account.isProtected as accountIsProtected",
        accountLevel(eb).as("accountLevel"),
        "epaper.id as epaperId",
        "epaper.name as epaperName",
        "channel.shortPath",
        "channel.processRunning",
        "channel.processCancelled",
        "channel.processError",
        "channel.processType",
        "channel.disabled",
        "channel.isDemo",
        "channel.removeAt",
        "channel.createdAt",
        "channel.updatedAt",
        "channel.publishedAt",
        "sub.subscriptionId",
        "sub.currentTermEndsAt",
        "sub.rejected",
      ])
      .orderBy(SORT_COLUMNS[query.orderProp], query.order)
      .orderBy("channel.id", query.order)
      .limit(query.take)
      .offset(query.skip)
      .execute(),
  ]);
  return {
    total: Number(total),
    rows: rows.map((row): SupportChannelRow => ({ ...row, rejected: row.rejected ?? false })),
  };
}

type ChannelTarget = {
  id: string;
  name: string;
  accountId: string;
  isDemo: boolean;
  disabled: boolean;
  removeAt: Date | null;
  processRunning: boolean;
  processCancelled: boolean;
  processError: string | null;
  processType: string | null;
  subscriptionId: string | null;
};

/**
 * The channel a support action changes, locked for the transaction: found, not demo content
 * without demoManagement, and of an account the actor outranks (issues 27, 44).
 */
async function lockTargetChannel(trx: Database, subject: PermissionSubject, channelId: string): Promise<ChannelTarget> {
  const row = await trx
    .selectFrom("channel")
    .leftJoin("shopChannelSubscription as sub", "sub.channelId", "channel.id")
    .select([
      "channel.id",
      "channel.name",
      "channel.accountId",
      "channel.isDemo",
      "channel.disabled",
      "channel.removeAt",
      "channel.processRunning",
      "channel.processCancelled",
      "channel.processError",
      "channel.processType",
      "sub.subscriptionId",
    ])
    .where("channel.id", "=", channelId)
    .where("channel.deletedAt", "is", null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new ChannelNotAvailable();
  // §6: demo channel actions without demoManagement are refused ('thisActionIsNotAllowedForDemoContent').
  if (row.isDemo && !can(subject, "demoManagement")) throw new DemoError("channel");
  requireOutranks(subject, await loadAccountRank(trx, row.accountId), "channel");
  return row;
}

/** The disabled toggle: only while no process runs (§4). A disabled channel's address answers 'not available'. */
export async function setChannelDisabled(deps: SupportDeps, actor: SupportActor, channelId: string, disabled: boolean) {
  requirePermission(actor.subject, "support");
  const channel = await retryTransaction(deps.db, async (trx) => {
    const channel = await lockTargetChannel(trx, actor.subject, channelId);
    if (isChannelBusy(channel)) throw new ChannelInProcess();
    if (channel.disabled === disabled) return null;
    await trx.updateTable("channel").set({ disabled }).where("id", "=", channelId).execute();
    await recordSupportAction(trx, actor, {
      accountId: channel.accountId,
      targetType: "channel",
      targetId: channelId,
      action: disabled ? "disable" : "enable",
      before: { disabled: channel.disabled },
      after: { disabled },
    });
    return channel;
  });
  if (channel) await publishToAccount(deps.redis, channel.accountId, { type: "accountDataChanged" });
  return channel !== null;
}

/** The removal date picker (§4, §5): a day not in the past; not for subscribed channels (the shop decides) or demo ones. Empty clears it. */
export async function setChannelRemoveAt(deps: SupportDeps, actor: SupportActor, channelId: string, day: string, now = new Date()) {
  requirePermission(actor.subject, "support");
  let removeAt: Date | null = null;
  if (day !== "") {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T23:59:59Z`))) {
      throw new AppError("support.errors.removeAtInvalid", { status: 422 });
    }
    // The channel goes at the end of the chosen day (UTC), so 'today' is allowed.
    removeAt = new Date(`${day}T23:59:59.000Z`);
    if (removeAt < now) throw new AppError("support.errors.removeAtInPast", { status: 422 });
  }
  await retryTransaction(deps.db, async (trx) => {
    const channel = await lockTargetChannel(trx, actor.subject, channelId);
    if (channel.subscriptionId !== null || channel.isDemo) throw new AppError("support.errors.removeAtLocked", { status: 409 });
    await trx.updateTable("channel").set({ removeAt }).where("id", "=", channelId).execute();
    await recordSupportAction(trx, actor, {
      accountId: channel.accountId,
      targetType: "channel",
      targetId: channelId,
      action: "setRemoveAt",
      before: { removeAt: channel.removeAt?.toISOString() ?? null },
      after: { removeAt: removeAt?.toISOString() ?? null },
    });
  });
}

/** 'Cancel publishing': allowed only while publishing (§4); the publish job finds the mark and stops. */
export async function cancelChannelAsSupport(deps: SupportDeps, actor: SupportActor, channelId: string) {
  requirePermission(actor.subject, "support");
  return retryTransaction(deps.db, async (trx) => {
    const channel = await lockTargetChannel(trx, actor.subject, channelId);
    if (channel.processType !== "publishing_channel" || !inProcessing(channel)) return false;
    await trx.updateTable("channel").set({ processCancelled: true }).where("id", "=", channelId).execute();
    await recordSupportAction(trx, actor, {
      accountId: channel.accountId,
      targetType: "channel",
      targetId: channelId,
      action: "cancelPublishing",
      after: { processCancelled: true },
    });
    return true;
  });
}

/** 'Delete' (supportChannelListDelete): not while a process runs; audited in the same transaction. */
export async function deleteChannelAsSupport(deps: SupportDeps & { blobs: BlobStore }, actor: SupportActor, channelId: string) {
  requirePermission(actor.subject, "supportChannelListDelete");
  const channel = await retryTransaction(deps.db, async (trx) => {
    const channel = await lockTargetChannel(trx, actor.subject, channelId);
    const claimed = isChannelBusy(channel) ? null : await claimChannelRemoval(trx, channelId);
    if (!claimed) throw new ChannelInProcess();
    await recordSupportAction(trx, actor, {
      accountId: channel.accountId,
      targetType: "channel",
      targetId: channelId,
      action: "delete",
      before: { name: channel.name, subscriptionId: channel.subscriptionId },
      after: { deleted: true },
    });
    return { ...channel, webhooks: claimed.webhooks };
  });
  await finishChannelRemoval(deps, channel, channel.webhooks);
}
