import { type ExpressionBuilder, sql } from "kysely";
import { isStaleProcess } from "#app/lifecycle/epaper-process.server";
import type { Database } from "#db/client";
import type { DB } from "#db/schema.gen";
import { remembered } from "#app/utils/reference-cache.server";
import type { EpaperCard } from "#app/rules/epaper-card";
import { nameMatches } from "./name-search.server.ts";

/**
 * The ePaper grid of the workspace (studio-core.md §2, §9): the account's ePapers, newest first,
 * in pages of the grid's capacity, with the upload card as the first item of page 1.
 */

export type GridQuery = {
  accountId: string;
  /** Only this folder's ePapers; null for all of the account (search, or no folder tree). */
  folderId: string | null;
  /** The folder is the root: ePapers without a folder count as in it. */
  folderIsRoot?: boolean;
  search: string | null;
  /** The grid's capacity (cards per page, upload card included on page 1). */
  size: number;
  page: number;
  /** Whether page 1 starts with the upload card (it takes one place). */
  uploadCard: boolean;
  /** Users without demoManagement see no running process on demo ePapers (studio-core.md §4). */
  hideDemoProcesses: boolean;
};

/** The rows of a page: page 1 holds one ePaper less when the upload card comes first. */
export function pageWindow(options: { page: number; size: number; total: number; uploadCard: boolean }) {
  const size = Math.max(1, options.size);
  const firstPage = options.uploadCard ? Math.max(0, size - 1) : size;
  const pageCount = options.total <= firstPage ? 1 : 1 + Math.ceil((options.total - firstPage) / size);
  const page = Math.min(Math.max(1, Math.floor(options.page) || 1), pageCount);
  const offset = page === 1 ? 0 : firstPage + (page - 2) * size;
  const limit = page === 1 ? firstPage : size;
  return { page, pageCount, offset, limit };
}

/** Which page shows the ePaper at `index` (0 = newest) of the listing. */
export function pageOfIndex(index: number, size: number, uploadCard: boolean): number {
  const firstPage = uploadCard ? Math.max(0, Math.max(1, size) - 1) : Math.max(1, size);
  return index < firstPage ? 1 : 2 + Math.floor((index - firstPage) / Math.max(1, size));
}

type PublicationType = "preview" | "previewlink" | "zip";
/** What a card shows of its ePaper's published preview, preview link or zip (dates as the database writes them in JSON). */
type PublishedJson = {
  hash: string;
  publishedAt: string;
  sizeInByte: number;
  postProcessingUntil: string | null;
  expiredAt: string | null;
};

/**
 * The ePaper's newest published publication of a type as one JSON object (null: none), read in
 * the card's own row through the (epaper_id, type) index: no second round trip per page view.
 */
function publishedOf(eb: ExpressionBuilder<DB, "epaper">, type: PublicationType) {
  const column = (name: "hash" | "publishedAt" | "sizeInByte" | "postProcessingUntil" | "expiredAt") => sql.ref(`publication.${name}`);
  return eb
    .selectFrom("publication")
    .select(
      sql<
        PublishedJson | string
      >`json_object('hash', ${column("hash")}, 'publishedAt', ${column("publishedAt")}, 'sizeInByte', ${column("sizeInByte")},
        'postProcessingUntil', ${column("postProcessingUntil")}, 'expiredAt', ${column("expiredAt")})`.as("published"),
    )
    .whereRef("publication.epaperId", "=", "epaper.id")
    .where("publication.type", "=", type)
    .where("publication.publishedAt", "is not", null)
    .orderBy("publication.publishedAt", "desc")
    .limit(1)
    .as(`${type}Json`);
}

/** A datetime(3) as JSON_OBJECT writes it ('2026-12-06 03:19:27.123', UTC like every column). */
const jsonDate = (value: string) => new Date(`${value.replace(" ", "T")}Z`);

/** mysql2 parses a JSON column; a driver or server that hands back its text is read the same. */
function parsePublished(json: PublishedJson | string | null) {
  if (!json) return null;
  const value = typeof json === "string" ? (JSON.parse(json) as PublishedJson) : json;
  return {
    hash: value.hash,
    publishedAt: jsonDate(value.publishedAt),
    sizeInByte: Number(value.sizeInByte),
    postProcessingUntil: value.postProcessingUntil ? jsonDate(value.postProcessingUntil) : null,
    expiredAt: value.expiredAt ? jsonDate(value.expiredAt) : null,
  };
}

type ListingQuery = Pick<GridQuery, "accountId" | "folderId" | "folderIsRoot" | "search">;

function listing(db: Database, query: ListingQuery) {
  let select = db.selectFrom("epaper").where("epaper.accountId", "=", query.accountId).where("epaper.deletedAt", "is", null);
  const { folderId } = query;
  if (folderId && query.folderIsRoot)
    select = select.where((eb) => eb.or([eb("epaper.folderId", "=", folderId), eb("epaper.folderId", "is", null)]));
  else if (folderId) select = select.where("epaper.folderId", "=", folderId);
  // Words beginning words of the name, through the FULLTEXT index (name-search.server.ts).
  const { search } = query;
  if (search) select = select.where((eb) => nameMatches(eb, "epaper", search));
  return select;
}

export async function listEpaperCards(db: Database, query: GridQuery) {
  const { total } = await listing(db, query)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const window = pageWindow({ page: query.page, size: query.size, total: Number(total), uploadCard: query.uploadCard });
  const rows =
    window.limit === 0
      ? []
      : await listing(db, query)
          .leftJoin("renderProcess", (join) => join.onRef("renderProcess.epaperId", "=", "epaper.id").on("renderProcess.active", "=", true))
          .select((eb) => [
            "epaper.id",
            "epaper.name",
            "epaper.createdAt",
            "epaper.isDemo",
            "epaper.isLocked",
            "epaper.isRendered",
            "epaper.pageCount",
            "epaper.coverBlobKey",
            "epaper.processRunning",
            "epaper.processType",
            "epaper.processStartedAt",
            "epaper.processCancelled",
            "epaper.processError",
            "epaper.publishingFailed",
            "epaper.republishingRequiredPreview",
            "epaper.republishingRequiredZip",
            "epaper.republishChangesAt",
            "epaper.removeAt",
            "epaper.ocrPending",
            "renderProcess.pageCount as rpPageCount",
            "renderProcess.pageCountReady",
            "renderProcess.downloadDone",
            "renderProcess.splitDone",
            eb
              .selectFrom("publication")
              .select((sub) => sub.fn.countAll<number>().as("n"))
              .whereRef("publication.epaperId", "=", "epaper.id")
              .where("publication.reviewedAt", "is", null)
              .as("unreviewed"),
            eb
              .selectFrom("epaperSetting")
              .select("epaperSetting.tocEnabled")
              .whereRef("epaperSetting.epaperId", "=", "epaper.id")
              .limit(1)
              .as("tocEnabled"),
            eb
              .exists(
                eb
                  .selectFrom("tocItem")
                  .select("tocItem.id")
                  .whereRef("tocItem.epaperId", "=", "epaper.id")
                  .where("tocItem.enabled", "=", true),
              )
              .as("hasTocItems"),
            // Pages the render could only stand in for or draw degraded (issue 46): two range reads of page_epaper_id_supervision_idx.
            eb
              .selectFrom("page")
              .select((sub) => sub.fn.countAll<number>().as("n"))
              .whereRef("page.epaperId", "=", "epaper.id")
              .where("page.supervision", "in", ["low", "high"])
              .as("pagesToCheck"),
            publishedOf(eb, "preview"),
            publishedOf(eb, "previewlink"),
            publishedOf(eb, "zip"),
          ])
          // Newest first; the id breaks ties so that pages never overlap.
          .orderBy("epaper.createdAt", "desc")
          .orderBy("epaper.id", "desc")
          .limit(window.limit)
          .offset(window.offset)
          .execute();
  const cards: EpaperCard[] = rows.map((row) => {
    const hidden = query.hideDemoProcesses && row.isDemo;
    const preview = parsePublished(row.previewJson);
    const zip = parsePublished(row.zipJson);
    const link = parsePublished(row.previewlinkJson);
    return {
      id: row.id,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      isDemo: row.isDemo,
      isLocked: row.isLocked,
      isRendered: row.isRendered,
      pageCount: row.pageCount,
      hasCover: row.coverBlobKey !== null,
      process: {
        // A publish that lost its job long ago no longer shows as running (it can be started again).
        running: row.processRunning && !hidden && !isStaleProcess(row),
        type: row.processType,
        cancelled: row.processCancelled,
        error: hidden ? null : row.processError,
        pageCount: row.rpPageCount ?? row.pageCount,
        pageCountReady: row.pageCountReady ?? 0,
        downloadDone: Boolean(row.downloadDone),
        splitDone: Boolean(row.splitDone),
      },
      unreviewedPublications: Number(row.unreviewed ?? 0),
      publishingFailed: row.publishingFailed,
      preview: preview?.publishedAt
        ? { publishedAt: preview.publishedAt.toISOString(), outdated: row.republishingRequiredPreview, hash: preview.hash }
        : null,
      zip: zip?.publishedAt
        ? {
            publishedAt: zip.publishedAt.toISOString(),
            sizeInByte: zip.sizeInByte,
            postProcessingUntil: zip.postProcessingUntil?.toISOString() ?? null,
            outdated: row.republishingRequiredZip,
          }
        : null,
      previewLink: link?.publishedAt
        ? {
            publishedAt: link.publishedAt.toISOString(),
            // No flag of its own: changed after it was published (as a channel, studio-core.md §4).
            outdated: Boolean(row.republishChangesAt && row.republishChangesAt > link.publishedAt),
            hash: link.hash,
            expiredAt: link.expiredAt?.toISOString() ?? null,
          }
        : null,
      removeAt: row.removeAt?.toISOString() ?? null,
      // No settings row: the reader's default (on), as reader-settings and loadToc read it.
      // (MariaDB answers the boolean as 0 or 1.)
      tocShown: Boolean(Number(row.tocEnabled ?? 1)) && Boolean(Number(row.hasTocItems)),
      pagesToCheck: Number(row.pagesToCheck ?? 0),
      ocrPending: row.ocrPending,
    };
  });
  return { cards, total: Number(total), ...window };
}

/** The 0-based position of an ePaper in the listing (newest first), or null when it is not in it. */
export async function indexOfEpaper(db: Database, query: ListingQuery, epaperId: string) {
  const target = await listing(db, query).select(["epaper.createdAt", "epaper.id"]).where("epaper.id", "=", epaperId).executeTakeFirst();
  if (!target) return null;
  const { newer } = await listing(db, query)
    .select((eb) => eb.fn.countAll<number>().as("newer"))
    .where((eb) =>
      eb.or([
        eb("epaper.createdAt", ">", target.createdAt),
        eb.and([eb("epaper.createdAt", "=", target.createdAt), eb("epaper.id", ">", target.id)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(newer);
}

/** The folder an ePaper of the account lies in (null: unknown ePaper, or none). */
export async function folderOfEpaper(db: Database, accountId: string, epaperId: string): Promise<string | null> {
  const row = await db
    .selectFrom("epaper")
    .select("folderId")
    .where("id", "=", epaperId)
    .where("accountId", "=", accountId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  return row?.folderId ?? null;
}

/** A folder of the account (for ?folder=), with its name for the header; null when unknown. */
export async function findFolder(db: Database, accountId: string, folderId: string) {
  const row = await db
    .selectFrom("folder")
    .select(["id", "name", "parentId"])
    .where("accountId", "=", accountId)
    .where("id", "=", folderId)
    .executeTakeFirst();
  return row ?? null;
}

/** The ePaper languages of the language select (29, studio-core.md §2 upload card). */
export async function listEpaperLanguages(db: Database) {
  return remembered(db, "epaperLanguages", () =>
    db.selectFrom("epaperLanguage").select(["code", "name", "nativeName"]).orderBy("position").orderBy("name").execute(),
  );
}
