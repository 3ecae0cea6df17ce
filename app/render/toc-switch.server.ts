import type { Database } from "#db/client";

/**
 * Entries added by hand or imported from the PDF switch the reader's table of contents on, unless
 * the customer has switched it on or off themselves (issue 46): entries nobody sees are a trap.
 */
export async function switchTocOnUnlessChosen(db: Pick<Database, "updateTable">, epaperId: string) {
  await db
    .updateTable("epaperSetting")
    .set({ tocEnabled: true })
    .where("epaperId", "=", epaperId)
    .where("tocEnabledChosen", "=", false)
    .execute();
}
