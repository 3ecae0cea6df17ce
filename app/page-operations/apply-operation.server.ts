import { createId } from "@paralleldrive/cuid2";
import { sql, type Transaction } from "kysely";
import type { StoredLink } from "#app/render/page-store.server";
import { movedOrder, renumberLinks } from "#app/rules/page-structure";
import type { DB } from "#db/schema.gen";

/*
 * The page operations' one write (issue 12): inside the transaction that holds the ePaper's row
 * lock, the pages take their new order, new pages arrive from their drafts, and everything that
 * names a page by number follows (the PDF's own links, the TOC order). Media elements, TOC
 * entries and internal links name pages by id, so they follow a moved page by themselves and stay
 * on a replaced one. Files are never touched here: the caller removes what `obsolete` lists once
 * the transaction committed.
 */

type Trx = Transaction<DB>;
export type Operation = {
  id: string;
  epaperId: string;
  kind: "insert" | "move" | "replace" | "delete";
  pageId: string | null;
  targetPageId: string | null;
  beforeTarget: boolean;
  uploadId: string | null;
};
/** What the commit left behind: blob prefixes of pages that are gone and uploads no page needs any more. */
export type Applied = { obsolete: string[]; uploads: string[] };

/** Thrown inside the transaction when the operation's pages are no longer there (deleted meanwhile). */
export class OperationTargetGone extends Error {
  override name = "OperationTargetGone";
}

type PageRow = { id: string; page: number; links: unknown; blobPrefix: string | null; sourceUploadId: string | null };

async function pagesOf(trx: Trx, epaperId: string): Promise<PageRow[]> {
  return trx
    .selectFrom("page")
    .select(["id", "page", "links", "blobPrefix", "sourceUploadId"])
    .where("epaperId", "=", epaperId)
    .orderBy("page")
    .execute();
}

/** Gives the pages the numbers 1…n in `order` (ids), and the PDF links their targets' new numbers. */
async function renumber(trx: Trx, epaperId: string, pages: PageRow[], order: string[], oldToNew: (page: number) => number | null) {
  const numberOf = new Map(order.map((id, index) => [id, index + 1]));
  const changed = pages.filter((page) => numberOf.has(page.id) && numberOf.get(page.id) !== page.page);
  if (changed.length) {
    const ids = changed.map((page) => page.id);
    // Out of the way first: (epaper_id, page) is unique, and two pages may swap numbers.
    await trx.updateTable("page").set({ page: sql`-page` }).where("epaperId", "=", epaperId).where("id", "in", ids).execute();
    await trx
      .updateTable("page")
      .set({
        page: sql<number>`case id ${sql.join(
          changed.map((page) => sql`when ${page.id} then ${numberOf.get(page.id)}`),
          sql` `,
        )} end`,
      })
      .where("epaperId", "=", epaperId)
      .where("id", "in", ids)
      .execute();
  }
  for (const page of pages) {
    const links = (page.links as StoredLink[] | null) ?? [];
    if (!numberOf.has(page.id) || !links.some((link) => link.page !== undefined)) continue;
    const next = renumberLinks(links, oldToNew);
    if (JSON.stringify(next) !== JSON.stringify(links))
      await trx
        .updateTable("page")
        .set({ links: JSON.stringify(next) })
        .where("id", "=", page.id)
        .execute();
  }
}

/** The TOC lists its entries in page order (ADR 0034): after a new order, positions follow it. */
async function reorderToc(trx: Trx, epaperId: string) {
  const items = await trx
    .selectFrom("tocItem")
    .innerJoin("page", "page.id", "tocItem.pageId")
    .select(["tocItem.id", "tocItem.position"])
    .where("tocItem.epaperId", "=", epaperId)
    .orderBy("page.page")
    .orderBy("tocItem.position")
    .execute();
  for (const [position, item] of items.entries())
    if (item.position !== position) await trx.updateTable("tocItem").set({ position }).where("id", "=", item.id).execute();
}

function indexOrGone(pages: PageRow[], id: string | null) {
  const index = pages.findIndex((page) => page.id === id);
  if (index < 0) throw new OperationTargetGone(`page ${id} is gone`);
  return index;
}

const numberMap = (pages: PageRow[], order: string[]) => {
  const oldNumberOf = new Map(pages.map((page) => [page.page, page.id]));
  const newNumberOf = new Map(order.map((id, index) => [id, index + 1]));
  return (page: number) => {
    const id = oldNumberOf.get(page);
    return id === undefined ? null : (newNumberOf.get(id) ?? null);
  };
};

export async function applyMove(trx: Trx, operation: Operation): Promise<Applied> {
  const pages = await pagesOf(trx, operation.epaperId);
  const from = indexOrGone(pages, operation.pageId);
  const target = indexOrGone(pages, operation.targetPageId);
  const order = movedOrder(
    pages.map((page) => page.id),
    from,
    target,
    operation.beforeTarget,
  );
  await renumber(trx, operation.epaperId, pages, order, numberMap(pages, order));
  await reorderToc(trx, operation.epaperId);
  return { obsolete: [], uploads: [] };
}

export async function applyDelete(trx: Trx, operation: Operation): Promise<Applied> {
  const pages = await pagesOf(trx, operation.epaperId);
  const index = indexOrGone(pages, operation.pageId);
  const gone = pages[index] as PageRow;
  // Internal links to the page would lead nowhere: they go with it (the confirmation listed them).
  const pointing = await trx.selectFrom("pageMediaInternalLink").select("pageMediaId").where("internalLinkPageId", "=", gone.id).execute();
  if (pointing.length)
    await trx
      .deleteFrom("pageMedia")
      .where(
        "id",
        "in",
        pointing.map((row) => row.pageMediaId),
      )
      .execute();
  await trx.deleteFrom("page").where("id", "=", gone.id).execute();
  const rest = pages.filter((page) => page.id !== gone.id);
  const order = rest.map((page) => page.id);
  await renumber(trx, operation.epaperId, rest, order, numberMap(rest, order));
  await reorderToc(trx, operation.epaperId);
  return { obsolete: gone.blobPrefix ? [gone.blobPrefix] : [], uploads: gone.sourceUploadId ? [gone.sourceUploadId] : [] };
}

type Draft = {
  sourcePage: number;
  width: number;
  height: number;
  rotation: number;
  blobPrefix: string;
  renditions: unknown;
  links: unknown;
  text: string | null;
  supervision: "none" | "low" | "high";
};

async function draftsOf(trx: Trx, operationId: string): Promise<Draft[]> {
  return trx
    .selectFrom("pageDraft")
    .select(["sourcePage", "width", "height", "rotation", "blobPrefix", "renditions", "links", "text", "supervision"])
    .where("operationId", "=", operationId)
    .orderBy("sourcePage")
    .execute();
}

const pageColumnsOf = (draft: Draft, links: StoredLink[]) => ({
  width: draft.width,
  height: draft.height,
  rotation: draft.rotation,
  blobPrefix: draft.blobPrefix,
  renditions: JSON.stringify(draft.renditions),
  links: JSON.stringify(links),
  text: draft.text,
  supervision: draft.supervision,
  renderedAt: new Date(),
  // A new page's text is the new PDF's: OCR looks at it again (issue 47).
  ocrState: null,
  ocrConfidence: null,
});

/** The drafts (every page of the uploaded PDF) go before or behind the anchor page, in their order. */
export async function applyInsert(trx: Trx, operation: Operation, expected: number): Promise<Applied> {
  const drafts = await draftsOf(trx, operation.id);
  if (drafts.length !== expected) throw new Error(`operation ${operation.id} has ${drafts.length} of ${expected} pages`);
  const pages = await pagesOf(trx, operation.epaperId);
  const anchor = indexOrGone(pages, operation.pageId);
  const at = anchor + (operation.beforeTarget ? 0 : 1);
  const newIds = drafts.map(() => createId());
  const order = [...pages.slice(0, at).map((page) => page.id), ...newIds, ...pages.slice(at).map((page) => page.id)];
  // Existing pages from `at` on move up first, so the new pages' numbers are free.
  await renumber(trx, operation.epaperId, pages, order, numberMap(pages, order));
  // A link of the inserted PDF points at a page of that PDF: it follows that page if it came along.
  const insertedNumberOf = new Map(drafts.map((draft, index) => [draft.sourcePage, at + index + 1]));
  await trx
    .insertInto("page")
    .values(
      drafts.map((draft, index) => ({
        id: newIds[index] as string,
        epaperId: operation.epaperId,
        page: at + index + 1,
        sourcePage: draft.sourcePage,
        sourceUploadId: operation.uploadId,
        ...pageColumnsOf(
          draft,
          renumberLinks((draft.links as StoredLink[] | null) ?? [], (page) => insertedNumberOf.get(page) ?? null),
        ),
      })),
    )
    .execute();
  await reorderToc(trx, operation.epaperId);
  return { obsolete: [], uploads: [] };
}

/**
 * The page keeps its id, so its media elements (their frames are fractions of the page), TOC
 * entries, settings and the internal links to it stay; only its rendering changes. The new
 * page's links to other pages of its PDF have no meaning here and are left out.
 */
export async function applyReplace(trx: Trx, operation: Operation): Promise<Applied> {
  const [draft] = await draftsOf(trx, operation.id);
  if (!draft) throw new Error(`operation ${operation.id} has no rendered page`);
  const page = await trx
    .selectFrom("page")
    .select(["id", "blobPrefix", "sourceUploadId"])
    .where("id", "=", operation.pageId)
    .where("epaperId", "=", operation.epaperId)
    .executeTakeFirst();
  if (!page) throw new OperationTargetGone(`page ${operation.pageId} is gone`);
  const links = ((draft.links as StoredLink[] | null) ?? []).filter((link) => link.page === undefined);
  await trx
    .updateTable("page")
    .set({ ...pageColumnsOf(draft, links), sourcePage: draft.sourcePage, sourceUploadId: operation.uploadId })
    .where("id", "=", page.id)
    .execute();
  return { obsolete: page.blobPrefix ? [page.blobPrefix] : [], uploads: page.sourceUploadId ? [page.sourceUploadId] : [] };
}

/** The ePaper's columns that follow its pages: count, first page's size, cover (the first page's smallest image). */
export async function epaperPageColumns(trx: Trx, epaperId: string) {
  const pages = await trx
    .selectFrom("page")
    .select(["page", "width", "height", "blobPrefix", "renditions"])
    .where("epaperId", "=", epaperId)
    .orderBy("page")
    .execute();
  const first = pages[0];
  const images = (first?.renditions as { images?: { file: string; width: number }[] } | null)?.images ?? [];
  const smallest = [...images].sort((a, b) => a.width - b.width)[0];
  return {
    pageCount: pages.length,
    pageWidth: first?.width ?? null,
    pageHeight: first?.height ?? null,
    coverBlobKey: first?.blobPrefix && smallest ? `${first.blobPrefix}/${smallest.file}` : null,
  };
}

/**
 * Uploads (inserted or exchanged PDFs) that no page comes from any more, other than the ePaper's
 * own source: their rows go here, their files after the commit (the returned keys).
 */
export async function releaseUploads(trx: Trx, epaperId: string, uploadIds: readonly string[]): Promise<string[]> {
  const candidates = [...new Set(uploadIds)];
  if (!candidates.length) return [];
  const epaper = await trx.selectFrom("epaper").select("sourceUploadId").where("id", "=", epaperId).executeTakeFirst();
  const used = await trx.selectFrom("page").select("sourceUploadId").distinct().where("sourceUploadId", "in", candidates).execute();
  const usedIds = new Set(used.map((row) => row.sourceUploadId));
  const free = candidates.filter((id) => id !== epaper?.sourceUploadId && !usedIds.has(id));
  if (!free.length) return [];
  const rows = await trx.selectFrom("upload").select("blobKey").where("id", "in", free).execute();
  await trx.deleteFrom("upload").where("id", "in", free).execute();
  return rows.map((row) => row.blobKey);
}
