import type { ExpressionBuilder } from "kysely";
import { sql } from "kysely";
import { markRepublishingRequired } from "#app/publish/republishing.server";
import type { MediaItem } from "#app/rules/media-library";
import type { Database } from "#db/client";
import type { DB } from "#db/schema.gen";
import type { Redis } from "ioredis";

/*
 * What 'in use' means for an image of the media library (studio-admin.md §3 'Media': counts of
 * relations; ADR 0036), as query parts, and the ePapers a change to an image or a gallery reaches.
 */

export type MediaEb = ExpressionBuilder<DB, "media">;
export const usesOf = {
  gallery: (eb: MediaEb) =>
    eb.selectFrom("galleryMedia").select(sql<number>`count(*)`.as("n")).whereRef("galleryMedia.mediaId", "=", "media.id"),
  preview: (eb: MediaEb) =>
    eb.selectFrom("pageMedia").select(sql<number>`count(*)`.as("n")).whereRef("pageMedia.previewImageId", "=", "media.id"),
  background: (eb: MediaEb) =>
    eb
      .selectFrom("epaperSetting")
      .select(sql<number>`count(*)`.as("n"))
      .where((inner) =>
        inner.or([inner("backgroundImageId", "=", inner.ref("media.id")), inner("defaultBackgroundImageId", "=", inner.ref("media.id"))]),
      ),
  logo: (eb: MediaEb) =>
    eb
      .selectFrom("epaperSetting")
      .select(sql<number>`count(*)`.as("n"))
      .where((inner) =>
        inner.or([inner("logoImageId", "=", inner.ref("media.id")), inner("defaultLogoImageId", "=", inner.ref("media.id"))]),
      ),
};
export function existsIn(kind: keyof typeof usesOf) {
  return (eb: MediaEb) => {
    const settingWith = (column: "backgroundImageId" | "logoImageId", fallback: "defaultBackgroundImageId" | "defaultLogoImageId") =>
      eb
        .selectFrom("epaperSetting")
        .select("epaperSetting.id")
        .where((inner) => inner.or([inner(column, "=", inner.ref("media.id")), inner(fallback, "=", inner.ref("media.id"))]));
    if (kind === "gallery")
      return eb.exists(eb.selectFrom("galleryMedia").select("galleryMedia.id").whereRef("galleryMedia.mediaId", "=", "media.id"));
    if (kind === "preview")
      return eb.exists(eb.selectFrom("pageMedia").select("pageMedia.id").whereRef("pageMedia.previewImageId", "=", "media.id"));
    if (kind === "background") return eb.exists(settingWith("backgroundImageId", "defaultBackgroundImageId"));
    return eb.exists(settingWith("logoImageId", "defaultLogoImageId"));
  };
}

export const MEDIA_COLUMNS = ["media.id", "media.name", "media.extension", "media.sizeInByte", "media.width", "media.height"] as const;

export function itemOf(row: {
  id: string;
  name: string;
  extension: string;
  sizeInByte: number | string;
  width: number | null;
  height: number | null;
  gallery: unknown;
  preview: unknown;
  background: unknown;
  logo: unknown;
}): MediaItem {
  return {
    id: row.id,
    name: row.name,
    extension: row.extension,
    sizeInByte: Number(row.sizeInByte),
    width: row.width,
    height: row.height,
    uses: {
      gallery: Number(row.gallery ?? 0),
      preview: Number(row.preview ?? 0),
      background: Number(row.background ?? 0),
      logo: Number(row.logo ?? 0),
    },
  };
}

/**
 * The ePapers of the account that show these galleries or this image (a gallery element, a
 * preview image, a background or logo): a change to them is a change to those ePapers, which
 * must be published again to show it (studio-core.md §4 'Republishing').
 */
export async function markShowingEpapers(
  deps: { db: Database; redis: Redis },
  accountId: string,
  target: { galleryIds?: string[]; mediaId?: string },
) {
  const { db } = deps;
  const galleryIds = [...(target.galleryIds ?? [])];
  if (target.mediaId)
    galleryIds.push(
      ...(await db.selectFrom("galleryMedia").select("galleryId").where("mediaId", "=", target.mediaId).execute()).map(
        (row) => row.galleryId,
      ),
    );
  const ids = new Set<string>();
  const viaPages = (query: ReturnType<typeof pagesOfElements>) =>
    query.execute().then((rows) => {
      for (const row of rows) ids.add(row.epaperId);
    });
  const pagesOfElements = () =>
    db
      .selectFrom("pageMedia")
      .innerJoin("page", "page.id", "pageMedia.pageId")
      .innerJoin("epaper", "epaper.id", "page.epaperId")
      .select("page.epaperId")
      .distinct()
      .where("epaper.accountId", "=", accountId);
  if (galleryIds.length)
    await viaPages(
      pagesOfElements()
        .innerJoin("pageMediaGallery", "pageMediaGallery.pageMediaId", "pageMedia.id")
        .where("pageMediaGallery.galleryId", "in", galleryIds),
    );
  if (target.mediaId) {
    await viaPages(pagesOfElements().where("pageMedia.previewImageId", "=", target.mediaId));
    const mediaId = target.mediaId;
    const settings = await db
      .selectFrom("epaperSetting")
      .innerJoin("epaper", "epaper.id", "epaperSetting.epaperId")
      .select("epaperSetting.epaperId")
      .where("epaper.accountId", "=", accountId)
      .where((eb) =>
        eb.or([
          eb("backgroundImageId", "=", mediaId),
          eb("defaultBackgroundImageId", "=", mediaId),
          eb("logoImageId", "=", mediaId),
          eb("defaultLogoImageId", "=", mediaId),
        ]),
      )
      .execute();
    for (const row of settings) ids.add(row.epaperId);
  }
  for (const epaperId of ids) await markRepublishingRequired(deps, epaperId);
}
