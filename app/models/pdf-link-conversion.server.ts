import { sql } from "kysely";
import { markRepublishingRequired } from "#app/publish/republishing.server";
import type { StoredLink } from "#app/render/page-store.server";
import { frameFromDrag } from "#app/rules/click-area";
import { type EnrichmentKind, isHttpUrl } from "#app/rules/enrichment";
import { type MediaFields, newMediaFields } from "#app/rules/media-element";
import { type PermissionSubject, requirePermission } from "#app/rules/permissions";
import { retryTransaction } from "#db/retry-transaction";
import { findAccountEpaper } from "./epaper-pages.server.ts";
import { insertElement, loadEditablePage, type MediaDeps, requireEditable } from "./page-media.server.ts";

/*
 * 'Turn into media elements' (issue 11): the links the PDF itself has (the render node extracts
 * them) become media elements of their pages, so they can be edited, given an icon, a title or a
 * media-bar entry. A link to a page becomes an internal link, a web address an external link, a
 * mailto: an e-mail link; other targets (javascript:, file:) are dropped, as the reader drops
 * them. The page keeps no PDF links afterwards, so the reader never shows a link twice.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

type Converted = { kind: EnrichmentKind; fields: MediaFields };

function convert(link: StoredLink, page: { width: number; height: number }, pageIdOf: Map<number, string>): Converted | null {
  const frame = frameFromDrag({ x: link.x, y: link.y }, { x: link.x + link.w, y: link.y + link.h }, page);
  const base = (kind: EnrichmentKind) => ({ ...newMediaFields(kind, frame), frameIconActive: false });
  if (link.page !== undefined) {
    const target = pageIdOf.get(link.page);
    return target ? { kind: "internalLink", fields: { ...base("internalLink"), internalLinkPageId: target } } : null;
  }
  const uri = link.uri?.trim() ?? "";
  if (/^mailto:/i.test(uri)) {
    let recipient: string;
    try {
      recipient = decodeURIComponent(uri.slice("mailto:".length).split("?")[0] ?? "");
    } catch {
      return null;
    }
    return EMAIL.test(recipient) ? { kind: "mailtoLink", fields: { ...base("mailtoLink"), recipient } } : null;
  }
  if (!isHttpUrl(uri) || uri.length > 2048) return null;
  return { kind: "externalLink", fields: { ...base("externalLink"), url: uri } };
}

/**
 * Converts the PDF links of one page (`pageId`) or of every page of the ePaper; answers how many
 * media elements it made. Each page is converted in one transaction: all of its links or none.
 */
export async function convertPdfLinks(deps: MediaDeps, subject: PermissionSubject, input: { epaperId: string; pageId?: string }) {
  requirePermission(subject, "epaperDetails");
  const epaper = await findAccountEpaper(deps.db, subject.accountId, input.epaperId);
  let query = deps.db
    .selectFrom("page")
    .select(["id", "width", "height", "links"])
    .where("epaperId", "=", epaper.id)
    .where(sql<boolean>`json_length(links) > 0`);
  if (input.pageId) {
    const target = await loadEditablePage(deps.db, subject, epaper.id, input.pageId);
    requireEditable(subject, target);
    query = query.where("id", "=", target.pageId);
  } else {
    requireEditable(subject, { ...epaper, pageId: "", epaperId: epaper.id, width: 0, height: 0 });
  }
  const pages = await query.orderBy("page").execute();
  if (pages.length === 0) return 0;
  const numbers = await deps.db.selectFrom("page").select(["id", "page"]).where("epaperId", "=", epaper.id).execute();
  const pageIdOf = new Map(numbers.map((row) => [row.page, row.id]));
  let count = 0;
  for (const page of pages) {
    const converted = ((page.links as StoredLink[] | null) ?? []).flatMap((link) => convert(link, page, pageIdOf) ?? []);
    count += await retryTransaction(deps.db, async (trx) => {
      // Only if the links are still there: a second click (or tab) converts nothing twice.
      const claimed = await trx
        .updateTable("page")
        .set({ links: sql`json_array()` })
        .where("id", "=", page.id)
        .where(sql<boolean>`json_length(links) > 0`)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return 0;
      for (const element of converted) await insertElement(trx, page.id, element.kind, element.fields);
      return converted.length;
    });
  }
  if (count > 0) await markRepublishingRequired(deps, epaper.id);
  return count;
}
