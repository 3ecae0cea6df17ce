import type { Database } from "#db/client";

/** The terms confirmation text and link for one language, or null when none is stored. */
export async function findTerms(db: Database, languageCode: string) {
  const row = await db.selectFrom("terms").select(["confirmationText", "link"]).where("languageCode", "=", languageCode).executeTakeFirst();
  return row ?? null;
}
