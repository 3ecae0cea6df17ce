import type { Database } from "#db/client";
import { nameMatches } from "./name-search.server.ts";

/** One entry of the editor's ePaper selector. */
export type EpaperOption = { id: string; name: string; pageCount: number };

export const EPAPER_OPTIONS_LIMIT = 20;

/**
 * The editor's ePaper selector (studio-core.md §2, issue 11): the account's ePapers that can be
 * opened in the editor (rendered, with pages), newest first, or those whose name matches the
 * search (the workspace's name search, ADR 0029). At most 20: the cost does not grow with the
 * account.
 */
export async function listEpaperOptions(db: Database, accountId: string, search: string): Promise<EpaperOption[]> {
  let query = db
    .selectFrom("epaper")
    .select(["epaper.id", "epaper.name", "epaper.pageCount"])
    .where("epaper.accountId", "=", accountId)
    .where("epaper.deletedAt", "is", null)
    .where("epaper.isRendered", "=", true)
    .where("epaper.pageCount", ">", 0);
  if (search.trim()) query = query.where((eb) => nameMatches(eb, "epaper", search));
  return query.orderBy("epaper.createdAt", "desc").orderBy("epaper.id", "desc").limit(EPAPER_OPTIONS_LIMIT).execute();
}
