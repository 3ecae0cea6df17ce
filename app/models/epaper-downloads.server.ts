import type { Database } from "#db/client";

/**
 * The files a studio user downloads of an ePaper of their account (cover, zip package): each
 * lookup is scoped to the account, so a foreign or deleted ePaper finds nothing (404).
 */

/** The blob key of the card's cover image, or null. */
export async function findCoverKey(db: Database, accountId: string, epaperId: string): Promise<string | null> {
  const row = await db
    .selectFrom("epaper")
    .select("coverBlobKey")
    .where("id", "=", epaperId)
    .where("accountId", "=", accountId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  return row?.coverBlobKey ?? null;
}

/** The ePaper's zip publication (its id, blob prefix and the ePaper's name), if there is one. */
export async function findZipPublication(db: Database, accountId: string, epaperId: string) {
  return db
    .selectFrom("publication")
    .innerJoin("epaper", "epaper.id", "publication.epaperId")
    .select(["publication.id", "publication.blobPrefix", "epaper.name"])
    .where("publication.epaperId", "=", epaperId)
    .where("publication.type", "=", "zip")
    .where("epaper.accountId", "=", accountId)
    .where("epaper.deletedAt", "is", null)
    .executeTakeFirst();
}

/** Opening a publication marks it reviewed: the card's dot goes (studio-core.md §4 "Publications"). */
export async function markPublicationReviewed(db: Database, publicationId: string) {
  await db
    .updateTable("publication")
    .set({ reviewedAt: new Date() })
    .where("id", "=", publicationId)
    .where("reviewedAt", "is", null)
    .execute();
}
