import { type PermissionSubject, requirePermission } from "#app/rules/permissions";
import type { Database } from "#db/client";
import type { SupportEpaperInfo } from "#app/rules/support-rows";
import { findPageFileKey } from "../epaper-pages.server.ts";
import { SupportTargetNotFound } from "./support-errors.server.ts";

/*
 * What the support drawers show (studio-admin.md §2 'supportEpaperInfos', 'supervisedPageInfos';
 * issue 14): the ePaper info view with its render processes, and the images of any account's
 * ePaper (cover, page thumbnails) for level 3 and 4.
 */

export async function supportEpaperInfo(db: Database, subject: PermissionSubject, epaperId: string): Promise<SupportEpaperInfo> {
  requirePermission(subject, "support");
  const epaper = await db
    .selectFrom("epaper")
    .innerJoin("account", "account.id", "epaper.accountId")
    .select([
      "epaper.id",
      "epaper.name",
      "epaper.accountId",
      "account.name as accountName",
      "epaper.languageCode",
      "epaper.pageCount",
      "epaper.isDemo",
      "epaper.isLocked",
      "epaper.isRendered",
      "epaper.renderingFailed",
      "epaper.processType",
      "epaper.processRunning",
      "epaper.processCancelled",
      "epaper.processError",
      "epaper.sizeInByte",
      "epaper.createdAt",
      "epaper.updatedAt",
    ])
    .where("epaper.id", "=", epaperId)
    .where("epaper.deletedAt", "is", null)
    .executeTakeFirst();
  if (!epaper) throw new SupportTargetNotFound("ePaper");
  const renders = await db
    .selectFrom("renderProcess")
    .select(["id", "documentId", "active", "pageCount", "pageCountReady", "error", "updatedAt"])
    .where("epaperId", "=", epaperId)
    .orderBy("updatedAt", "desc")
    .limit(20)
    .execute();
  return { ...epaper, renders };
}

/** The blob of `cover` or `page-<n>` (that page's thumbnail) of any account's ePaper; null when there is none. */
export async function findSupportImageKey(
  db: Database,
  subject: PermissionSubject,
  epaperId: string,
  file: string,
): Promise<string | null> {
  requirePermission(subject, "support");
  const epaper = await db
    .selectFrom("epaper")
    .select(["accountId", "coverBlobKey"])
    .where("id", "=", epaperId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  if (!epaper) return null;
  if (file === "cover") return epaper.coverBlobKey;
  const page = /^page-(\d{1,5})$/.exec(file);
  if (!page) return null;
  return findPageFileKey(db, epaper.accountId, epaperId, Number(page[1]), "thumb.webp");
}
