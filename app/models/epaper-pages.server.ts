import { sql } from "kysely";
import { PAGES_TO_CHECK_NAMED } from "#app/rules/editor-pages";
import type { Database } from "#db/client";
import { EpaperNotFound } from "#app/lifecycle/epaper-process.server";
import type { StoredLink, StoredRenditions } from "#app/render/page-store.server";
import { EDITOR_PAGE_CHUNK, type EditorPage } from "#app/rules/editor-pages";

/*
 * The pages of an ePaper as the editor reads them (studio-core.md §7 'ePaper pages' and 'Page
 * lookup', §9 'pages load in chunks of 50'; issue 11): a chunk of pages by number, the chunk a
 * page number lies in, and the blob of one of a page's rendered files. Every read is scoped by
 * the account: an ePaper or page of another account is 'not found', like one that does not exist.
 */

/** The ePaper, if it is the account's and not deleted; else EpaperNotFound. */
export async function findAccountEpaper(db: Database, accountId: string, epaperId: string) {
  const epaper = await db
    .selectFrom("epaper")
    .select(["id", "name", "pageCount", "isRendered", "isLocked", "isDemo", "pagesVersion"])
    .where("id", "=", epaperId)
    .where("accountId", "=", accountId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  if (!epaper) throw new EpaperNotFound(`epaper ${epaperId}`);
  return epaper;
}

type PageRow = { id: string; page: number; width: number; height: number; isHidden: boolean; renditions: unknown; links?: unknown };

function editorPageOf(row: PageRow): EditorPage {
  const renditions = row.renditions as StoredRenditions | null;
  const links =
    row.links === undefined
      ? {}
      : { links: ((row.links as StoredLink[] | null) ?? []).map(({ x, y, w, h, page, uri }) => ({ x, y, w, h, page, uri })) };
  return {
    ...links,
    id: row.id,
    number: row.page,
    width: row.width,
    height: row.height,
    isHidden: row.isHidden,
    thumbnail: renditions ? { width: renditions.thumbnail.width, height: renditions.thumbnail.height } : null,
    images: renditions ? renditions.images.map(({ width, height }) => ({ width, height })) : [],
  };
}

/**
 * A chunk of the ePaper's pages in page order: `take` (at most EDITOR_PAGE_CHUNK) from `skip`,
 * and how many pages it has. Reads one range of the (epaper_id, page) key, whatever the length.
 */
export async function listPageChunk(db: Database, accountId: string, epaperId: string, options: { skip?: number; take?: number } = {}) {
  await findAccountEpaper(db, accountId, epaperId);
  const skip = Math.max(0, Math.floor(options.skip ?? 0) || 0);
  const take = Math.min(EDITOR_PAGE_CHUNK, Math.max(1, Math.floor(options.take ?? EDITOR_PAGE_CHUNK) || EDITOR_PAGE_CHUNK));
  const [rows, { total }] = await Promise.all([
    db
      .selectFrom("page")
      .select(["id", "page", "width", "height", "isHidden", "renditions"])
      .where("epaperId", "=", epaperId)
      .orderBy("page")
      .limit(take)
      .offset(skip)
      .execute(),
    db
      .selectFrom("page")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .where("epaperId", "=", epaperId)
      .executeTakeFirstOrThrow(),
  ]);
  return { pages: rows.map(editorPageOf), skip, total: Number(total) };
}

/**
 * Page lookup (§7): the page with this number, and where its chunk starts so that it sits in the
 * middle ('a search offsets by half a chunk'); null when the ePaper has no such page.
 */
export async function lookupPage(db: Database, accountId: string, epaperId: string, pageNumber: number) {
  await findAccountEpaper(db, accountId, epaperId);
  const row = await db
    .selectFrom("page")
    .select(["id", "page", "width", "height", "isHidden", "renditions", "links"])
    .where("epaperId", "=", epaperId)
    .where("page", "=", Math.floor(pageNumber))
    .executeTakeFirst();
  if (!row) return null;
  return { page: editorPageOf(row), chunkSkip: Math.max(0, row.page - 1 - Math.floor(EDITOR_PAGE_CHUNK / 2)) };
}

/**
 * The blob key of one rendered file of a page ('thumb.webp', 'w800.webp' …): only files the
 * page's renditions list, of an ePaper of the account; null otherwise. The key changes with every
 * render revision, so the answer may be cached for good under it.
 */
export async function findPageFileKey(db: Database, accountId: string, epaperId: string, pageNumber: number, file: string) {
  const row = await db
    .selectFrom("page")
    .innerJoin("epaper", "epaper.id", "page.epaperId")
    .select(["page.blobPrefix", "page.renditions"])
    .where("page.epaperId", "=", epaperId)
    .where("page.page", "=", Math.floor(pageNumber))
    .where("epaper.accountId", "=", accountId)
    .where("epaper.deletedAt", "is", null)
    .executeTakeFirst();
  const renditions = row?.renditions as StoredRenditions | null | undefined;
  if (!row?.blobPrefix || !renditions) return null;
  const files = [renditions.thumbnail.file, ...renditions.images.map((image) => image.file)];
  return files.includes(file) ? `${row.blobPrefix}/${file}` : null;
}

/** The click-area colours of the ePaper's settings (§9 defaults #C0C0C026 and #C0C0C080). */
export async function findClickAreaColors(db: Database, epaperId: string) {
  const row = await db
    .selectFrom("epaperSetting")
    .select(["clickAreaColor", "clickAreaHoverColor"])
    .where("epaperId", "=", epaperId)
    .executeTakeFirst();
  return { color: row?.clickAreaColor ?? "#C0C0C026", hover: row?.clickAreaHoverColor ?? "#C0C0C080" };
}

/** How many pages of the ePaper still have links of the PDF itself ('turn into media elements' for all pages). */
export async function countPagesWithLinks(db: Database, epaperId: string): Promise<number> {
  const row = await db
    .selectFrom("page")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("epaperId", "=", epaperId)
    .where(sql<boolean>`json_length(links) > 0`)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The ePaper's preview for the editor's preview button: its address key, when it was published, whether it is out of date. */
export async function findPreview(db: Database, epaperId: string) {
  const row = await db
    .selectFrom("publication")
    .innerJoin("epaper", "epaper.id", "publication.epaperId")
    .select(["publication.hash", "publication.publishedAt", "epaper.republishingRequiredPreview"])
    .where("publication.epaperId", "=", epaperId)
    .where("publication.type", "=", "preview")
    .executeTakeFirst();
  if (!row?.publishedAt) return null;
  return { hash: row.hash, publishedAt: row.publishedAt.toISOString(), outdated: row.republishingRequiredPreview };
}

/**
 * Pages the render could not draw within its limits (a blank page stands in: `high`) or drew
 * degraded (fonts missing, narrower, no text: `low`), in page order (issue 46). The caller has
 * checked that the ePaper is the account's.
 */
export async function findPagesToCheck(db: Database, epaperId: string) {
  const rows = await db
    .selectFrom("page")
    .select(["page", "supervision"])
    .where("epaperId", "=", epaperId)
    .where("supervision", "in", ["low", "high"])
    .orderBy("page")
    .limit(PAGES_TO_CHECK_NAMED + 1)
    .execute();
  return rows.map((row) => ({ page: row.page, blank: row.supervision === "high" }));
}
