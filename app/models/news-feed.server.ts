import { type NewsItem, newsImageUrl } from "#app/rules/news";
import { sanitizeRichText } from "#app/utils/rich-text.server";
import type { Database } from "#db/client";
import { remembered } from "#app/utils/reference-cache.server";

/** At most this many news reach a page (the menu lists them, the carousel shows them). */
const NEWS_MAX = 10;

/**
 * The news a studio page shows (studio-admin.md §4 'Tours and news'; issue 14): active news in
 * the page's language, between their start and end dates, by position. The text is sanitised
 * again on the way out (the rich-text allow-list), whatever the table holds. Each instance keeps
 * them for a moment (reference-cache.server.ts, ADR 0054); support's writes forget them at once.
 */
export function currentNews(db: Database, locale: string, now = new Date()): Promise<NewsItem[]> {
  return remembered(db, `news:${locale}`, () => readNews(db, locale, now));
}

async function readNews(db: Database, locale: string, now: Date): Promise<NewsItem[]> {
  const rows = await db
    .selectFrom("news")
    .select(["id", "headline", "text", "imageMediaId"])
    .where("lang", "=", locale)
    .where("active", "=", true)
    .where((eb) => eb.or([eb("startDate", "is", null), eb("startDate", "<=", now)]))
    .where((eb) => eb.or([eb("endDate", "is", null), eb("endDate", ">=", now)]))
    .orderBy("position", "asc")
    .orderBy("createdAt", "desc")
    .limit(NEWS_MAX)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    headline: row.headline,
    html: sanitizeRichText(row.text),
    imageUrl: row.imageMediaId ? newsImageUrl(row.id, row.imageMediaId) : null,
  }));
}
