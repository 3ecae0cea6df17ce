import { switchTocOnUnlessChosen } from "#app/render/toc-switch.server";
import { createId } from "@paralleldrive/cuid2";
import type { Redis } from "ioredis";
import { AppError } from "#app/errors/app-error";
import { markRepublishingRequired } from "#app/publish/republishing.server";
import type { PermissionSubject } from "#app/rules/permissions";
import { type TocView, tocItemFieldsSchema, tocProblem, tocSettingsSchema } from "#app/rules/toc";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import { cardActionsAllowed } from "./epaper-actions.server.ts";
import { accountEpaperFor, changeableAccountEpaper } from "./epaper-access.server.ts";

/*
 * The table of contents of one of the account's ePapers (studio-admin.md §7 'epaper-toc get',
 * 'page-toc create, update, remove'; issue 12). The render made it from the PDF's outline; here
 * the user edits it. Entries point at pages by id, so a page that moves keeps its entries; the
 * dialog names pages by number. Every change needs republishing.
 */

export type TocDeps = { db: Database; redis: Redis };

export class TocItemNotFound extends AppError {
  override name = "TocItemNotFound";
  constructor(detail?: string) {
    super("toc.errors.notFound", { status: 404, detail });
  }
}

const epaperFor = (db: Database, subject: PermissionSubject, epaperId: string) =>
  accountEpaperFor(db, subject, epaperId, "epaperTableOfContents");
const changeableEpaper = (db: Database, subject: PermissionSubject, epaperId: string) =>
  changeableAccountEpaper(db, subject, epaperId, "epaperTableOfContents", "tableOfContents");

const invalid = (detail: string) => new AppError("errors.invalidRequest", { status: 400, detail });

/** 'epaper-toc get': the entries in their order, with their page numbers, and the TOC switches. */
export async function loadToc(db: Database, subject: PermissionSubject, epaperId: string): Promise<TocView> {
  const epaper = await epaperFor(db, subject, epaperId);
  const [items, settings, pages] = await Promise.all([
    db
      .selectFrom("tocItem")
      .innerJoin("page", "page.id", "tocItem.pageId")
      .select([
        "tocItem.id",
        "tocItem.title",
        "tocItem.description",
        "tocItem.author",
        "tocItem.indent",
        "tocItem.enabled",
        "page.page as pageNumber",
      ])
      .where("tocItem.epaperId", "=", epaper.id)
      .orderBy("tocItem.position")
      .orderBy("tocItem.createdAt")
      .execute(),
    db
      .selectFrom("epaperSetting")
      .select(["tocEnabled", "tocAutostartActive", "tocThumbsActive"])
      .where("epaperId", "=", epaper.id)
      .executeTakeFirst(),
    db
      .selectFrom("page")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("epaperId", "=", epaper.id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items,
    settings: settings ?? { tocEnabled: true, tocAutostartActive: false, tocThumbsActive: false },
    pageCount: Number(pages.count),
    editable: cardActionsAllowed(subject, epaper),
    pagesVersion: epaper.pagesVersion,
  };
}

async function pageIdOf(db: Database, epaperId: string, pageNumber: number) {
  const page = await db.selectFrom("page").select("id").where("epaperId", "=", epaperId).where("page", "=", pageNumber).executeTakeFirst();
  if (!page) throw new AppError("toc.validation.pageNotValid", { status: 400 });
  return page.id;
}

function checked(input: unknown) {
  const parsed = tocItemFieldsSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error.message);
  // The page itself is looked up (pageIdOf): a number without a page of this ePaper is refused there.
  const problem = tocProblem(parsed.data, Number.MAX_SAFE_INTEGER);
  if (problem) throw new AppError(`toc.validation.${problem.key}`, { status: 400 });
  return parsed.data;
}

/**
 * 'page-toc create' (the last blank row): a new entry for a page, placed after the entries of
 * that page and the pages before it, so the contents stay in page order.
 */
export async function createTocItem(deps: TocDeps, subject: PermissionSubject, input: { epaperId: string; fields: unknown }) {
  const epaper = await changeableEpaper(deps.db, subject, input.epaperId);
  const fields = checked(input.fields);
  if (fields.title === undefined || fields.pageNumber === undefined) throw new AppError("toc.validation.titleRequired", { status: 400 });
  const pageId = await pageIdOf(deps.db, epaper.id, fields.pageNumber);
  const pageNumber = fields.pageNumber;
  const id = createId();
  await retryTransaction(deps.db, async (trx) => {
    const before = await trx
      .selectFrom("tocItem")
      .innerJoin("page", "page.id", "tocItem.pageId")
      .select((eb) => eb.fn.max("tocItem.position").as("position"))
      .where("tocItem.epaperId", "=", epaper.id)
      .where("page.page", "<=", pageNumber)
      .executeTakeFirst();
    const position = before?.position === null || before?.position === undefined ? 0 : Number(before.position) + 1;
    await trx
      .updateTable("tocItem")
      .set((eb) => ({ position: eb("position", "+", 1) }))
      .where("epaperId", "=", epaper.id)
      .where("position", ">=", position)
      .execute();
    await trx
      .insertInto("tocItem")
      .values({
        id,
        epaperId: epaper.id,
        pageId,
        position,
        title: fields.title as string,
        description: fields.description || null,
        author: fields.author || null,
        indent: fields.indent ?? 0,
        enabled: fields.enabled ?? true,
      })
      .execute();
    await switchTocOnUnlessChosen(trx, epaper.id);
  });
  await markRepublishingRequired(deps, epaper.id);
  return loadToc(deps.db, subject, epaper.id);
}

/** 'page-toc update': a cell saved on blur or enter. */
export async function updateTocItem(
  deps: TocDeps,
  subject: PermissionSubject,
  input: { epaperId: string; tocItemId: string; fields: unknown },
) {
  const epaper = await changeableEpaper(deps.db, subject, input.epaperId);
  const fields = checked(input.fields);
  const { pageNumber, ...rest } = fields;
  const values = {
    ...rest,
    ...(rest.description !== undefined ? { description: rest.description || null } : {}),
    ...(rest.author !== undefined ? { author: rest.author || null } : {}),
    ...(pageNumber !== undefined ? { pageId: await pageIdOf(deps.db, epaper.id, pageNumber) } : {}),
  };
  if (Object.keys(values).length > 0) {
    const result = await deps.db
      .updateTable("tocItem")
      .set(values)
      .where("id", "=", input.tocItemId)
      .where("epaperId", "=", epaper.id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      const exists = await deps.db
        .selectFrom("tocItem")
        .select("id")
        .where("id", "=", input.tocItemId)
        .where("epaperId", "=", epaper.id)
        .executeTakeFirst();
      if (!exists) throw new TocItemNotFound(input.tocItemId);
    }
    await markRepublishingRequired(deps, epaper.id);
  }
  return loadToc(deps.db, subject, epaper.id);
}

/** 'page-toc remove'. */
export async function deleteTocItem(deps: TocDeps, subject: PermissionSubject, input: { epaperId: string; tocItemId: string }) {
  const epaper = await changeableEpaper(deps.db, subject, input.epaperId);
  const result = await deps.db.deleteFrom("tocItem").where("id", "=", input.tocItemId).where("epaperId", "=", epaper.id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new TocItemNotFound(input.tocItemId);
  await markRepublishingRequired(deps, epaper.id);
  return loadToc(deps.db, subject, epaper.id);
}

/** The dialog's switches: table of contents on, opened at start, with page thumbnails. */
export async function updateTocSettings(deps: TocDeps, subject: PermissionSubject, input: { epaperId: string; settings: unknown }) {
  const epaper = await changeableEpaper(deps.db, subject, input.epaperId);
  const parsed = tocSettingsSchema.safeParse(input.settings);
  if (!parsed.success) throw invalid(parsed.error.message);
  if (Object.keys(parsed.data).length > 0) {
    // The customer's own choice of on or off is kept from now on (issue 46).
    const chosen = parsed.data.tocEnabled === undefined ? {} : { tocEnabledChosen: true };
    await deps.db
      .updateTable("epaperSetting")
      .set({ ...parsed.data, ...chosen })
      .where("epaperId", "=", epaper.id)
      .execute();
    await markRepublishingRequired(deps, epaper.id);
  }
  return loadToc(deps.db, subject, epaper.id);
}
