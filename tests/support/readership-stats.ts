import { createId } from "@paralleldrive/cuid2";
import type { Insertable } from "kysely";
import type { Database } from "#db/client";
import type { StatsDaily, StatsDevices, StatsElements, StatsPages, StatsReferrers, StatsSearches } from "#db/schema.gen";

/*
 * Readership statistics as the rollup leaves them (ADR 0053), for tests of the statistics view:
 * an ePaper with rendered pages, and counter rows written straight into the rollup tables.
 */

/** The Date of a UTC day, as the rollup writes `day`. */
export const statsDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** An ePaper of `accountId` with `pageCount` pages (page ids in page order). */
export async function insertStatsEpaper(
  db: Database,
  accountId: string,
  options: { pageCount?: number; name?: string; deletedAt?: Date } = {},
) {
  const pageCount = options.pageCount ?? 3;
  const epaperId = createId();
  await db
    .insertInto("epaper")
    .values({
      id: epaperId,
      accountId,
      name: options.name ?? "Spring catalogue",
      languageCode: "de",
      pageCount,
      isRendered: true,
      ...(options.deletedAt ? { deletedAt: options.deletedAt } : {}),
    })
    .execute();
  const pageIds = Array.from({ length: pageCount }, () => createId());
  if (pageCount > 0)
    await db
      .insertInto("page")
      .values(pageIds.map((id, i) => ({ id, epaperId, page: i + 1, sourcePage: i + 1, width: 595, height: 842 })))
      .execute();
  return { epaperId, pageIds };
}

/** A media element of `kind` on a page, with its detail row where the kind needs one for a label. */
export async function insertStatsElement(
  db: Database,
  pageId: string,
  kind: "externalLink" | "video" | "mailtoLink" | "gallery",
  values: { title?: string; url?: string; recipient?: string } = {},
) {
  const id = createId();
  const type = await db.selectFrom("pageMediaType").select("id").where("name", "=", kind).executeTakeFirstOrThrow();
  await db
    .insertInto("pageMedia")
    .values({ id, pageId, pageMediaTypeId: type.id, title: values.title ?? null, frameX1: 0.1, frameY1: 0.1, frameX2: 0.4, frameY2: 0.3 })
    .execute();
  if (kind === "externalLink")
    await db
      .insertInto("pageMediaExternalLink")
      .values({ pageMediaId: id, url: values.url ?? "https://example.com/" })
      .execute();
  if (kind === "video")
    await db
      .insertInto("pageMediaVideo")
      .values({ pageMediaId: id, url: values.url ?? "https://video.example/" })
      .execute();
  if (kind === "mailtoLink")
    await db
      .insertInto("pageMediaMailtoLink")
      .values({ pageMediaId: id, recipient: values.recipient ?? "info@example.com" })
      .execute();
  return id;
}

type Row<T> = Omit<Insertable<T>, "epaperId" | "day"> & { day: string };

/** Counter rows of one ePaper, `day` as YYYY-MM-DD. */
export async function insertStatsRows(
  db: Database,
  epaperId: string,
  rows: {
    daily?: Row<StatsDaily>[];
    pages?: Row<StatsPages>[];
    elements?: Row<StatsElements>[];
    searches?: Row<StatsSearches>[];
    referrers?: Row<StatsReferrers>[];
    devices?: Row<StatsDevices>[];
  },
) {
  const values = <T extends { day: string }>(list: T[]) => list.map((row) => ({ ...row, epaperId, day: statsDay(row.day) }));
  if (rows.daily?.length) await db.insertInto("statsDaily").values(values(rows.daily)).execute();
  if (rows.pages?.length) await db.insertInto("statsPages").values(values(rows.pages)).execute();
  if (rows.elements?.length) await db.insertInto("statsElements").values(values(rows.elements)).execute();
  if (rows.searches?.length) await db.insertInto("statsSearches").values(values(rows.searches)).execute();
  if (rows.referrers?.length) await db.insertInto("statsReferrers").values(values(rows.referrers)).execute();
  if (rows.devices?.length) await db.insertInto("statsDevices").values(values(rows.devices)).execute();
}
