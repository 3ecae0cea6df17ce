import type { Redis } from "ioredis";
import { AppError } from "#app/errors/app-error";
import { publishToUser } from "#app/events/publish.server";
import { PublicationNotFound } from "#app/publish/start-publish.server";
import { type PermissionSubject, requirePermission } from "#app/rules/permissions";
import type { Database } from "#db/client";
import { findAccountEpaper, findPreview } from "./epaper-pages.server.ts";

/**
 * 'Open preview' (studio-core.md §7 calls: epaperId, pageNumber; §4 'Preview button'; ADR 0051):
 * the editor's preview button, when the ePaper's preview is current, opens it at the page on
 * screen and asks the server to do the same in the user's other studio tabs: the 'open preview'
 * event goes to every browser of the user, and the workspace's card shows the reader at that page.
 * The ePaper must be the account's (else not found), the page one of its pages, and its preview
 * published and current: an outdated one would make the card that hears the event publish anew.
 */
export async function requestOpenPreview(
  deps: { db: Database; redis: Redis },
  subject: PermissionSubject,
  input: { epaperId: string; pageNumber: number },
) {
  // The detail view's call: whoever may open the editor (not try-it or unconfirmed users).
  requirePermission(subject, "epaperDetails");
  const epaper = await findAccountEpaper(deps.db, subject.accountId, input.epaperId);
  const preview = await findPreview(deps.db, epaper.id);
  if (!preview || preview.outdated) throw new PublicationNotFound();
  if (input.pageNumber > epaper.pageCount) throw new AppError("errors.invalidRequest", { status: 422, detail: "no such page" });
  await publishToUser(deps.redis, subject.id, { type: "openPreview", epaperId: epaper.id, pageNumber: input.pageNumber });
}
