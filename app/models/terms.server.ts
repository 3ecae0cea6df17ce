import type { Database } from "#db/client";
import { remembered } from "#app/utils/reference-cache.server";

/** The terms confirmation text and link for one language, or null when none is stored. */
export async function findTerms(db: Database, languageCode: string) {
  const row = await remembered(db, `terms:${languageCode}`, () =>
    db.selectFrom("terms").select(["confirmationText", "link"]).where("languageCode", "=", languageCode).executeTakeFirst(),
  );
  return row ?? null;
}
