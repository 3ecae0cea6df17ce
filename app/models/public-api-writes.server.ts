import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import type { z } from "zod";
import type { JobQueue } from "#app/jobs/queues.server";
import { startPublish } from "#app/publish/start-publish.server";
import { can, type PermissionSubject, requirePermission, requireWriteAllowed } from "#app/rules/permissions";
import type { CreateEpaperSchema, PublishRequestSchema, PublishStartedSchema, UpdateEpaperSchema } from "#app/rules/public-api";
import type { Database } from "#db/client";
import { createEpaperFromUpload } from "./epaper-creation.server.ts";
import { type CardActionDeps, deleteEpaper, renameEpaper } from "./epaper-actions.server.ts";
import { moveEpaper } from "./folder.server.ts";
import type { Uploader } from "./upload.server.ts";

/*
 * The public API's writes (issue 32, ADR 0056): the studio's own model functions with the key's
 * subject, so every rule a studio user of the account meets (permissions, demo content, the
 * support lock, one process at a time, the zip contingent, the upload limits) holds for a key too.
 * A key is no user: what it uploads and creates names none.
 */

/** The key as an uploader: the account's, no user, never a try-it user's cooldown. */
export function apiUploader(subject: PermissionSubject): Uploader {
  return {
    subject,
    user: { id: null, accountId: subject.accountId, isGenerated: false, documentUploadedAt: null, accountIsGenerated: subject.isGenerated },
  };
}

/** The studio's card actions' services, its render queue as a BullMQ queue (creating starts a render), and the publish queue. */
export type ApiWriteDeps = Omit<CardActionDeps, "queue"> & { queue: Queue; publishQueue: JobQueue };

/** POST /api/v1/epapers: the upload becomes an ePaper and its render starts; answers its id. */
export async function createApiEpaper(deps: ApiWriteDeps, subject: PermissionSubject, input: z.output<typeof CreateEpaperSchema>) {
  const created = await createEpaperFromUpload({ db: deps.db, redis: deps.redis, queue: deps.queue }, apiUploader(subject), {
    name: input.name,
    languageCode: input.languageCode,
    fileId: input.uploadId,
    parentId: input.folderId ?? null,
  });
  return created.id;
}

/**
 * PATCH /api/v1/epapers/{id}: move and/or rename, each under the studio's rules. The move comes
 * first: it has the more refusals (the folder, an ePaper in error), and a name the schema let
 * through meets only the checks the move passed already, so a refused change changes nothing.
 */
export async function updateApiEpaper(
  deps: ApiWriteDeps,
  subject: PermissionSubject,
  epaperId: string,
  change: z.output<typeof UpdateEpaperSchema>,
) {
  if (change.folderId !== undefined) {
    // The folder tree's own checks (resources/folders.ts): the permission, then maintenance.
    requirePermission(subject, "tree");
    requireWriteAllowed(subject, { resource: "folder", targetIsDemo: false });
    await moveEpaper(deps.db, subject.accountId, epaperId, change.folderId, { demoManagement: can(subject, "demoManagement") });
  }
  if (change.name !== undefined) await renameEpaper(deps, subject, epaperId, change.name);
}

/** DELETE /api/v1/epapers/{id}: the studio's delete (soft; a running process refuses). */
export async function deleteApiEpaper(deps: ApiWriteDeps, subject: PermissionSubject, epaperId: string) {
  await deleteEpaper(deps, subject, epaperId);
}

/** POST /api/v1/epapers/{id}/publications: starts a publication; the webhook or a poll says when it is ready. */
export async function publishApiEpaper(
  deps: { db: Database; redis: Redis; publishQueue: JobQueue },
  subject: PermissionSubject,
  epaperId: string,
  input: z.output<typeof PublishRequestSchema>,
): Promise<z.input<typeof PublishStartedSchema>> {
  const started = await startPublish({ db: deps.db, redis: deps.redis, queue: deps.publishQueue }, subject, {
    epaperId,
    type: input.type,
    confirmCharge: input.confirmCharge === true,
    newPassword: input.newPassword === true,
    ...(input.channelId !== undefined ? { channelId: input.channelId } : {}),
  });
  return {
    epaperId,
    type: input.type,
    publicationId: started.publicationId ?? null,
    channelId: started.channelId ?? null,
    password: started.password,
  };
}
