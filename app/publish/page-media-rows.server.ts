import type { Database } from "#db/client";

/*
 * The one query shape for media elements with their detail rows (one page_media row, its type,
 * and the left-joined detail table of its kind), shared by the editor's reading
 * (models/page-media-read.server.ts) and the publication snapshot (epaper-snapshot.server.ts).
 * Callers add their own joins, columns, where and order.
 */
export function pageMediaRows(db: Database) {
  return db
    .selectFrom("pageMedia as pm")
    .innerJoin("pageMediaType as type", "type.id", "pm.pageMediaTypeId")
    .leftJoin("pageMediaInternalLink as il", "il.pageMediaId", "pm.id")
    .leftJoin("pageMediaExternalLink as el", "el.pageMediaId", "pm.id")
    .leftJoin("pageMediaMailtoLink as ml", "ml.pageMediaId", "pm.id")
    .leftJoin("pageMediaVideo as v", "v.pageMediaId", "pm.id")
    .leftJoin("pageMediaGallery as g", "g.pageMediaId", "pm.id")
    .leftJoin("pageMediaCustomHtml as ch", "ch.pageMediaId", "pm.id")
    .select([
      "pm.id",
      "pm.pageId",
      "type.name as kind",
      "pm.title",
      "pm.description",
      "pm.customIcon",
      "pm.previewImageId",
      "pm.frameX1",
      "pm.frameX2",
      "pm.frameY1",
      "pm.frameY2",
      "pm.frameActive",
      "pm.frameIconActive",
      "pm.frameEmbedded",
      "pm.mediaBarActive",
      "pm.mediaBarContent",
      "il.internalLinkPageId",
      "el.url as externalUrl",
      "el.displayAs as externalDisplayAs",
      "el.width as externalWidth",
      "el.height as externalHeight",
      "ml.recipient",
      "ml.subject",
      "ml.body",
      "v.url as videoUrl",
      "v.displayAs as videoDisplayAs",
      "v.width as videoWidth",
      "v.height as videoHeight",
      "g.galleryId",
      "ch.content as htmlContent",
      "ch.editorMode",
      "ch.width as htmlWidth",
      "ch.height as htmlHeight",
    ])
    .orderBy("pm.position")
    .orderBy("pm.createdAt");
}
