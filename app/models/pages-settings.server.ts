import type { Redis } from "ioredis";
import { AppError } from "#app/errors/app-error";
import { markRepublishingRequired } from "#app/publish/republishing.server";
import { DISPLAY_NAME_MAX, displayNameProblem, type PagesSettingsView, pagePatchSchema } from "#app/rules/pages-settings";
import type { PermissionSubject } from "#app/rules/permissions";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import { cardActionsAllowed } from "./epaper-actions.server.ts";
import { accountEpaperFor, changeableAccountEpaper } from "./epaper-access.server.ts";

/*
 * The pages settings dialog on the server (studio-admin.md §7 'epaper-page', 'page update',
 * 'update-epaper-pages-setting'; issue 12): one page of the ePaper's pages at a time (page
 * order), and per page hide, page number hidden, individual page number and PDF download, plus
 * PDF download for all pages. The last visible page cannot be hidden.
 */

export type PagesDeps = { db: Database; redis: Redis };

export class PageNotFound extends AppError {
  override name = "PageNotFound";
  constructor(detail?: string) {
    super("pagesSettings.errors.notFound", { status: 404, detail });
  }
}

const epaperFor = (db: Database, subject: PermissionSubject, epaperId: string) =>
  accountEpaperFor(db, subject, epaperId, "epaperPagesSettings");
const changeableEpaper = (db: Database, subject: PermissionSubject, epaperId: string) =>
  changeableAccountEpaper(db, subject, epaperId, "epaperPagesSettings", "page");

/** 'epaper-page get': `take` pages from `skip` in page order, with the totals. */
export async function listPagesSettings(
  db: Database,
  subject: PermissionSubject,
  input: { epaperId: string; skip: number; take: number },
): Promise<PagesSettingsView> {
  const epaper = await epaperFor(db, subject, input.epaperId);
  const skip = Math.max(0, Math.floor(input.skip) || 0);
  const take = Math.min(100_000, Math.max(1, Math.floor(input.take) || 1));
  const [pages, counts] = await Promise.all([
    db
      .selectFrom("page")
      .select(["id", "page as number", "displayName", "isHidden", "pageNumberHidden", "pdfDownload"])
      .where("epaperId", "=", epaper.id)
      .orderBy("page")
      .limit(take)
      .offset(skip)
      .execute(),
    db
      .selectFrom("page")
      .select((eb) => [
        eb.fn.countAll<number>().as("total"),
        eb.fn.sum<number>(eb.case().when("isHidden", "=", false).then(1).else(0).end()).as("visible"),
      ])
      .where("epaperId", "=", epaper.id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    pages,
    total: Number(counts.total),
    visible: Number(counts.visible ?? 0),
    editable: cardActionsAllowed(subject, epaper),
    pagesVersion: epaper.pagesVersion,
  };
}

/** 'page update': one page's settings. Hiding the last visible page is refused (§4, an info). */
export async function updatePageSettings(
  deps: PagesDeps,
  subject: PermissionSubject,
  input: { epaperId: string; pageId: string; patch: unknown },
) {
  const epaper = await changeableEpaper(deps.db, subject, input.epaperId);
  const parsed = pagePatchSchema.safeParse(input.patch);
  if (!parsed.success) throw new AppError("errors.invalidRequest", { status: 400, detail: parsed.error.message });
  const patch = { ...parsed.data };
  if (patch.displayName !== undefined) {
    if (displayNameProblem(patch.displayName)) {
      throw new AppError("pagesSettings.validation.displayNameTooLong", { status: 400, params: { max: DISPLAY_NAME_MAX } });
    }
    patch.displayName = patch.displayName || null;
  }
  await retryTransaction(deps.db, async (trx) => {
    const page = await trx
      .selectFrom("page")
      .select(["id", "isHidden"])
      .where("id", "=", input.pageId)
      .where("epaperId", "=", epaper.id)
      .forUpdate()
      .executeTakeFirst();
    if (!page) throw new PageNotFound(input.pageId);
    if (patch.isHidden === true && !page.isHidden) {
      // Lock the ePaper's pages so two tabs cannot each hide one of the last two.
      const others = await trx
        .selectFrom("page")
        .select("id")
        .where("epaperId", "=", epaper.id)
        .where("isHidden", "=", false)
        .where("id", "!=", page.id)
        .forUpdate()
        .execute();
      if (others.length === 0) throw new AppError("pagesSettings.lastVisiblePage", { status: 422, toastType: "info" });
    }
    if (Object.keys(patch).length > 0) await trx.updateTable("page").set(patch).where("id", "=", page.id).execute();
  });
  await markRepublishingRequired(deps, epaper.id);
}

/** 'update-epaper-pages-setting': PDF download for every page at once. */
export async function setPdfDownloadForAll(deps: PagesDeps, subject: PermissionSubject, input: { epaperId: string; pdfDownload: boolean }) {
  const epaper = await changeableEpaper(deps.db, subject, input.epaperId);
  await deps.db.updateTable("page").set({ pdfDownload: input.pdfDownload }).where("epaperId", "=", epaper.id).execute();
  await markRepublishingRequired(deps, epaper.id);
}
