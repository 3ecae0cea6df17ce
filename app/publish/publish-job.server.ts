import { createId } from "@paralleldrive/cuid2";
import type { Redis } from "ioredis";
import { sql } from "kysely";
import { publishToAccount } from "#app/events/publish.server";
import type { PublishJobData } from "#app/jobs/publish";
import type { Database } from "#db/client";
import { buildPublication } from "./build-publication.server.ts";
import { type ChannelPublishDeps, releaseChannel, runChannelPublish } from "./channel-publish.server.ts";
import { DEFAULT_ZIP_POST_PROCESSING_HOURS } from "#app/rules/zip-contingent";
import { previewLinkExpiresAt } from "#app/rules/preview-link";
import { retryTransaction } from "#db/retry-transaction";
import { announceProcessEnd, endProcess, type ProcessOwner } from "#app/lifecycle/epaper-process.server";
import { enqueueWebhookDeliveries, recordWebhookDeliveries } from "#app/webhooks/record.server";

export type PublishJobDeps = ChannelPublishDeps & {
  redis: Redis;
  /** Called after a zip is ready (the 'zip ready' mail). */
  onZipReady?: (job: PublishJobData) => Promise<unknown>;
  /** Called after a preview link is published (its mail, unless the user is generated). */
  onPreviewLinkReady?: (job: PublishJobData, link: { hash: string; expiresAt: Date }) => Promise<unknown>;
  log: (message: string) => void;
};

export const processOfPublish = (type: PublishJobData["type"]) => `publishing_${type}` as const;
const processOf = (job: PublishJobData) => processOfPublish(job.type);

/** The job's process: same ePaper, same form, same start. */
const ownerOf = (job: PublishJobData): ProcessOwner => ({
  epaperId: job.epaperId,
  type: processOf(job),
  startedAt: new Date(job.startedAt),
});

/**
 * One publish job: builds the publication, then ends the ePaper's process. The form's
 * 'republishing required' mark is cleared only when nothing changed since the snapshot was
 * taken (a rename during the build keeps it). A charged zip starts its post-processing time.
 * A job whose process is no longer running (finished by an earlier attempt, cancelled, taken
 * over) does nothing: a retry never publishes or refunds twice.
 */
export async function runPublishJob(deps: PublishJobDeps, job: PublishJobData) {
  const epaper = await deps.db
    .selectFrom("epaper")
    .select(["processRunning", "processCancelled", "deletedAt"])
    .where("id", "=", job.epaperId)
    .where("processType", "=", processOf(job))
    .where("processStartedAt", "=", new Date(job.startedAt))
    .executeTakeFirst();
  if (!epaper?.processRunning) return { published: false as const };
  if (epaper.deletedAt || epaper.processCancelled) {
    await failPublishJob(deps, job, "cancelled");
    return { published: false as const };
  }
  if (job.type === "channel") {
    if (!job.channelId) throw new Error(`channel publish of ${job.epaperId} without a channel`);
    const outcome = await runChannelPublish(deps, { ...job, channelId: job.channelId });
    if (outcome === "cancelled") await failPublishJob(deps, job, "cancelled");
    return { published: outcome === "published" };
  }
  const publicationType = job.type;
  const snapshotAt = new Date();
  let linkExpiresAt: Date | null = null;
  const built = await buildPublication(deps, {
    epaperId: job.epaperId,
    type: job.type,
    ...(job.publicationId ? { publicationId: job.publicationId } : {}),
  });
  const ended = await retryTransaction(deps.db, async (trx) => {
    const changedSince = sql<boolean>`(republish_changes_at is not null and republish_changes_at > ${snapshotAt})`;
    const ended = await endProcess(
      trx,
      ownerOf(job),
      { as: "finished" },
      job.type === "zip"
        ? { publishingFailed: false, republishingRequiredZip: changedSince }
        : job.type === "preview"
          ? { publishingFailed: false, republishingRequiredPreview: changedSince }
          : // A preview link is outdated when republishChangesAt is later than its publishedAt.
            { publishingFailed: false },
    );
    if (!ended) return null;
    if (job.type === "previewlink") {
      const account = await trx
        .selectFrom("account")
        .select("previewLinkExpiryTimeInHours")
        .where("id", "=", job.accountId)
        .executeTakeFirst();
      linkExpiresAt = previewLinkExpiresAt(snapshotAt, account?.previewLinkExpiryTimeInHours ?? null);
      await trx.updateTable("publication").set({ expiredAt: linkExpiresAt }).where("id", "=", built.publicationId).execute();
    }
    if (job.type === "zip" && job.charged) {
      const account = await trx
        .selectFrom("account")
        .select("zipPostProcessingTimeInHours")
        .where("id", "=", job.accountId)
        .executeTakeFirst();
      const hours = account?.zipPostProcessingTimeInHours ?? DEFAULT_ZIP_POST_PROCESSING_HOURS;
      await trx
        .updateTable("publication")
        .set({ postProcessingTimeInHours: hours, postProcessingUntil: new Date(Date.now() + hours * 3600_000) })
        .where("id", "=", built.publicationId)
        .execute();
    }
    // The account's webhooks (ADR 0058), committed with the end: Redis away loses nothing.
    return {
      webhooks: await recordWebhookDeliveries(trx, job.accountId, {
        type: "publication.ready",
        epaperId: job.epaperId,
        publication: { type: publicationType, id: built.publicationId, hash: built.hash },
        occurrence: job.startedAt,
      }),
    };
  });
  if (!ended) return { published: false as const };
  await enqueueWebhookDeliveries(deps, ended.webhooks);
  // After the commit nothing may throw: a retry would find the process ended and do nothing,
  // but the user would miss the news. Notifications are best effort.
  try {
    await announceProcessEnd(deps, job.accountId, {
      epaperId: job.epaperId,
      process: processOf(job),
      state: "finished",
    });
    if (job.type === "zip") await deps.onZipReady?.(job);
    if (job.type === "previewlink" && linkExpiresAt) {
      const row = await deps.db.selectFrom("epaper").select("name").where("id", "=", job.epaperId).executeTakeFirst();
      await publishToAccount(deps.redis, job.accountId, {
        type: "previewLinkGenerated",
        epaperId: job.epaperId,
        ...(row ? { name: row.name } : {}),
      });
      await deps.onPreviewLinkReady?.(job, { hash: built.hash, expiresAt: linkExpiresAt });
    }
  } catch (error) {
    deps.log(`publish of ${job.epaperId} finished, notifying failed: ${(error as Error).message}`);
  }
  return { published: true as const, ...built };
}

/**
 * The job failed for good (or was cancelled): if its process is still the ePaper's, the ePaper
 * is released as it was before, marked 'publishing failed', never stuck "processing", and a
 * charged unit of the zip contingent comes back, in the same transaction. Idempotent: a second
 * call (a retry, the worker's failed handler) finds no process of its own and changes nothing.
 */
export async function failPublishJob(deps: Pick<PublishJobDeps, "db" | "redis">, job: PublishJobData, reason: "failed" | "cancelled") {
  if (job.channelId) await releaseChannel(deps.db, job.channelId, reason);
  const released = await retryTransaction(deps.db, async (trx) => {
    const ended = await endProcess(trx, ownerOf(job), { as: "released" }, { publishingFailed: reason === "failed" });
    if (!ended) return false;
    return { zipContingent: job.charged ? await refundZipUnit(trx, job, reason) : null };
  });
  if (!released) return false;
  await announceProcessEnd(deps, job.accountId, {
    epaperId: job.epaperId,
    process: processOf(job),
    state: reason,
  });
  if (released.zipContingent !== null)
    await publishToAccount(deps.redis, job.accountId, { type: "zipContingentIncremented", zipContingent: released.zipContingent });
  if (job.channelId) {
    const channel = await deps.db.selectFrom("channel").select("name").where("id", "=", job.channelId).executeTakeFirst();
    await publishToAccount(deps.redis, job.accountId, {
      type: "channelProcess",
      channelId: job.channelId,
      process: "publishing",
      state: reason,
      ...(channel ? { name: channel.name } : {}),
    });
  }
  return true;
}

/** Gives the charged unit back; answers the new contingent, or null when nothing changed (unlimited, gone). */
async function refundZipUnit(trx: Database, job: PublishJobData, reason: string): Promise<number | null> {
  const account = await trx.selectFrom("account").select("zipContingent").where("id", "=", job.accountId).forUpdate().executeTakeFirst();
  if (!account || account.zipContingent === -1) return null;
  const zipContingent = account.zipContingent + 1;
  await trx.updateTable("account").set({ zipContingent }).where("id", "=", job.accountId).execute();
  await trx
    .insertInto("licenceHistory")
    .values({
      id: createId(),
      accountId: job.accountId,
      userId: job.userId,
      epaperId: job.epaperId,
      action: "licence_increment",
      trigger: "system",
      quantity: 1,
      details: JSON.stringify({ reason: `zip ${reason}, unit returned` }),
    })
    .execute();
  return zipContingent;
}
