import { createId } from "@paralleldrive/cuid2";
import type { Redis } from "ioredis";
import type { Transaction } from "kysely";
import { AppError } from "#app/errors/app-error";
import { EpaperLocked, EpaperNotFound } from "#app/lifecycle/epaper-process.server";
import { markRepublishingRequired } from "#app/publish/republishing.server";
import { isValidFrame, roundFraction } from "#app/rules/click-area";
import type { EnrichmentKind } from "#app/rules/enrichment";
import {
  fieldProblems,
  type MediaElement,
  type MediaFields,
  type MediaPatch,
  mediaPatchSchema,
  newMediaFields,
} from "#app/rules/media-element";
import { type PermissionSubject, requirePermission, requireWriteAllowed } from "#app/rules/permissions";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import type { DB } from "#db/schema.gen";
import { DETAIL_TABLES, detailValues, loadMediaElements } from "./page-media-read.server.ts";

/*
 * Writing media elements (studio-core.md §4 'Enrichment creator', 'Editing an enrichment', §7
 * 'Page enrichments'; issue 11): create, update, duplicate, delete, delete all of a page. Every
 * write loads the page through its ePaper scoped to the caller's account (another account's page
 * or element is 'not found', never a leak), checks epaperDetails, the demo rule and the support
 * lock, validates with the rules the browser uses (fieldProblems), and marks the ePaper's
 * publications as needing republishing. An update names the version it changes: a stale one is
 * refused with Conflict, so a second tab cannot silently overwrite the first.
 */

export type MediaDeps = { db: Database; redis: Redis };

export class MediaElementNotFound extends AppError {
  override name = "MediaElementNotFound";
  constructor(detail?: string) {
    super("media.errors.notFound", { status: 404, detail });
  }
}

export class StaleMediaVersion extends AppError {
  override name = "Conflict";
  constructor(detail?: string) {
    super("media.errors.staleVersion", { status: 409, detail });
  }
}

/** §8 'enrichment creation failed due to dependency': what the new element points to is gone. */
export class MediaDependencyGone extends AppError {
  override name = "FailedDependency";
  constructor(detail?: string) {
    super("media.errors.dependencyGone", { status: 424, detail });
  }
}

type PageTarget = { pageId: string; epaperId: string; width: number; height: number; isDemo: boolean; isLocked: boolean };

async function loadPage(db: Database, subject: PermissionSubject, epaperId: string, pageId: string): Promise<PageTarget> {
  // Without the editor's permission, every id gets the same refusal: nothing is looked up.
  requirePermission(subject, "epaperDetails");
  const row = await db
    .selectFrom("page")
    .innerJoin("epaper", "epaper.id", "page.epaperId")
    .select(["page.id as pageId", "page.epaperId", "page.width", "page.height", "epaper.isDemo", "epaper.isLocked"])
    .where("page.id", "=", pageId)
    .where("page.epaperId", "=", epaperId)
    .where("epaper.accountId", "=", subject.accountId)
    .where("epaper.deletedAt", "is", null)
    .executeTakeFirst();
  if (!row) throw new EpaperNotFound(`page ${pageId} of ePaper ${epaperId}`);
  return row;
}

async function loadElementPage(db: Database, subject: PermissionSubject, epaperId: string, pageMediaId: string) {
  requirePermission(subject, "epaperDetails");
  const row = await db
    .selectFrom("pageMedia")
    .innerJoin("page", "page.id", "pageMedia.pageId")
    .innerJoin("epaper", "epaper.id", "page.epaperId")
    .select("pageMedia.pageId")
    .where("pageMedia.id", "=", pageMediaId)
    .where("page.epaperId", "=", epaperId)
    .where("epaper.accountId", "=", subject.accountId)
    .where("epaper.deletedAt", "is", null)
    .executeTakeFirst();
  if (!row) throw new MediaElementNotFound(`page media ${pageMediaId}`);
  return loadPage(db, subject, epaperId, row.pageId);
}

/** The rules every write shares: the editor's permission, the demo rule, the support lock. */
function requireEditable(subject: PermissionSubject, target: PageTarget) {
  requirePermission(subject, "epaperDetails");
  requireWriteAllowed(subject, { resource: "enrichment", targetIsDemo: target.isDemo });
  if (target.isLocked) throw new EpaperLocked();
}

/** The patch as the server accepts it: typed (400 otherwise), the frame rounded to 4 digits. */
export function parsePatch(input: unknown): MediaPatch {
  const parsed = mediaPatchSchema.safeParse(input);
  if (!parsed.success) throw new AppError("errors.invalidRequest", { status: 400, detail: parsed.error.message });
  const patch = parsed.data;
  if (patch.frame) {
    const { x1, y1, x2, y2 } = patch.frame;
    patch.frame = { x1: roundFraction(x1), y1: roundFraction(y1), x2: roundFraction(x2), y2: roundFraction(y2) };
  }
  return patch;
}

/** Every rule for the element as it would be saved; the first problem is the refusal. */
async function validate(
  db: Database,
  subject: PermissionSubject,
  target: PageTarget,
  kind: EnrichmentKind,
  fields: MediaFields,
  hasPreviewImage: boolean,
  creating = false,
) {
  // §8: on creation, a chosen page or gallery that is gone by now is a failed dependency (the
  // creator closes); in the edit panel it is the field's message.
  const gone = (key: "targetPageRequired" | "galleryRequired") =>
    creating ? new MediaDependencyGone() : new AppError(`media.validation.${key}`, { status: 400 });
  if (!isValidFrame(fields.frame, target)) throw new AppError("media.errors.frameNotValid", { status: 400 });
  const problems = Object.values(fieldProblems(kind, fields, hasPreviewImage));
  const first = problems[0];
  if (first) throw new AppError(`media.validation.${first.key}`, { status: 400, params: first.params ?? {} });
  if (fields.internalLinkPageId) {
    const page = await db
      .selectFrom("page")
      .select("id")
      .where("id", "=", fields.internalLinkPageId)
      .where("epaperId", "=", target.epaperId)
      .executeTakeFirst();
    if (!page) throw gone("targetPageRequired");
  }
  if (fields.galleryId) {
    const gallery = await db
      .selectFrom("gallery")
      .select("id")
      .where("id", "=", fields.galleryId)
      .where("accountId", "=", subject.accountId)
      .executeTakeFirst();
    if (!gallery) throw gone("galleryRequired");
  }
  if (fields.customIcon) {
    const icon = await db.selectFrom("playerIcon").select("name").where("name", "=", fields.customIcon).executeTakeFirst();
    if (!icon) throw new AppError("errors.invalidRequest", { status: 400, detail: `unknown icon ${fields.customIcon}` });
  }
}

const baseValues = (fields: MediaFields) => ({
  title: fields.title,
  description: fields.description,
  customIcon: fields.customIcon,
  previewImageAuto: fields.previewImageAuto,
  frameX1: fields.frame.x1,
  frameY1: fields.frame.y1,
  frameX2: fields.frame.x2,
  frameY2: fields.frame.y2,
  frameActive: fields.frameActive,
  frameIconActive: fields.frameIconActive,
  frameEmbedded: fields.frameEmbedded,
  mediaBarActive: fields.mediaBarActive,
  mediaBarContent: fields.mediaBarActive ? fields.mediaBarContent : null,
});

async function insertElement(
  trx: Transaction<DB>,
  pageId: string,
  kind: EnrichmentKind,
  fields: MediaFields,
  extra: { previewImageId?: string | null; id?: string } = {},
) {
  const type = await trx.selectFrom("pageMediaType").select("id").where("name", "=", kind).executeTakeFirstOrThrow();
  const last = await trx
    .selectFrom("pageMedia")
    .select((eb) => eb.fn.max("position").as("position"))
    .where("pageId", "=", pageId)
    .executeTakeFirst();
  const id = extra.id ?? createId();
  await trx
    .insertInto("pageMedia")
    .values({
      id,
      pageId,
      pageMediaTypeId: type.id,
      position: Number(last?.position ?? -1) + 1,
      previewImageId: extra.previewImageId ?? null,
      ...baseValues(fields),
    })
    .execute();
  await trx
    .insertInto(DETAIL_TABLES[kind])
    .values({ pageMediaId: id, ...detailValues(kind, fields) } as never)
    .execute();
  return id;
}

async function elementOrThrow(db: Database, target: PageTarget, pageMediaId: string): Promise<MediaElement> {
  const [element] = await loadMediaElements(db, { pageId: target.pageId, ids: [pageMediaId] });
  if (!element) throw new MediaElementNotFound(`page media ${pageMediaId}`);
  return element;
}

/**
 * 'Add media item' (§4): a new element of the kind on the page, last in its list. `id` (the
 * creator's own, made when the dialog opened) makes a retry after a timeout safe: the element
 * that exists already under that id on this page is answered instead of a second one.
 */
export async function createMediaElement(
  deps: MediaDeps,
  subject: PermissionSubject,
  input: { epaperId: string; pageId: string; kind: EnrichmentKind; fields: unknown; id?: string },
): Promise<MediaElement> {
  const target = await loadPage(deps.db, subject, input.epaperId, input.pageId);
  requireEditable(subject, target);
  if (input.id) {
    const existing = await deps.db.selectFrom("pageMedia").select("pageId").where("id", "=", input.id).executeTakeFirst();
    if (existing && existing.pageId !== target.pageId) throw new MediaElementNotFound(`page media ${input.id} is elsewhere`);
    if (existing) return elementOrThrow(deps.db, target, input.id);
  }
  const fields = { ...newMediaFields(input.kind), ...parsePatch(input.fields) };
  await validate(deps.db, subject, target, input.kind, fields, false, true);
  let id: string;
  try {
    id = await retryTransaction(deps.db, (trx) => insertElement(trx, target.pageId, input.kind, fields, { id: input.id }));
  } catch (error) {
    // The same request twice at once: the first one's element is the answer.
    if (input.id && (error as { code?: string }).code === "ER_DUP_ENTRY") return elementOrThrow(deps.db, target, input.id);
    throw error;
  }
  await markRepublishingRequired(deps, target.epaperId);
  return elementOrThrow(deps.db, target, id);
}

/**
 * Saves changed fields of an element. `version` is the version the caller saw; when the element
 * changed since (another tab, another person), nothing is written and StaleMediaVersion says so.
 */
export async function updateMediaElement(
  deps: MediaDeps,
  subject: PermissionSubject,
  input: { epaperId: string; pageMediaId: string; version: string; patch: unknown },
): Promise<MediaElement> {
  const target = await loadElementPage(deps.db, subject, input.epaperId, input.pageMediaId);
  requireEditable(subject, target);
  const patch = parsePatch(input.patch);
  const current = await elementOrThrow(deps.db, target, input.pageMediaId);
  if (current.version !== input.version) throw new StaleMediaVersion(`${input.pageMediaId}: ${input.version} is not ${current.version}`);
  const { id: _id, kind, version, internalLinkPageNumber: _n, previewImage, ...saved } = current;
  const fields: MediaFields = { ...saved, ...patch };
  await validate(deps.db, subject, target, kind, fields, previewImage !== null);
  // The next version is later than the one replaced, even within the same millisecond.
  const next = new Date(Math.max(Date.now(), Date.parse(version) + 1));
  const written = await retryTransaction(deps.db, async (trx) => {
    const result = await trx
      .updateTable("pageMedia")
      .set({ ...baseValues(fields), updatedAt: next })
      .where("id", "=", input.pageMediaId)
      .where("updatedAt", "=", new Date(version))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx
      .updateTable(DETAIL_TABLES[kind])
      .set(detailValues(kind, fields) as never)
      .where("pageMediaId", "=", input.pageMediaId)
      .execute();
    return true;
  });
  if (!written) throw new StaleMediaVersion(`${input.pageMediaId} changed while saving`);
  await markRepublishingRequired(deps, target.epaperId);
  return elementOrThrow(deps.db, target, input.pageMediaId);
}

/** 'Duplicate' (§4, after confirmation): a copy with every field and the same preview image, last in the list. */
export async function duplicateMediaElement(
  deps: MediaDeps,
  subject: PermissionSubject,
  input: { epaperId: string; pageMediaId: string },
): Promise<MediaElement> {
  const target = await loadElementPage(deps.db, subject, input.epaperId, input.pageMediaId);
  requireEditable(subject, target);
  const current = await elementOrThrow(deps.db, target, input.pageMediaId);
  const { id: _id, kind, version: _v, internalLinkPageNumber: _n, previewImage, ...fields } = current;
  const id = await retryTransaction(deps.db, (trx) =>
    insertElement(trx, target.pageId, kind, fields, { previewImageId: previewImage?.id ?? null }),
  );
  await markRepublishingRequired(deps, target.epaperId);
  return elementOrThrow(deps.db, target, id);
}

/** 'Delete' (§4, after confirmation). Its detail row goes with it (ON DELETE CASCADE). */
export async function deleteMediaElement(deps: MediaDeps, subject: PermissionSubject, input: { epaperId: string; pageMediaId: string }) {
  const target = await loadElementPage(deps.db, subject, input.epaperId, input.pageMediaId);
  requireEditable(subject, target);
  await deps.db.deleteFrom("pageMedia").where("id", "=", input.pageMediaId).where("pageId", "=", target.pageId).execute();
  await markRepublishingRequired(deps, target.epaperId);
}

/** 'Delete all media elements of this page' (§4, after confirmation); answers how many went. */
export async function deleteAllPageMedia(deps: MediaDeps, subject: PermissionSubject, input: { epaperId: string; pageId: string }) {
  const target = await loadPage(deps.db, subject, input.epaperId, input.pageId);
  requireEditable(subject, target);
  const result = await deps.db.deleteFrom("pageMedia").where("pageId", "=", target.pageId).executeTakeFirst();
  const count = Number(result.numDeletedRows);
  if (count > 0) await markRepublishingRequired(deps, target.epaperId);
  return count;
}

export { loadPage as loadEditablePage, loadElementPage, requireEditable, insertElement };
