import { createId } from "@paralleldrive/cuid2";
import { AppError } from "#app/errors/app-error";
import { NewsFormSchema, newsImageUrl, stripTags } from "#app/rules/news";
import { type PermissionSubject, requirePermission } from "#app/rules/permissions";
import type { SupportNewsRow } from "#app/rules/support-rows";
import { sanitizeRichText } from "#app/utils/rich-text.server";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import { forgetReference } from "#app/utils/reference-cache.server";
import { SupportTargetNotFound } from "./support-errors.server.ts";
import { recordSupportAction, type SupportActor } from "./support-audit.server.ts";
import { deleteNewsImage, insertNewsImage, type NewsImageDeps, prepareNewsImage, withNewsImage } from "./news-image.server.ts";

/*
 * The news table and the news manager of the support area (studio-admin.md §2, §3 News, §5;
 * issue 14): news per language with a position, an active flag and start/end dates; the text is
 * rich text, sanitised on the server to the rich-text allow-list. The form may carry an `image`
 * (PNG) and `removeImage` ("true").
 */

/** Every news entry, by position (the table shows the highest first, §7), with its text's tags stripped for the table. */
export async function listSupportNews(db: Database, subject: PermissionSubject, order: "asc" | "desc" = "desc"): Promise<SupportNewsRow[]> {
  requirePermission(subject, "support");
  const rows = await db
    .selectFrom("news")
    .select(["id", "position", "active", "lang", "headline", "text", "imageMediaId", "startDate", "endDate", "createdAt", "updatedAt"])
    .orderBy("position", order)
    .orderBy("createdAt", order)
    .limit(500)
    .execute();
  return rows.map(({ imageMediaId, ...row }) => ({
    ...row,
    plainText: stripTags(row.text),
    imageUrl: imageMediaId ? newsImageUrl(row.id, imageMediaId) : null,
  }));
}

function parseNews(form: Record<string, unknown>) {
  const sanitized = { ...form, text: sanitizeRichText(String(form.text ?? "")) };
  const parsed = NewsFormSchema.safeParse(sanitized);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError((issue?.message ?? "news.errors.headline") as "news.errors.headline", { status: 422 });
  }
  return parsed.data;
}

const toDate = (day: string, end: boolean) => (day ? new Date(`${day}T${end ? "23:59:59.999" : "00:00:00.000"}Z`) : null);

/** The columns of a checked news form (the dates as the start and end of their days, UTC). */
const newsValues = (news: ReturnType<typeof parseNews>) => ({
  headline: news.headline,
  text: news.text,
  lang: news.lang,
  position: news.position,
  active: news.active,
  startDate: toDate(news.startDate, false),
  endDate: toDate(news.endDate, true),
});

async function requireKnownLanguage(trx: Database, lang: string) {
  const known = await trx.selectFrom("systemLanguage").select("code").where("code", "=", lang).executeTakeFirst();
  if (!known) throw new AppError("news.errors.lang", { status: 422 });
}

/** §5: the position is 0 up to the total news count. */
async function requirePosition(trx: Database, position: number) {
  const { n } = await trx
    .selectFrom("news")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (position > Number(n)) throw new AppError("news.errors.position", { status: 422 });
}

export async function createNews(deps: NewsImageDeps, actor: SupportActor, form: Record<string, unknown>) {
  requirePermission(actor.subject, "support");
  const { db } = deps;
  const news = parseNews(form);
  const id = createId();
  const image = await prepareNewsImage(deps.blobs, form.image);
  await withNewsImage(deps.blobs, image, () =>
    retryTransaction(db, async (trx) => {
      await requireKnownLanguage(trx, news.lang);
      await requirePosition(trx, news.position);
      const values = newsValues(news);
      if (image) await insertNewsImage(trx, image);
      await trx
        .insertInto("news")
        .values({ id, ...values, imageMediaId: image?.mediaId ?? null })
        .execute();
      await recordSupportAction(trx, actor, {
        accountId: null,
        targetType: "news",
        targetId: id,
        action: "create",
        after: { headline: news.headline, lang: news.lang, image: image ? image.mediaId : null },
      });
    }),
  );
  forgetReference(db, "news:");
  return id;
}

export async function updateNews(deps: NewsImageDeps, actor: SupportActor, newsId: string, form: Record<string, unknown>) {
  requirePermission(actor.subject, "support");
  const { db } = deps;
  const news = parseNews(form);
  const image = await prepareNewsImage(deps.blobs, form.image);
  const removeImage = form.removeImage === "true";
  const dropped = await withNewsImage(deps.blobs, image, () =>
    retryTransaction(db, async (trx) => {
      const before = await trx
        .selectFrom("news")
        .select(["headline", "lang", "position", "active", "imageMediaId"])
        .where("id", "=", newsId)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw new SupportTargetNotFound("news");
      await requireKnownLanguage(trx, news.lang);
      await requirePosition(trx, news.position);
      if (image) await insertNewsImage(trx, image);
      const imageMediaId = image ? image.mediaId : removeImage ? null : before.imageMediaId;
      await trx
        .updateTable("news")
        .set({ imageMediaId, ...newsValues(news) })
        .where("id", "=", newsId)
        .execute();
      await recordSupportAction(trx, actor, {
        accountId: null,
        targetType: "news",
        targetId: newsId,
        action: "update",
        before,
        after: { headline: news.headline, lang: news.lang, position: news.position, active: news.active, imageMediaId },
      });
      return imageMediaId === before.imageMediaId ? null : before.imageMediaId;
    }),
  );
  forgetReference(db, "news:");
  await deleteNewsImage(deps, dropped);
}

export async function deleteNews(deps: NewsImageDeps, actor: SupportActor, newsId: string) {
  requirePermission(actor.subject, "support");
  const image = await retryTransaction(deps.db, async (trx) => {
    const before = await trx
      .selectFrom("news")
      .select(["headline", "lang", "imageMediaId"])
      .where("id", "=", newsId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new SupportTargetNotFound("news");
    await trx.deleteFrom("news").where("id", "=", newsId).execute();
    await recordSupportAction(trx, actor, { accountId: null, targetType: "news", targetId: newsId, action: "delete", before });
    return before.imageMediaId;
  });
  forgetReference(deps.db, "news:");
  await deleteNewsImage(deps, image);
}
