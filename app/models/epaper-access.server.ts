import { EpaperLocked } from "#app/lifecycle/epaper-process.server";
import { type PermissionSubject, requirePermission, requireWriteAllowed, type WriteResource } from "#app/rules/permissions";
import type { Database } from "#db/client";
import { findAccountEpaper } from "./epaper-pages.server.ts";

/*
 * The gate every ePaper dialog passes (settings, TOC, pages; issue 12): the permission first (no
 * id is looked up without it), then the ePaper of the caller's account (another's is 'not
 * found'), and for a change the demo rule and the support lock.
 */

/** The permissions of the ePaper dialogs (studio-admin.md §6). */
export type EpaperDialogPermission =
  | "epaperSettings"
  | "epaperTableOfContents"
  | "epaperPagesSettings"
  | "epaperPagesOrderAndStructure"
  // The accessibility report (issue 47): whoever may open the ePaper's details.
  | "epaperDetails";

/** One of the caller's account's ePapers, for a user who holds `permission`. */
export async function accountEpaperFor(db: Database, subject: PermissionSubject, epaperId: string, permission: EpaperDialogPermission) {
  requirePermission(subject, permission);
  return findAccountEpaper(db, subject.accountId, epaperId);
}

/** The same, for a change of `resource`: demo content and locked ePapers refuse. */
export async function changeableAccountEpaper(
  db: Database,
  subject: PermissionSubject,
  epaperId: string,
  permission: EpaperDialogPermission,
  resource: WriteResource,
) {
  const epaper = await accountEpaperFor(db, subject, epaperId, permission);
  requireWriteAllowed(subject, { resource, targetIsDemo: epaper.isDemo });
  if (epaper.isLocked) throw new EpaperLocked();
  return epaper;
}
