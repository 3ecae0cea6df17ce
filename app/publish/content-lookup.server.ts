import { SHORT_PATH } from "#app/rules/channel";
import type { Database } from "#db/client";

/*
 * How the content origin finds a publication from its address (content-server.server.ts), shared
 * with its statistics address (content-stats.server.ts), so a beacon counts only for what the
 * same address would show. The single source of truth of 'which publication is this'.
 */

/** A preview's hash: cuid2-like, lower case letters and digits. */
export const PREVIEW_HASH = /^[a-z0-9]{16,80}$/;

/** The preview of a hash, while its ePaper is not deleted. */
export function findPreview(db: Database, hash: string) {
  return db
    .selectFrom("publication")
    .innerJoin("epaper", "epaper.id", "publication.epaperId")
    .select(["publication.blobPrefix", "publication.epaperId"])
    .where("publication.hash", "=", hash)
    .where("publication.type", "=", "preview")
    .where("epaper.deletedAt", "is", null)
    .executeTakeFirst();
}

/** The channel at a permanent address (not deleted), with the state of the ePaper it holds. */
export async function findChannel(db: Database, shortPath: string) {
  if (!SHORT_PATH.test(shortPath)) return undefined;
  return db
    .selectFrom("channel")
    .leftJoin("epaper", "epaper.id", "channel.epaperId")
    .select([
      "channel.id",
      "channel.name",
      "channel.contentName",
      "channel.epaperId",
      "channel.blobPrefix",
      "channel.disabled",
      "channel.available",
      "epaper.deletedAt as epaperDeletedAt",
    ])
    .where("channel.shortPath", "=", shortPath)
    .where("channel.deletedAt", "is", null)
    .executeTakeFirst();
}

/** An ePaper id as the studio makes them (cuid2: lower case letters and digits); anything else is no ePaper. */
export const EPAPER_ID = /^[a-z0-9]{16,32}$/;

/**
 * The ePaper whose zip packages are counted in this studio (ADR 0053 'Zip packages'): not deleted,
 * statistics on, and its zip statistics on with 'count in this studio' chosen. Read per beacon,
 * so switching any of them off refuses the next beacon.
 */
export async function findZipStatsEpaper(db: Database, epaperId: string) {
  if (!EPAPER_ID.test(epaperId)) return undefined;
  return db
    .selectFrom("epaper")
    .innerJoin("epaperSetting", "epaperSetting.epaperId", "epaper.id")
    .select("epaper.id")
    .where("epaper.id", "=", epaperId)
    .where("epaper.deletedAt", "is", null)
    .where("epaperSetting.statisticsActive", "=", true)
    .where("epaperSetting.zipStatisticsActive", "=", true)
    .where("epaperSetting.zipStatisticsTarget", "=", "studio")
    .executeTakeFirst();
}

/** The channels a subdomain serves, by name (at most 200). */
export function findSubdomainChannels(db: Database, name: string) {
  return db
    .selectFrom("subdomain")
    .innerJoin("channel", "channel.subdomainId", "subdomain.id")
    .select(["channel.shortPath", "channel.name", "channel.contentName"])
    .where("subdomain.name", "=", name)
    .where("channel.deletedAt", "is", null)
    .orderBy("channel.name")
    .limit(200)
    .execute();
}
