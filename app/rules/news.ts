import { z } from "zod";

/*
 * News (studio-admin.md §3 News, §5, §9; issue 14): the rules the news manager and the server
 * share. The text is HTML from the rich-text editor; the server sanitises it before it counts.
 */

export const NEWS_HEADLINE = { min: 3, max: 200 } as const;
export const NEWS_TEXT = { min: 3, max: 20_000 } as const;
/** §9: the header's news submenu cuts headlines at 50 characters. */
export const NEWS_MENU_HEADLINE_MAX = 50;
/** §9: autoplay 15 s, slides 560 px high, the unread prompt after 2 s. */
export const NEWS_AUTOPLAY_MS = 15_000;
export const NEWS_SLIDE_HEIGHT_PX = 560;
export const NEWS_PROMPT_DELAY_MS = 2_000;

/** §5 file upload limits: 'news .png, max 2000' (KB). */
export const NEWS_IMAGE = { maxKb: 2000, accept: ".png,image/png" } as const;
/** The address of a news' image (GET /resources/news-image/:newsId); `version` changes with the image. */
export const newsImageUrl = (newsId: string, version: string) =>
  `/resources/news-image/${encodeURIComponent(newsId)}?v=${encodeURIComponent(version)}`;

/** The text without its tags, as the support table shows it and as the length rule counts it. */
export function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

const day = z.union([z.literal(""), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "news.errors.date")]);

/** The news manager's form (§5): each message is a translation key. `position` is checked against the count on the server. */
export const NewsFormSchema = z
  .object({
    headline: z.string().trim().min(NEWS_HEADLINE.min, "news.errors.headline").max(NEWS_HEADLINE.max, "news.errors.headline"),
    text: z
      .string()
      .max(NEWS_TEXT.max, "news.errors.text")
      .refine((html) => stripTags(html).length >= NEWS_TEXT.min, "news.errors.text"),
    lang: z.string().min(1, "news.errors.lang"),
    position: z.coerce.number().int("news.errors.position").min(0, "news.errors.position"),
    active: z.enum(["true", "false"]).transform((value) => value === "true"),
    startDate: day.default(""),
    endDate: day.default(""),
  })
  .refine((news) => !news.startDate || !news.endDate || news.startDate <= news.endDate, {
    message: "news.errors.endBeforeStart",
    path: ["endDate"],
  });
export type NewsForm = z.output<typeof NewsFormSchema>;

/** One news as a studio page shows it: the text is sanitised HTML. */
export type NewsItem = { id: string; headline: string; html: string; imageUrl: string | null };
