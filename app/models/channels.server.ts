import type { Redis } from "ioredis";
import type { BlobStore } from "#app/blob/blob-store.server";
import { publishToAccount } from "#app/events/publish.server";
import { ChannelInProcess, ChannelNotAvailable, newShortPath } from "#app/publish/channel-publish.server";
import { CHANNEL_PAGE_SIZE, type ChannelCard, channelNameSchema, channelStatus, isChannelBusy } from "#app/rules/channel";
import { type PermissionSubject, requirePermission, requireWriteAllowed } from "#app/rules/permissions";
import { AppError } from "#app/errors/app-error";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";

/**
 * The channel workspace (studio-core.md §2, §4 "Channel processes"; ADR 0039): the account's
 * channels with their status, and the actions of a channel card. Every action checks
 * channelWorkspace, the account, the demo rule and the one-process rule on the server.
 */

export type ChannelDeps = { db: Database; redis: Redis; blobs: BlobStore };

/** One page of the account's channels, newest first (studio-admin.md §7 default sort). */
export async function listChannels(db: Database, subject: PermissionSubject, input: { page: number }) {
  requirePermission(subject, "channelWorkspace");
  const { total } = await db
    .selectFrom("channel")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("accountId", "=", subject.accountId)
    .where("deletedAt", "is", null)
    .executeTakeFirstOrThrow();
  const pageCount = Math.max(1, Math.ceil(Number(total) / CHANNEL_PAGE_SIZE));
  const page = Math.min(Math.max(1, input.page), pageCount);
  const rows = await db
    .selectFrom("channel")
    .leftJoin("epaper", (join) => join.onRef("epaper.id", "=", "channel.epaperId").on("epaper.deletedAt", "is", null))
    .leftJoin("page as firstPage", (join) => join.onRef("firstPage.epaperId", "=", "epaper.id").on("firstPage.page", "=", 1))
    .leftJoin("subdomain", "subdomain.id", "channel.subdomainId")
    .leftJoin("shopChannelSubscription", "shopChannelSubscription.channelId", "channel.id")
    .select([
      "channel.id",
      "channel.name",
      "channel.shortPath",
      "channel.isDemo",
      "channel.disabled",
      "channel.available",
      "channel.publishedAt",
      "channel.removeAt",
      "channel.reviewedAt",
      "channel.processRunning",
      "channel.processCancelled",
      "channel.processError",
      "epaper.id as epaperId",
      "epaper.name as epaperName",
      "epaper.coverBlobKey",
      "epaper.republishChangesAt",
      "channel.contentName",
      "firstPage.width as pageWidth",
      "firstPage.height as pageHeight",
      "subdomain.name as subdomainName",
      "shopChannelSubscription.currentTermEndsAt",
    ])
    .where("channel.accountId", "=", subject.accountId)
    .where("channel.deletedAt", "is", null)
    .orderBy("channel.createdAt", "desc")
    .orderBy("channel.id", "desc")
    .limit(CHANNEL_PAGE_SIZE)
    .offset((page - 1) * CHANNEL_PAGE_SIZE)
    .execute();
  const cards: ChannelCard[] = rows.map((row) => {
    const status = channelStatus({
      available: row.available,
      disabled: row.disabled,
      publishedAt: row.publishedAt,
      epaperChangesAt: row.republishChangesAt ?? null,
      removeAt: row.removeAt,
      currentTermEndsAt: row.currentTermEndsAt ?? null,
    });
    return {
      id: row.id,
      name: row.name,
      shortPath: row.shortPath,
      isDemo: row.isDemo,
      disabled: row.disabled,
      epaper: row.epaperId
        ? {
            id: row.epaperId,
            name: row.epaperName ?? "",
            hasCover: row.coverBlobKey !== null,
            // What the embed frame is named and shaped by: the published ePaper's name, its first page (issue 46).
            publishedName: row.contentName,
            pageRatio: row.pageWidth && row.pageHeight ? row.pageWidth / row.pageHeight : null,
          }
        : null,
      status: status.key === "activeUntil" ? { key: status.key, date: status.date.toISOString() } : { key: status.key },
      process: { running: row.processRunning, cancelled: row.processCancelled, error: row.processError },
      reviewed: row.reviewedAt !== null || row.publishedAt === null,
      subdomain: row.subdomainName ?? null,
    };
  });
  return { cards, total: Number(total), page, pageCount };
}

/** The channel selection of the ePaper card (550 px dialog): every channel, the busy ones not choosable. */
export async function channelChoices(db: Database, subject: PermissionSubject) {
  requirePermission(subject, "publishToChannel");
  const rows = await db
    .selectFrom("channel")
    .leftJoin("epaper", (join) => join.onRef("epaper.id", "=", "channel.epaperId").on("epaper.deletedAt", "is", null))
    .select([
      "channel.id",
      "channel.name",
      "channel.disabled",
      "channel.available",
      "channel.processRunning",
      "channel.processCancelled",
      "channel.processError",
      "epaper.name as epaperName",
    ])
    .where("channel.accountId", "=", subject.accountId)
    .where("channel.deletedAt", "is", null)
    .orderBy("channel.createdAt", "desc")
    .limit(500)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    epaperName: row.epaperName ?? null,
    choosable: row.available && !row.disabled && !isChannelBusy(row),
    busy: isChannelBusy(row),
  }));
}

class ChannelEmpty extends AppError {
  override name = "Unprocessable";
  constructor() {
    super("channel.errors.noEpaper", { status: 422 });
  }
}

/** Locks the caller's channel for a write: account, demo rule, and no process running. */
async function lockChannel(trx: Database, subject: PermissionSubject, channelId: string, options: { allowBusy?: boolean } = {}) {
  requirePermission(subject, "channelWorkspace");
  const channel = await trx
    .selectFrom("channel")
    .select(["id", "name", "isDemo", "epaperId", "blobPrefix", "processRunning", "processCancelled", "processError", "processType"])
    .where("id", "=", channelId)
    .where("accountId", "=", subject.accountId)
    .where("deletedAt", "is", null)
    .forUpdate()
    .executeTakeFirst();
  if (!channel) throw new ChannelNotAvailable();
  requireWriteAllowed(subject, { resource: "channel", targetIsDemo: channel.isDemo });
  if (!options.allowBusy && isChannelBusy(channel)) throw new ChannelInProcess();
  return channel;
}

export async function renameChannel(deps: Pick<ChannelDeps, "db">, subject: PermissionSubject, channelId: string, name: string) {
  const parsed = channelNameSchema.safeParse(name);
  if (!parsed.success) throw new AppError(parsed.error.issues[0]?.message as never, { status: 400 });
  await retryTransaction(deps.db, async (trx) => {
    await lockChannel(trx, subject, channelId);
    await trx.updateTable("channel").set({ name: parsed.data }).where("id", "=", channelId).execute();
  });
  return parsed.data;
}

const CLEARED = {
  epaperId: null,
  blobPrefix: null,
  contentName: null,
  contentCoverBlobKey: null,
  publishedAt: null,
  reviewedAt: null,
} as const;

/**
 * Clear (the ePaper leaves the channel, its address shows 'not available'), renew (a new address:
 * the old one is unknown at once) or both (renew and disconnect). The old files go after the commit.
 */
export async function changeChannel(
  deps: ChannelDeps,
  subject: PermissionSubject,
  channelId: string,
  change: "clear" | "renew" | "renewDisconnect",
) {
  const result = await retryTransaction(deps.db, async (trx) => {
    const channel = await lockChannel(trx, subject, channelId);
    const clear = change !== "renew";
    await trx
      .updateTable("channel")
      .set({
        ...(clear ? CLEARED : {}),
        ...(change !== "clear" ? { shortPath: newShortPath() } : {}),
        processError: null,
        processCancelled: false,
      })
      .where("id", "=", channelId)
      .execute();
    return { name: channel.name, oldFiles: clear ? channel.blobPrefix : null };
  });
  if (result.oldFiles) await deps.blobs.deletePrefix(result.oldFiles);
  await publishToAccount(deps.redis, subject.accountId, {
    type: "channelProcess",
    channelId,
    process: change === "clear" ? "clear" : "renew",
    state: "finished",
    name: result.name,
  });
}

/** Mark or unmark a demo channel: demoManagement, and only with a connected ePaper (studio-core.md §4). */
export async function setChannelDemo(deps: Pick<ChannelDeps, "db">, subject: PermissionSubject, channelId: string, isDemo: boolean) {
  requirePermission(subject, "demoManagement");
  await retryTransaction(deps.db, async (trx) => {
    const channel = await lockChannel(trx, subject, channelId);
    if (!channel.epaperId) throw new ChannelEmpty();
    await trx.updateTable("channel").set({ isDemo }).where("id", "=", channelId).execute();
  });
}

/** Visit: the card's dot goes (reviewedAt set); answers the permanent address's short path. */
export async function visitChannel(deps: Pick<ChannelDeps, "db">, subject: PermissionSubject, channelId: string) {
  requirePermission(subject, "channelWorkspace");
  const channel = await deps.db
    .selectFrom("channel")
    .select(["shortPath"])
    .where("id", "=", channelId)
    .where("accountId", "=", subject.accountId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  if (!channel) throw new ChannelNotAvailable();
  await deps.db
    .updateTable("channel")
    .set({ reviewedAt: new Date() })
    .where("id", "=", channelId)
    .where("reviewedAt", "is", null)
    .execute();
  return channel.shortPath;
}

/** Cancel is allowed only while publishing (studio-admin.md §4): the job finds the mark and releases both. */
export async function cancelChannelPublishing(deps: Pick<ChannelDeps, "db">, subject: PermissionSubject, channelId: string) {
  await retryTransaction(deps.db, async (trx) => {
    const channel = await lockChannel(trx, subject, channelId, { allowBusy: true });
    if (channel.processType !== "publishing_channel" || !channel.processRunning) return;
    await trx.updateTable("channel").set({ processCancelled: true }).where("id", "=", channelId).execute();
  });
}
