import { createId } from "@paralleldrive/cuid2";
import type { Redis } from "ioredis";
import { publishToAccount } from "#app/events/publish.server";
import { PublishJob, type PublishJobData, type PublishType } from "#app/jobs/publish";
import { actingUserId } from "#app/rules/api-keys";
import { enqueue, type JobQueue } from "#app/jobs/queues.server";
import { beginProcess, EpaperLocked, EpaperNotFound, PROCESS_COLUMNS, requireNotBusy } from "#app/lifecycle/epaper-process.server";
import { AppError } from "#app/errors/app-error";
import { type PermissionSubject, requirePermission, requireWriteAllowed } from "#app/rules/permissions";
import type { Database } from "#db/client";
import { failPublishJob, processOfPublish } from "./publish-job.server.ts";
import { generatePreviewLinkPassword, hashPreviewLinkPassword } from "./preview-link-access.server.ts";
import { beginChannelPublish } from "./channel-publish.server.ts";
import { zipDecision } from "#app/rules/zip-contingent";
import { retryTransaction } from "#db/retry-transaction";

export type StartPublishDeps = { db: Database; redis: Redis; queue: JobQueue };

/** The zip contingent is used up: the card offers to order (studio-core.md §4). */
export class ZipContingentExhausted extends AppError {
  override name = "ZipContingentExhausted";
  constructor() {
    super("publish.errors.zipContingentExhausted", { status: 422 });
  }
}

/** A zip that costs a unit was asked for without the user's confirmation. */
export class ZipChargeNotConfirmed extends AppError {
  override name = "ZipChargeNotConfirmed";
  constructor() {
    super("publish.errors.zipChargeNotConfirmed", { status: 409 });
  }
}

export class EpaperNotRendered extends AppError {
  override name = "EpaperNotRendered";
  constructor() {
    super("publish.errors.notRendered", { status: 422 });
  }
}

/**
 * Starts publishing an ePaper as a preview or a zip: checks on the server what the card showed
 * (account scope, permission, demo rule, lock, rendered, one process at a time), takes a unit of
 * the zip contingent where the rules say so (with its licence history entry, in the same
 * transaction), marks the ePaper as in process and queues the job.
 */
export async function startPublish(
  deps: StartPublishDeps,
  subject: PermissionSubject,
  input: { epaperId: string; type: PublishType; confirmCharge?: boolean; newPassword?: boolean; channelId?: string },
) {
  if (input.type === "zip") requirePermission(subject, "gettingZip");
  if (input.type === "previewlink") requirePermission(subject, "createPreviewLink");
  if (input.type === "channel") requirePermission(subject, "publishToChannel");
  // Hashing takes a moment: done before the transaction, used only if the link needs a password.
  const fresh = input.type === "previewlink" ? await freshPassword() : null;
  const started = await retryTransaction(deps.db, async (trx) => {
    const epaper = await lockPublishableEpaper(trx, subject, input.epaperId);
    requireNotBusy(epaper);
    if (!epaper.isRendered) throw new EpaperNotRendered();
    let charged = false;
    let zipContingent: number | null = null;
    if (input.type === "zip") {
      // Locks the account row: two zips started at once cannot both take the last unit.
      const account = await trx
        .selectFrom("account")
        .select("zipContingent")
        .where("id", "=", subject.accountId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const zip = await trx
        .selectFrom("publication")
        .select("postProcessingUntil")
        .where("epaperId", "=", input.epaperId)
        .where("type", "=", "zip")
        .executeTakeFirst();
      const decision = zipDecision({
        contingent: account.zipContingent,
        postProcessingUntil: zip?.postProcessingUntil ?? null,
        now: new Date(),
      });
      if (decision.kind === "order") throw new ZipContingentExhausted();
      if (decision.kind === "confirm") {
        if (!input.confirmCharge) throw new ZipChargeNotConfirmed();
        zipContingent = account.zipContingent - 1;
        await trx.updateTable("account").set({ zipContingent }).where("id", "=", subject.accountId).execute();
        await trx
          .insertInto("licenceHistory")
          .values({
            id: createId(),
            accountId: subject.accountId,
            userId: actingUserId(subject.id),
            epaperId: input.epaperId,
            action: "licence_decrement",
            trigger: "system",
            quantity: 1,
            details: JSON.stringify({ reason: "zip", contingentBefore: account.zipContingent }),
          })
          .execute();
        charged = true;
      }
    }
    if (input.type === "channel") await beginChannelPublish(trx, subject, input.channelId);
    // The publication's id is known from the start (an API client finds it in /publications once
    // it is ready): the one the ePaper holds of this type, else the one its first build will make.
    const publicationId =
      input.type === "channel"
        ? undefined
        : ((
            await trx
              .selectFrom("publication")
              .select("id")
              .where("epaperId", "=", input.epaperId)
              .where("type", "=", input.type)
              .executeTakeFirst()
          )?.id ?? createId());
    const password = fresh
      ? await preparePreviewLink(trx, input.epaperId, publicationId ?? createId(), fresh, input.newPassword === true)
      : null;
    const startedAt = new Date();
    const data: PublishJobData = {
      epaperId: input.epaperId,
      accountId: subject.accountId,
      userId: actingUserId(subject.id),
      type: input.type,
      charged,
      startedAt: startedAt.toISOString(),
      ...(input.type === "channel" ? { channelId: input.channelId } : { publicationId }),
    };
    await beginProcess(trx, epaper, processOfPublish(input.type), {
      job: { job: PublishJob, data },
      extra: { publishingFailed: false },
      now: startedAt,
    });
    return { data, password, zipContingent };
  });
  try {
    await enqueue(deps.queue, PublishJob, started.data);
  } catch (error) {
    // No job, no process: release the ePaper and give a charged unit back before answering.
    await failPublishJob(deps, started.data, "failed");
    throw error;
  }
  await publishToAccount(deps.redis, subject.accountId, {
    type: "epaperProcess",
    epaperId: input.epaperId,
    process: processOfPublish(started.data.type),
    state: "started",
  });
  if (started.data.channelId)
    await publishToAccount(deps.redis, subject.accountId, {
      type: "channelProcess",
      channelId: started.data.channelId,
      process: "publishing",
      state: "started",
    });
  // The header and the zip dialog show the contingent: every browser of the account reloads it.
  if (started.zipContingent !== null)
    await publishToAccount(deps.redis, subject.accountId, { type: "zipContingentDecremented", zipContingent: started.zipContingent });
  // The password of a preview link is shown once, now: only its hash is stored.
  return { ...started.data, password: started.password };
}

/** The caller's ePaper, locked for a publishing write: the account, the demo rule, not locked by support. */
async function lockPublishableEpaper(trx: Database, subject: PermissionSubject, epaperId: string) {
  const epaper = await trx
    .selectFrom("epaper")
    .select(["id", "isDemo", "isLocked", "isRendered", ...PROCESS_COLUMNS])
    .where("id", "=", epaperId)
    .where("accountId", "=", subject.accountId)
    .where("deletedAt", "is", null)
    .forUpdate()
    .executeTakeFirst();
  if (!epaper) throw new EpaperNotFound();
  requireWriteAllowed(subject, { resource: "publication", targetIsDemo: epaper.isDemo });
  if (epaper.isLocked) throw new EpaperLocked();
  return epaper;
}

async function freshPassword() {
  const password = generatePreviewLinkPassword();
  return { password, passwordHash: await hashPreviewLinkPassword(password) };
}

/**
 * The preview link's row before its first build: a hash (its address) and a password. A
 * republish keeps both unless the user asks for a new password; the first publish makes them.
 * Answers the new password, or null when the old one stays.
 */
async function preparePreviewLink(
  trx: Database,
  epaperId: string,
  publicationId: string,
  fresh: { password: string; passwordHash: string },
  renew: boolean,
) {
  const existing = await trx
    .selectFrom("publication")
    .select(["id", "passwordHash"])
    .where("epaperId", "=", epaperId)
    .where("type", "=", "previewlink")
    .forUpdate()
    .executeTakeFirst();
  if (existing?.passwordHash && !renew) return null;
  if (existing) {
    await trx.updateTable("publication").set({ passwordHash: fresh.passwordHash }).where("id", "=", existing.id).execute();
  } else {
    await trx
      .insertInto("publication")
      .values({ id: publicationId, epaperId, type: "previewlink", hash: createId() + createId(), passwordHash: fresh.passwordHash })
      .execute();
  }
  return fresh.password;
}

export class PublicationNotFound extends AppError {
  override name = "NotFound";
  constructor() {
    super("publish.errors.publicationNotFound", { status: 404 });
  }
}

/**
 * refresh-publication-hash (studio-admin.md §7): the preview link gets a new address; the old one
 * answers 'not found' at once, and every unlock of it ends (its cookie names the old hash).
 */
export async function refreshPreviewLinkHash(deps: { db: Database }, subject: PermissionSubject, epaperId: string) {
  requirePermission(subject, "createPreviewLink");
  return retryTransaction(deps.db, async (trx) => {
    await lockPublishableEpaper(trx, subject, epaperId);
    const hash = createId() + createId();
    const updated = await trx
      .updateTable("publication")
      .set({ hash })
      .where("epaperId", "=", epaperId)
      .where("type", "=", "previewlink")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new PublicationNotFound();
    return hash;
  });
}
