import type { EnrichmentKind } from "#app/rules/enrichment";
import type { MediaElement, MediaFields } from "#app/rules/media-element";
import { sanitizeRichText } from "#app/utils/rich-text.server";
import { pageMediaRows } from "#app/publish/page-media-rows.server";
import type { Database } from "#db/client";

/*
 * Reading media elements as the editor shows them (one flat MediaElement per page_media row and
 * its detail row), and the columns each kind's detail table holds. Callers scope by account
 * before they call (the page was loaded through its ePaper's account).
 */

export const DETAIL_TABLES = {
  internalLink: "pageMediaInternalLink",
  externalLink: "pageMediaExternalLink",
  mailtoLink: "pageMediaMailtoLink",
  video: "pageMediaVideo",
  gallery: "pageMediaGallery",
  customHtml: "pageMediaCustomHtml",
} as const satisfies Record<EnrichmentKind, string>;

/** The detail row's columns of a kind, from the fields. */
export function detailValues(kind: EnrichmentKind, fields: MediaFields) {
  const overlay = fields.displayAs === "overlay";
  switch (kind) {
    case "internalLink":
      return { internalLinkPageId: fields.internalLinkPageId };
    case "externalLink":
    case "video":
      return {
        url: fields.url?.trim() ?? "",
        displayAs: fields.displayAs ?? (kind === "video" ? "overlay" : "tab_blank"),
        width: overlay ? fields.width : null,
        height: overlay ? fields.height : null,
      };
    case "mailtoLink":
      return { recipient: fields.recipient?.trim() ?? "", subject: fields.subject, body: fields.body?.trim() ? fields.body : null };
    case "gallery":
      return { galleryId: fields.galleryId };
    case "customHtml": {
      const editorMode = fields.editorMode ?? "text";
      // Text mode is the rich-text editor's output: only its formatting tags are stored.
      const content = editorMode === "text" ? sanitizeRichText(fields.content ?? "") : (fields.content ?? "");
      return {
        content,
        editorMode,
        width: fields.width ?? 0,
        height: fields.height ?? 0,
      };
    }
  }
}

/** The elements of one page in their order (`ids` narrows to some of them). */
export async function loadMediaElements(db: Database, scope: { pageId: string; ids?: string[] }): Promise<MediaElement[]> {
  if (scope.ids && scope.ids.length === 0) return [];
  let query = pageMediaRows(db)
    .leftJoin("page as target", "target.id", "il.internalLinkPageId")
    .leftJoin("media as preview", "preview.id", "pm.previewImageId")
    .select(["pm.updatedAt", "pm.previewImageAuto", "preview.name as previewName", "target.page as internalLinkPageNumber"])
    .where("pm.pageId", "=", scope.pageId);
  if (scope.ids) query = query.where("pm.id", "in", scope.ids);
  const rows = await query.execute();
  return rows.map((row) => {
    const kind = row.kind as EnrichmentKind;
    const link = kind === "video" ? "video" : "external";
    const url = link === "video" ? row.videoUrl : row.externalUrl;
    const displayAs = link === "video" ? row.videoDisplayAs : row.externalDisplayAs;
    const width = kind === "customHtml" ? row.htmlWidth : link === "video" ? row.videoWidth : row.externalWidth;
    const height = kind === "customHtml" ? row.htmlHeight : link === "video" ? row.videoHeight : row.externalHeight;
    return {
      id: row.id,
      kind,
      version: new Date(row.updatedAt).toISOString(),
      title: row.title,
      description: row.description,
      customIcon: row.customIcon,
      previewImageAuto: row.previewImageAuto,
      previewImage: row.previewImageId ? { id: row.previewImageId, name: row.previewName ?? "" } : null,
      frame: { x1: Number(row.frameX1), y1: Number(row.frameY1), x2: Number(row.frameX2), y2: Number(row.frameY2) },
      frameActive: row.frameActive,
      frameIconActive: row.frameIconActive,
      frameEmbedded: row.frameEmbedded,
      mediaBarActive: row.mediaBarActive,
      mediaBarContent: row.mediaBarContent,
      internalLinkPageId: row.internalLinkPageId ?? null,
      internalLinkPageNumber: row.internalLinkPageNumber ?? null,
      url: url ?? null,
      displayAs: displayAs ?? null,
      width: width ?? null,
      height: height ?? null,
      recipient: row.recipient ?? null,
      subject: row.subject ?? null,
      body: row.body ?? null,
      galleryId: row.galleryId ?? null,
      content: row.htmlContent ?? null,
      editorMode: row.editorMode ?? null,
    };
  });
}
