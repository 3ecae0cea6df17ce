import { randomInt } from "node:crypto";
import { createId } from "@paralleldrive/cuid2";
import { sql } from "kysely";
import { publishToAccount } from "#app/events/publish.server";
import type { PublishJobData } from "#app/jobs/publish";
import { AppError } from "#app/errors/app-error";
import { BUSY_RETRY_AFTER_S } from "#app/errors/problem-types";
import { isChannelBusy } from "#app/rules/channel";
import { type PermissionSubject, requirePermission, requireWriteAllowed } from "#app/rules/permissions";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import { announceProcessEnd, endProcess } from "#app/lifecycle/epaper-process.server";
import { enqueueWebhookDeliveries, recordWebhookDeliveries } from "#app/webhooks/record.server";
import { type PublishDeps, writeBundle } from "./build-publication.server.ts";
import { loadEpaperSnapshot } from "./epaper-snapshot.server.ts";
import type { Redis } from "ioredis";

/**
 * Publishing an ePaper to a channel (studio-core.md §4 "Channel processes"; ADR 0039): the
 * same bundle as a preview, written as a new revision under `channels/<id>/`, then the channel
 * row points at it, holds the ePaper, and the old revision goes. The channel's own process
 * columns run beside the ePaper's: neither takes another process meanwhile.
 */

const SHORT_PATH_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
/** A new permanent address: 10 of 36 characters (SHORT_PATH). */
export function newShortPath(): string {
  let path = "";
  for (let i = 0; i < 10; i++) path += SHORT_PATH_ALPHABET[randomInt(SHORT_PATH_ALPHABET.length)];
  return path;
}

export class ChannelNotAvailable extends AppError {
  override name = "NotFound";
  constructor() {
    super("channel.errors.channelNoLongerAvailable", { status: 404 });
  }
}

export class ChannelInProcess extends AppError {
  override name = "Unprocessable";
  constructor() {
    super("channel.errors.actionCouldNotBeExecutedChannelInProcess", {
      status: 409,
      problemType: "channel-busy",
      headers: { "Retry-After": String(BUSY_RETRY_AFTER_S) },
    });
  }
}

export class ChannelDisabled extends AppError {
  override name = "Forbidden";
  constructor() {
    super("channel.errors.disabledBySupport", { status: 403 });
  }
}

export const channelPrefix = (channelId: string, revision: string) => `channels/${channelId}/${revision}`;

/** Inside startPublish's transaction: locks the channel, checks it, and starts its process. */
export async function beginChannelPublish(trx: Database, subject: PermissionSubject, channelId: string | undefined) {
  requirePermission(subject, "publishToChannel");
  if (!channelId) throw new ChannelNotAvailable();
  const channel = await trx
    .selectFrom("channel")
    .select(["id", "isDemo", "disabled", "available", "processRunning", "processCancelled", "processError"])
    .where("id", "=", channelId)
    .where("accountId", "=", subject.accountId)
    .where("deletedAt", "is", null)
    .forUpdate()
    .executeTakeFirst();
  if (!channel?.available) throw new ChannelNotAvailable();
  requireWriteAllowed(subject, { resource: "channel", targetIsDemo: channel.isDemo });
  if (channel.disabled) throw new ChannelDisabled();
  if (isChannelBusy(channel)) throw new ChannelInProcess();
  await trx
    .updateTable("channel")
    .set({ processType: "publishing_channel", processRunning: true, processCancelled: false, processError: null })
    .where("id", "=", channelId)
    .execute();
}

export type ChannelPublishDeps = PublishDeps & {
  redis: Redis;
  log: (message: string) => void;
  /** Called after the channel went live (the 'published to channel' mail). */
  onChannelPublished?: (job: PublishJobData) => Promise<unknown>;
};

/** The job's part for a channel: build, then point the channel at the new revision and end both processes. */
export async function runChannelPublish(deps: ChannelPublishDeps, job: PublishJobData & { channelId: string }) {
  const channel = await deps.db
    .selectFrom("channel")
    .select(["processRunning", "processCancelled", "deletedAt"])
    .where("id", "=", job.channelId)
    .executeTakeFirst();
  if (!channel?.processRunning || channel.deletedAt || channel.processCancelled) return "cancelled" as const;
  const snapshotAt = new Date();
  const snapshot = await loadEpaperSnapshot(deps.db, job.epaperId);
  const blobPrefix = channelPrefix(job.channelId, createId());
  await writeBundle(deps, snapshot, blobPrefix, "files");
  const old = await retryTransaction(deps.db, async (trx) => {
    const row = await trx
      .selectFrom("channel")
      .select(["blobPrefix", "processRunning", "processCancelled"])
      .where("id", "=", job.channelId)
      .where("deletedAt", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!row?.processRunning || row.processCancelled) return null;
    const epaper = await trx.selectFrom("epaper").select(["name", "coverBlobKey"]).where("id", "=", job.epaperId).executeTakeFirstOrThrow();
    const ended = await endProcess(
      trx,
      { epaperId: job.epaperId, type: "publishing_channel", startedAt: new Date(job.startedAt) },
      { as: "finished" },
      {
        publishingFailed: false,
        republishingRequiredChannel: sql<boolean>`(republish_changes_at is not null and republish_changes_at > ${snapshotAt})`,
      },
    );
    if (!ended) return null;
    await trx
      .updateTable("channel")
      .set({
        epaperId: job.epaperId,
        blobPrefix,
        contentName: epaper.name,
        contentCoverBlobKey: epaper.coverBlobKey,
        publishedAt: snapshotAt,
        reviewedAt: null,
        processRunning: false,
        processType: null,
        processError: null,
      })
      .where("id", "=", job.channelId)
      .execute();
    // The account's webhooks (ADR 0058), committed with the end: Redis away loses nothing.
    const webhooks = await recordWebhookDeliveries(trx, job.accountId, {
      type: "publication.ready",
      epaperId: job.epaperId,
      publication: { type: "channel", channelId: job.channelId },
      occurrence: job.startedAt,
    });
    return { previous: row.blobPrefix, webhooks };
  });
  if (!old) {
    await deps.blobs.deletePrefix(blobPrefix);
    return "cancelled" as const;
  }
  await enqueueWebhookDeliveries(deps, old.webhooks);
  if (old.previous) await deps.blobs.deletePrefix(old.previous);
  try {
    await announceProcessEnd(deps, job.accountId, { epaperId: job.epaperId, process: "publishing_channel", state: "finished" });
    const row = await deps.db.selectFrom("epaper").select("name").where("id", "=", job.epaperId).executeTakeFirst();
    await publishToAccount(deps.redis, job.accountId, {
      type: "publishedToChannel",
      epaperId: job.epaperId,
      channelId: job.channelId,
      ...(row ? { name: row.name } : {}),
    });
    await deps.onChannelPublished?.(job);
  } catch (error) {
    deps.log(`channel ${job.channelId} published, notifying failed: ${(error as Error).message}`);
  }
  return "published" as const;
}

/** A channel publish that failed or was cancelled: the channel is released as it was, with its failure text. */
export async function releaseChannel(db: Database, channelId: string, reason: "failed" | "cancelled") {
  await db
    .updateTable("channel")
    .set({
      processRunning: false,
      processType: null,
      processCancelled: reason === "cancelled",
      processError: reason === "failed" ? "channel.errors.publicationFailed" : null,
    })
    .where("id", "=", channelId)
    .where("processType", "=", "publishing_channel")
    .execute();
}
