import type { Enrichment, EnrichmentAction, GalleryImage, ManifestPage, ReaderManifest, TocEntry } from "@ep/publisher/src/manifest.ts";
import { MANIFEST_VERSION } from "@ep/publisher/src/manifest.ts";
import type { StoredLink, StoredRenditions } from "#app/render/page-store.server";
import type { Database } from "#db/client";
import { sanitizeRichText } from "#app/utils/rich-text.server";
import { pageMediaRows } from "./page-media-rows.server.ts";
import { loadSettings, statisticsOn, toSettings, type ZipStatistics, zipStatisticsOf } from "./reader-settings.server.ts";
import { defaultIcon } from "#app/rules/enrichment";

/** A file the bundle copies from the blob store: where it goes and where it comes from. */
export type BundleCopy = { path: string; blobKey: string };

/** Everything a bundle is made of, read in one go so a publication is one consistent state. */
export type EpaperSnapshot = {
  epaperId: string;
  manifest: ReaderManifest;
  /** Where a zip package of it sends its readership statistics, if anywhere (the manifest's field depends on the form). */
  zipStatistics: ZipStatistics;
  pageTexts: string[];
  /** Blob keys of each visible page's word list (JSON written by the render node). */
  pageWordKeys: string[];
  /** Each visible page's blocks.json (ADR 0064), null for a page rendered before blocks existed. */
  pageBlockKeys: (string | null)[];
  copies: BundleCopy[];
  /**
   * Pages whose PDF download is allowed, by bundle path: the PDF they come from (the ePaper's
   * source, or the PDF a page operation inserted them from) and their page number in it.
   */
  pdfPages: { path: string; sourceKey: string; sourcePage: number }[];
};

/**
 * Reads an ePaper as it is now and turns it into the reader's manifest: visible pages only,
 * enrichments with their details, the PDF's own links, the table of contents, the settings with
 * their default fallbacks, and the list of stored files the bundle needs.
 */
export async function loadEpaperSnapshot(db: Database, epaperId: string): Promise<EpaperSnapshot> {
  const epaper = await db
    .selectFrom("epaper")
    .leftJoin("epaperLanguage", "epaperLanguage.code", "epaper.languageCode")
    .leftJoin("upload", "upload.id", "epaper.sourceUploadId")
    .select([
      "epaper.id",
      "epaper.accountId",
      "epaper.name",
      "epaper.languageCode",
      "epaperLanguage.isRtl",
      "upload.blobKey as sourceBlobKey",
    ])
    .where("epaper.id", "=", epaperId)
    .executeTakeFirstOrThrow();
  const allPages = await db
    .selectFrom("page")
    .select(["id", "page", "sourcePage", "sourceUploadId", "width", "height", "isHidden", "pageNumberHidden", "displayName", "pdfDownload"])
    .select(["blobPrefix", "renditions", "links", "text"])
    .where("epaperId", "=", epaperId)
    .orderBy("page")
    .execute();
  const visible = allPages.filter((page) => !page.isHidden && page.blobPrefix && page.renditions);
  // Pages inserted or exchanged from another PDF (issue 12) are cut from that file.
  const otherSources = [...new Set(visible.flatMap((page) => (page.pdfDownload && page.sourceUploadId ? [page.sourceUploadId] : [])))];
  const uploadKeys = new Map(
    otherSources.length
      ? (await db.selectFrom("upload").select(["id", "blobKey"]).where("id", "in", otherSources).execute()).map((row) => [
          row.id,
          row.blobKey,
        ])
      : [],
  );
  if (visible.length === 0) throw new Error("an ePaper without a visible rendered page cannot be published");
  // Internal links and the TOC point at page ids; a hidden target falls to the next visible page.
  const indexOfPageId = new Map<string, number>();
  let nextVisible = visible.length - 1;
  for (let position = allPages.length - 1; position >= 0; position--) {
    const page = allPages[position];
    if (!page) continue;
    const index = visible.indexOf(page);
    if (index >= 0) nextVisible = index;
    indexOfPageId.set(page.id, index >= 0 ? index : nextVisible);
  }
  const indexOfPageNumber = new Map(allPages.map((page) => [page.page, indexOfPageId.get(page.id) ?? 0]));

  const copies: BundleCopy[] = [];
  const mediaPath = new Map<string, string>();
  const mediaRows = new Map<string, { blobKey: string; extension: string; name: string; width: number | null; height: number | null }>();
  const mediaPathOf = (mediaId: string | null) => {
    if (!mediaId) return null;
    const row = mediaRows.get(mediaId);
    if (!row) return null;
    let path = mediaPath.get(mediaId);
    if (!path) {
      path = `media/${mediaId}.${row.extension.replace(/[^a-z0-9]/gi, "").toLowerCase() || "bin"}`;
      mediaPath.set(mediaId, path);
      copies.push({ path, blobKey: row.blobKey });
    }
    return path;
  };

  const enrichments = await loadEnrichments(
    db,
    visible.map((page) => page.id),
  );
  const settingsRow = await loadSettings(db, epaperId);
  const galleryIds = [...new Set(enrichments.flatMap((row) => (row.galleryId ? [row.galleryId] : [])))];
  const galleryItems = galleryIds.length
    ? await db
        .selectFrom("galleryMedia")
        .innerJoin("gallery", "gallery.id", "galleryMedia.galleryId")
        .select(["galleryMedia.galleryId", "galleryMedia.mediaId", "gallery.name"])
        .where("galleryMedia.galleryId", "in", galleryIds)
        .where("gallery.accountId", "=", epaper.accountId)
        .orderBy("galleryMedia.position")
        .execute()
    : [];
  const mediaIds = [
    ...enrichments.map((row) => row.previewImageId),
    ...galleryItems.map((row) => row.mediaId),
    settingsRow?.logoImageId ?? settingsRow?.defaultLogoImageId,
    settingsRow?.backgroundImageId ?? settingsRow?.defaultBackgroundImageId,
  ].filter((id): id is string => Boolean(id));
  if (mediaIds.length) {
    const rows = await db
      .selectFrom("media")
      .select(["id", "blobKey", "extension", "name", "width", "height"])
      .where("id", "in", [...new Set(mediaIds)])
      // The account's own media, or shared ones (no account): never another customer's files.
      .where((eb) => eb.or([eb("accountId", "=", epaper.accountId), eb("accountId", "is", null)]))
      .execute();
    for (const row of rows) mediaRows.set(row.id, row);
  }

  const pages: ManifestPage[] = visible.map((page, index) => {
    const renditions = page.renditions as StoredRenditions;
    const folder = `pages/${index + 1}`;
    const images = [...renditions.images]
      .sort((a, b) => b.width - a.width)
      .map((image) => ({ src: `${folder}/${image.file}`, width: image.width, height: image.height, bytes: image.bytes }));
    for (const image of renditions.images) copies.push({ path: `${folder}/${image.file}`, blobKey: `${page.blobPrefix}/${image.file}` });
    copies.push({ path: `${folder}/${renditions.thumbnail.file}`, blobKey: `${page.blobPrefix}/${renditions.thumbnail.file}` });
    const own = enrichments.filter((row) => row.pageId === page.id).flatMap((row) => toEnrichment(row, indexOfPageId, mediaPathOf));
    const pdfLinks = ((page.links as StoredLink[] | null) ?? []).flatMap((link, position) =>
      toPdfLink(link, `${page.id}-pdf-${position}`, indexOfPageNumber),
    );
    return {
      index,
      label: page.pageNumberHidden ? null : (page.displayName ?? String(page.page)),
      width: page.width,
      height: page.height,
      images,
      thumb: { src: `${folder}/${renditions.thumbnail.file}`, width: renditions.thumbnail.width, height: renditions.thumbnail.height },
      words: `${folder}/words.js`,
      pdf: page.pdfDownload ? `${folder}/page.pdf` : null,
      enrichments: [...own, ...pdfLinks],
    };
  });

  const galleries: Record<string, GalleryImage[]> = {};
  for (const item of galleryItems) {
    const src = mediaPathOf(item.mediaId);
    const media = mediaRows.get(item.mediaId);
    if (!src || !media) continue;
    const images = galleries[item.galleryId] ?? [];
    images.push({ src, width: media.width, height: media.height, alt: media.name });
    galleries[item.galleryId] = images;
  }

  const tocRows = await db
    .selectFrom("tocItem")
    .select(["title", "description", "pageId", "indent"])
    .where("epaperId", "=", epaperId)
    .where("enabled", "=", true)
    .orderBy("position")
    .execute();
  const toc: TocEntry[] = tocRows.flatMap((row) => {
    const pageIndex = indexOfPageId.get(row.pageId);
    if (pageIndex === undefined) return [];
    return [{ title: row.title, description: row.description, pageIndex, level: row.indent, thumb: pages[pageIndex]?.thumb.src ?? null }];
  });

  return {
    epaperId,
    zipStatistics: zipStatisticsOf(settingsRow),
    manifest: {
      version: MANIFEST_VERSION,
      name: epaper.name,
      language: epaper.languageCode,
      direction: epaper.isRtl ? "rtl" : "ltr",
      publishedAt: new Date().toISOString(),
      pages,
      toc,
      settings: toSettings(settingsRow, mediaPathOf, pages[0]?.images.at(-1)?.src ?? null),
      galleries,
      search: "search.js",
      // The endpoint depends on the form (build-publication.server.ts); off is off in every form.
      ...(statisticsOn(settingsRow) ? {} : { stats: false as const }),
    },
    pageTexts: visible.map((page) => page.text ?? ""),
    pageWordKeys: visible.map((page) => `${page.blobPrefix}/${(page.renditions as StoredRenditions).words}`),
    pageBlockKeys: visible.map((page) => {
      const blocks = (page.renditions as StoredRenditions).blocks;
      return blocks ? `${page.blobPrefix}/${blocks}` : null;
    }),
    copies,
    pdfPages: visible.flatMap((page, index) => {
      const sourceKey = page.sourceUploadId ? uploadKeys.get(page.sourceUploadId) : epaper.sourceBlobKey;
      return page.pdfDownload && sourceKey ? [{ path: `pages/${index + 1}/page.pdf`, sourceKey, sourcePage: page.sourcePage }] : [];
    }),
  };
}

async function loadEnrichments(db: Database, pageIds: string[]) {
  if (pageIds.length === 0) return [];
  return pageMediaRows(db).where("pm.pageId", "in", pageIds).execute();
}

type EnrichmentRow = Awaited<ReturnType<typeof loadEnrichments>>[number];

function toAction(row: EnrichmentRow, indexOfPageId: Map<string, number>): EnrichmentAction | null {
  switch (row.kind) {
    case "internalLink": {
      const pageIndex = row.internalLinkPageId ? indexOfPageId.get(row.internalLinkPageId) : undefined;
      return pageIndex === undefined ? null : { kind: "internalLink", pageIndex };
    }
    case "externalLink":
      return row.externalUrl
        ? {
            kind: "externalLink",
            url: row.externalUrl,
            displayAs: row.externalDisplayAs ?? "tab_blank",
            width: row.externalWidth,
            height: row.externalHeight,
          }
        : null;
    case "mailtoLink":
      return row.recipient ? { kind: "mailtoLink", recipient: row.recipient, subject: row.subject, body: row.body } : null;
    case "video":
      return row.videoUrl
        ? { kind: "video", url: row.videoUrl, displayAs: row.videoDisplayAs ?? "overlay", width: row.videoWidth, height: row.videoHeight }
        : null;
    case "gallery":
      return row.galleryId ? { kind: "gallery", galleryId: row.galleryId } : null;
    case "customHtml": {
      const html = customHtmlDocument(row.editorMode ?? "text", row.htmlContent ?? "");
      return { kind: "customHtml", html, width: row.htmlWidth ?? 400, height: row.htmlHeight ?? 300 };
    }
    default:
      return null;
  }
}

/** Text mode's own look inside the sandboxed frame (the content itself carries no style). */
const RICH_TEXT_STYLE =
  "<style>body{margin:1rem;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;overflow-wrap:anywhere}a{color:#0b57d0}</style>";

/** The sandboxed frame's document: text mode cut to its formatting tags again, whatever the row holds; HTML mode as written. */
export function customHtmlDocument(editorMode: "text" | "html", content: string): string {
  return editorMode === "text" ? `${RICH_TEXT_STYLE}${sanitizeRichText(content)}` : content;
}

function toEnrichment(
  row: EnrichmentRow,
  indexOfPageId: Map<string, number>,
  mediaPathOf: (id: string | null) => string | null,
): Enrichment[] {
  const action = toAction(row, indexOfPageId);
  // An element whose target is gone (a deleted page, an emptied gallery) is left out, not broken.
  if (!action) return [];
  return [
    {
      id: row.id,
      source: "studio",
      title: row.title,
      description: row.description,
      frame: { x1: row.frameX1, y1: row.frameY1, x2: row.frameX2, y2: row.frameY2 },
      frameActive: row.frameActive,
      frameIconActive: row.frameIconActive,
      frameEmbedded: row.frameEmbedded,
      mediaBar: row.mediaBarActive ? (row.mediaBarContent ?? "icon") : null,
      icon: row.customIcon ?? defaultIcon(row.kind),
      previewImage: mediaPathOf(row.previewImageId),
      action,
    },
  ];
}

/** A link annotation of the PDF itself becomes a transparent click area. */
function toPdfLink(link: StoredLink, id: string, indexOfPageNumber: Map<number, number>): Enrichment[] {
  const frame = { x1: link.x, y1: link.y, x2: link.x + link.w, y2: link.y + link.h };
  const base = { id, source: "pdf" as const, description: null, frame, frameActive: true, frameIconActive: false, frameEmbedded: false };
  const rest = { mediaBar: null, previewImage: null };
  if (link.page !== undefined) {
    const pageIndex = indexOfPageNumber.get(link.page);
    if (pageIndex === undefined) return [];
    return [{ ...base, ...rest, title: null, icon: "linkintern", action: { kind: "internalLink", pageIndex } }];
  }
  if (!link.uri) return [];
  if (/^mailto:/i.test(link.uri)) {
    let recipient: string;
    try {
      recipient = decodeURIComponent(link.uri.slice("mailto:".length).split("?")[0] ?? "");
    } catch {
      return []; // a malformed escape in the PDF: that one link is left out, the ePaper still publishes
    }
    return [{ ...base, ...rest, title: recipient, icon: "email", action: { kind: "mailtoLink", recipient, subject: null, body: null } }];
  }
  // Only web links: javascript:, file: and friends from a PDF never become clickable.
  if (!/^https?:\/\//i.test(link.uri)) return [];
  return [
    {
      ...base,
      ...rest,
      title: link.uri,
      icon: "link",
      action: { kind: "externalLink", url: link.uri, displayAs: "tab_blank", width: null, height: null },
    },
  ];
}
