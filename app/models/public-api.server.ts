import { sql } from "kysely";
import type { Database } from "#db/client";
import { AppError } from "#app/errors/app-error";
import { EpaperNotFound, isStaleProcess } from "#app/lifecycle/epaper-process.server";
import type { StoredRenditions } from "#app/render/page-store.server";
import { channelAddress } from "#app/rules/channel";
import { apiPageFileSrc, apiZipSrc } from "#app/rules/page-files";
import { type PermissionSubject, requirePermission } from "#app/rules/permissions";
import { previewAddress } from "#app/rules/preview-address";
import { previewLinkAddress, previewLinkExpiresAt } from "#app/rules/preview-link";
import type { ChannelSchema, EpaperDetailSchema, EpaperSummarySchema, PublicationSchema } from "#app/rules/public-api";
import type { z } from "zod";
import { nameMatches } from "./name-search.server.ts";
import { loadToc } from "./toc.server.ts";

/*
 * The public API's reads (issue 32, ADR 0056), scoped to the key's account like a studio user's:
 * another account's ePaper is 'not found'. Lists are keyset pages, newest first with the id as a
 * tie-breaker: a cursor names the last item's (createdAt, id), so items added meanwhile land
 * before the first page and never shift a later one (no duplicates, no gaps).
 */

export type ApiUrls = { studioUrl: string; contentUrl: string };
type Query = { limit: number; cursor?: string };
type Key = { createdAt: Date; id: string };

const invalidCursor = () =>
  new AppError("api.errors.invalidQuery", { status: 422, params: { problem: "cursor" }, detail: "bad cursor", fields: ["cursor"] });

export function encodeCursor(key: Key): string {
  return Buffer.from(JSON.stringify([key.createdAt.toISOString(), key.id])).toString("base64url");
}

export function decodeCursor(cursor: string): Key {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    const createdAt = new Date(String(at));
    if (typeof at !== "string" || typeof id !== "string" || Number.isNaN(createdAt.getTime()) || id.length > 64) throw invalidCursor();
    return { createdAt, id };
  } catch {
    throw invalidCursor();
  }
}

/** Rows after the cursor in (createdAt desc, id desc) order, on `table`'s columns. */
function after(table: "epaper" | "publication" | "channel", cursor: Key) {
  const created = sql.ref(`${table}.createdAt`);
  const id = sql.ref(`${table}.id`);
  return sql<boolean>`(${created} < ${cursor.createdAt} OR (${created} = ${cursor.createdAt} AND ${id} < ${cursor.id}))`;
}

/** One page from `limit + 1` rows: the extra row only says that another page follows. */
function pageOf<R extends Key, T>(rows: R[], limit: number, map: (row: R) => T) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items: items.map(map), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

const EPAPER_COLUMNS = [
  "epaper.id",
  "epaper.name",
  "epaper.folderId",
  "epaper.languageCode",
  "epaper.isRendered",
  "epaper.isLocked",
  "epaper.isDemo",
  "epaper.pageCount",
  "epaper.processType",
  "epaper.processRunning",
  "epaper.processCancelled",
  "epaper.processError",
  "epaper.processStartedAt",
  "epaper.createdAt",
  "epaper.updatedAt",
  "epaper.pagesVersion",
  "renderProcess.pageCount as rpPageCount",
  "renderProcess.pageCountReady",
] as const;

/** The account's live ePapers, before any column is chosen (filters go here: nameMatches needs the bare table). */
const accountEpapers = (db: Database, accountId: string) =>
  db.selectFrom("epaper").where("epaper.accountId", "=", accountId).where("epaper.deletedAt", "is", null);

function withColumns(query: ReturnType<typeof accountEpapers>) {
  return query
    .leftJoin("renderProcess", (join) => join.onRef("renderProcess.epaperId", "=", "epaper.id").on("renderProcess.active", "=", true))
    .select(EPAPER_COLUMNS);
}

type EpaperRow = Awaited<ReturnType<ReturnType<typeof withColumns>["executeTakeFirstOrThrow"]>>;

function summaryOf(row: EpaperRow): z.input<typeof EpaperSummarySchema> {
  return {
    id: row.id,
    name: row.name,
    folderId: row.folderId,
    languageCode: row.languageCode,
    isRendered: row.isRendered,
    isLocked: row.isLocked,
    isDemo: row.isDemo,
    pageCount: row.pageCount,
    process: {
      type: row.processType,
      // A publish that lost its job long ago no longer counts as running (as on the card).
      running: row.processRunning && !isStaleProcess(row),
      cancelled: row.processCancelled,
      error: row.processError,
      pageCount: row.rpPageCount ?? row.pageCount,
      pageCountReady: row.pageCountReady ?? (row.isRendered ? row.pageCount : 0),
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/v1/epapers: the account's ePapers, optionally of one folder and matching a search. */
export async function listApiEpapers(db: Database, subject: PermissionSubject, query: Query & { search?: string; folderId?: string }) {
  requirePermission(subject, "epaperDetails");
  let select = accountEpapers(db, subject.accountId);
  if (query.folderId) {
    const folder = await db
      .selectFrom("folder")
      .select(["id", "parentId"])
      .where("id", "=", query.folderId)
      .where("accountId", "=", subject.accountId)
      .executeTakeFirst();
    if (!folder) throw new AppError("api.errors.notFound", { status: 404, detail: `folder ${query.folderId}` });
    const folderId = folder.id;
    // The root folder holds the ePapers that have none (as in the workspace).
    select =
      folder.parentId === null
        ? select.where((eb) => eb.or([eb("epaper.folderId", "=", folderId), eb("epaper.folderId", "is", null)]))
        : select.where("epaper.folderId", "=", folderId);
  }
  const { search } = query;
  if (search) select = select.where((eb) => nameMatches(eb, "epaper", search));
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (cursor) select = select.where(after("epaper", cursor));
  const rows = await withColumns(select)
    .orderBy("epaper.createdAt", "desc")
    .orderBy("epaper.id", "desc")
    .limit(query.limit + 1)
    .execute();
  return pageOf(rows, query.limit, summaryOf);
}

/** GET /api/v1/epapers/{id}: one ePaper with its pages' image addresses and its outline (table of contents). */
export async function getApiEpaper(
  db: Database,
  subject: PermissionSubject,
  epaperId: string,
  urls: ApiUrls,
): Promise<z.input<typeof EpaperDetailSchema>> {
  requirePermission(subject, "epaperDetails");
  const row = await withColumns(accountEpapers(db, subject.accountId).where("epaper.id", "=", epaperId)).executeTakeFirst();
  if (!row) throw new EpaperNotFound(`epaper ${epaperId}`);
  const [pages, toc] = await Promise.all([
    db
      .selectFrom("page")
      .select(["page", "width", "height", "isHidden", "renditions"])
      .where("epaperId", "=", epaperId)
      .orderBy("page")
      .execute(),
    loadToc(db, subject, epaperId),
  ]);
  // The API's own page files (GET /api/v1/epapers/:id/pages/:n/:file, with the key); the version
  // makes a new address once a page operation or a render changed what a number shows.
  const image = (page: number, file: { width: number; height: number; file: string }) => ({
    width: file.width,
    height: file.height,
    url: `${urls.studioUrl}${apiPageFileSrc(epaperId, page, file.file, row.pagesVersion)}`,
  });
  return {
    ...summaryOf(row),
    pages: pages.map((page) => {
      const renditions = page.renditions as StoredRenditions | null;
      return {
        number: page.page,
        width: page.width,
        height: page.height,
        isHidden: page.isHidden,
        thumbnail: renditions ? image(page.page, renditions.thumbnail) : null,
        images: renditions ? renditions.images.map((file) => image(page.page, file)) : [],
      };
    }),
    outline: toc.items.map(({ title, description, author, indent, enabled, pageNumber }) => ({
      title,
      description,
      author,
      indent,
      enabled,
      pageNumber,
    })),
  };
}

/** GET /api/v1/publications: the published previews, preview links and zip packages of the account's ePapers. */
export async function listApiPublications(
  db: Database,
  subject: PermissionSubject,
  query: Query & { epaperId?: string; type?: z.output<typeof PublicationSchema>["type"] },
  urls: ApiUrls,
) {
  requirePermission(subject, "epaperDetails");
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  let select = db
    .selectFrom("publication")
    .innerJoin("epaper", "epaper.id", "publication.epaperId")
    .innerJoin("account", "account.id", "epaper.accountId")
    .select([
      "publication.id",
      "publication.epaperId",
      "publication.type",
      "publication.hash",
      "publication.publishedAt",
      "publication.expiredAt",
      "publication.sizeInByte",
      "publication.createdAt",
      "account.previewLinkExpiryTimeInHours",
    ])
    .where("epaper.accountId", "=", subject.accountId)
    .where("epaper.deletedAt", "is", null)
    .where("publication.publishedAt", "is not", null);
  // Another account's ePaper filters to nothing, as a missing one does.
  if (query.epaperId) select = select.where("publication.epaperId", "=", query.epaperId);
  if (query.type) select = select.where("publication.type", "=", query.type);
  if (cursor) select = select.where(after("publication", cursor));
  const rows = await select
    .orderBy("publication.createdAt", "desc")
    .orderBy("publication.id", "desc")
    .limit(query.limit + 1)
    .execute();
  return pageOf(rows, query.limit, (row): z.input<typeof PublicationSchema> => {
    const publishedAt = row.publishedAt ?? row.createdAt;
    const url =
      row.type === "preview"
        ? previewAddress(urls.contentUrl, row.hash)
        : row.type === "previewlink"
          ? previewLinkAddress(urls.studioUrl, row.hash)
          : `${urls.studioUrl}${apiZipSrc(row.epaperId)}`;
    const expiresAt =
      row.type === "previewlink" ? (row.expiredAt ?? previewLinkExpiresAt(publishedAt, row.previewLinkExpiryTimeInHours)) : null;
    return {
      id: row.id,
      epaperId: row.epaperId,
      type: row.type,
      url,
      publishedAt: publishedAt.toISOString(),
      expiresAt: expiresAt?.toISOString() ?? null,
      sizeInByte: Number(row.sizeInByte),
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** GET /api/v1/channels: the account's channels with their fixed addresses (channelWorkspace, as in the studio). */
export async function listApiChannels(db: Database, subject: PermissionSubject, query: Query, urls: ApiUrls) {
  requirePermission(subject, "channelWorkspace");
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  let select = db
    .selectFrom("channel")
    .leftJoin("subdomain", "subdomain.id", "channel.subdomainId")
    .select([
      "channel.id",
      "channel.name",
      "channel.shortPath",
      "channel.epaperId",
      "channel.isDemo",
      "channel.disabled",
      "channel.publishedAt",
      "channel.removeAt",
      "channel.createdAt",
      "subdomain.name as subdomainName",
    ])
    .where("channel.accountId", "=", subject.accountId)
    .where("channel.deletedAt", "is", null);
  if (cursor) select = select.where(after("channel", cursor));
  const rows = await select
    .orderBy("channel.createdAt", "desc")
    .orderBy("channel.id", "desc")
    .limit(query.limit + 1)
    .execute();
  return pageOf(
    rows,
    query.limit,
    (row): z.input<typeof ChannelSchema> => ({
      id: row.id,
      name: row.name,
      url: channelAddress(urls.contentUrl, row.shortPath),
      epaperId: row.epaperId,
      isDemo: row.isDemo,
      disabled: row.disabled,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      removeAt: row.removeAt?.toISOString() ?? null,
      subdomain: row.subdomainName ?? null,
      createdAt: row.createdAt.toISOString(),
    }),
  );
}
