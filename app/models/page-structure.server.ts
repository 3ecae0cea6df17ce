import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import type { BlobStore } from "#app/blob/blob-store.server";
import type { JobQueue } from "#app/jobs/queues.server";
import {
  cancelPageOperation,
  type PageOperationRequest,
  resetPageOperation,
  startPageOperation,
} from "#app/page-operations/start-operation.server";
import { isPageProcess, pageExchangeMaxOf, type StructurePage, type StructureView } from "#app/rules/page-structure";
import type { PermissionSubject } from "#app/rules/permissions";
import type { Database } from "#db/client";
import { cardActionsAllowed } from "./epaper-actions.server.ts";
import { accountEpaperFor, changeableAccountEpaper } from "./epaper-access.server.ts";

/*
 * The pages order and structure dialog on the server (studio-admin.md §7 insert-pages, move-page,
 * replace-page, page remove; issue 12): its view of the pages with their internal-link roles and
 * the running operation, and the start of each operation for users with
 * epaperPagesOrderAndStructure on a changeable ePaper of their account.
 */

export type StructureDeps = { db: Database; redis: Redis; blobs: BlobStore; queue: JobQueue & Pick<Queue, "getJob"> };

const PERMISSION = "epaperPagesOrderAndStructure";

async function exchangeMaxOf(db: Database, accountId: string) {
  const account = await db.selectFrom("account").select("pageExchangeMax").where("id", "=", accountId).executeTakeFirst();
  return pageExchangeMaxOf({ pageExchangeMax: account?.pageExchangeMax ?? null });
}

/** `take` pages from `skip` in page order, each with who links to it, and the operation that runs or failed. */
export async function loadStructure(
  db: Database,
  subject: PermissionSubject,
  input: { epaperId: string; skip: number; take: number },
): Promise<StructureView> {
  const epaper = await accountEpaperFor(db, subject, input.epaperId, PERMISSION);
  const skip = Math.max(0, Math.floor(input.skip) || 0);
  const take = Math.min(100_000, Math.max(1, Math.floor(input.take) || 1));
  const [rows, total, state, pageExchangeMax] = await Promise.all([
    db
      .selectFrom("page")
      .select(["id", "page as number", "displayName", "isHidden"])
      .where("epaperId", "=", epaper.id)
      .orderBy("page")
      .limit(take)
      .offset(skip)
      .execute(),
    db
      .selectFrom("page")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("epaperId", "=", epaper.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("epaper")
      .leftJoin("renderProcess", (join) => join.onRef("renderProcess.epaperId", "=", "epaper.id").on("renderProcess.active", "=", true))
      .select([
        "epaper.processType",
        "epaper.processRunning",
        "epaper.processCancelled",
        "epaper.processError",
        "renderProcess.pageCount",
        "renderProcess.pageCountReady",
      ])
      .where("epaper.id", "=", epaper.id)
      .executeTakeFirstOrThrow(),
    exchangeMaxOf(db, subject.accountId),
  ]);
  const ids = rows.map((row) => row.id);
  // Internal links on these pages, and internal links (from any page) to them: one query each.
  const [from, to] = ids.length
    ? await Promise.all([
        db
          .selectFrom("pageMedia")
          .innerJoin("pageMediaInternalLink", "pageMediaInternalLink.pageMediaId", "pageMedia.id")
          .select(["pageMedia.pageId", (eb) => eb.fn.countAll<number>().as("count")])
          .where("pageMedia.pageId", "in", ids)
          .groupBy("pageMedia.pageId")
          .execute(),
        db
          .selectFrom("pageMediaInternalLink")
          .innerJoin("pageMedia", "pageMedia.id", "pageMediaInternalLink.pageMediaId")
          .innerJoin("page", "page.id", "pageMedia.pageId")
          .select(["pageMediaInternalLink.internalLinkPageId as target", "page.page"])
          .where("pageMediaInternalLink.internalLinkPageId", "in", ids)
          .orderBy("page.page")
          .execute(),
      ])
    : [[], []];
  const pages: StructurePage[] = rows.map((row) => {
    const linkedFrom = to.filter((link) => link.target === row.id).map((link) => link.page);
    return {
      ...row,
      linksFrom: Number(from.find((entry) => entry.pageId === row.id)?.count ?? 0),
      linksTo: linkedFrom.length,
      linkedFrom: [...new Set(linkedFrom)],
    };
  });
  const process =
    isPageProcess(state.processType) && (state.processRunning || state.processError)
      ? {
          type: state.processType,
          running: state.processRunning,
          cancelled: state.processCancelled,
          error: state.processError,
          pageCount: state.pageCount ?? 0,
          pageCountReady: state.pageCountReady ?? 0,
        }
      : null;
  return {
    pages,
    total: Number(total.count),
    editable: cardActionsAllowed(subject, epaper),
    pageExchangeMax,
    process,
    pagesVersion: epaper.pagesVersion,
  };
}

type StructureRequest =
  | { kind: "insert"; pageId: string; before: boolean; uploadId: string }
  | Exclude<PageOperationRequest, { kind: "insert" }>;

/** insert-pages, move-page, replace-page, page remove: the operation starts and runs on the pages queue. */
export async function startStructureOperation(
  deps: StructureDeps,
  subject: PermissionSubject,
  epaperId: string,
  request: StructureRequest,
) {
  const epaper = await changeableAccountEpaper(deps.db, subject, epaperId, PERMISSION, "page");
  const full: PageOperationRequest =
    request.kind === "insert" ? { ...request, maxPages: await exchangeMaxOf(deps.db, subject.accountId) } : request;
  return startPageOperation(deps, subject.accountId, epaper.id, full);
}

/** Cancel from the dialog (the card's cancel goes through the card actions). */
export async function cancelStructureOperation(deps: StructureDeps, subject: PermissionSubject, epaperId: string) {
  const epaper = await changeableAccountEpaper(deps.db, subject, epaperId, PERMISSION, "page");
  return cancelPageOperation(deps, epaper.id);
}

/** 'reset' after a failed operation: the failure goes; the pages were never changed. */
export async function resetStructureOperation(deps: StructureDeps, subject: PermissionSubject, epaperId: string) {
  const epaper = await changeableAccountEpaper(deps.db, subject, epaperId, PERMISSION, "page");
  return resetPageOperation(deps.db, epaper.id);
}

/**
 * Before /upload-pdf-exchange and /upload-pdf-replace read a byte: the permission, the ePaper of
 * the caller's account, changeable. Answers the account's pageExchangeMax (the insert's limit).
 */
export async function exchangeUploadAllowed(db: Database, subject: PermissionSubject, epaperId: string) {
  await changeableAccountEpaper(db, subject, epaperId, PERMISSION, "page");
  return exchangeMaxOf(db, subject.accountId);
}
