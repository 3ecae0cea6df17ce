import type { BlobStore } from "#app/blob/blob-store.server";
import { DemoError } from "#app/errors/app-error";
import { publishToAccount } from "#app/events/publish.server";
import { markCancelled, signalCancelled } from "#app/lifecycle/epaper-process.server";
import { can, type PermissionSubject, requireOutranks, requirePermission } from "#app/rules/permissions";
import { likePrefix, looksLikeId, SUPERVISED_PAGE_MINUTES, type SupportQuery } from "#app/rules/support-lists";
import type { ExpressionBuilder } from "kysely";
import type { Database } from "#db/client";
import type { SupervisedPage } from "#app/rules/support-rows";
import type { SupportEpaperRow } from "#app/rules/support-rows";
import type { DB } from "#db/schema.gen";
import { retryTransaction } from "#db/retry-transaction";
import type { SupportDeps } from "./support-accounts.server.ts";
import { SupportTargetNotFound } from "./support-errors.server.ts";
import { accountLevel, loadAccountRank } from "./support-rank.server.ts";
import { recordSupportAction, type SupportActor } from "./support-audit.server.ts";

/*
 * The ePaper table of the support area (studio-admin.md §2, §3 'Support ePaper row', §4; issue
 * 14): every ePaper of every account with its process, supervised pages and publications; cancel,
 * lock and unlock, delete (force: a running process is cancelled first) and removing a
 * publication. Each write is checked on the server and audited.
 */

const SORT_COLUMNS = { name: "epaper.name", createdAt: "epaper.createdAt" } as const;

export async function listSupportEpapers(db: Database, subject: PermissionSubject, query: SupportQuery<"epaper">) {
  requirePermission(subject, "support");
  // The count and the filters read the ePaper table alone (its indexes answer them); the
  // account's name is joined for the page's rows only (bench:support).
  let base = db.selectFrom("epaper").where("epaper.deletedAt", "is", null);
  if (query.search) {
    const search = query.search;
    // An id-shaped search also matches ePaper and account ids; a word searches names only, so the
    // count is a range of epaper_name_deleted_at_idx, not a scan of every ePaper (bench:support).
    base = looksLikeId(search)
      ? base.where((eb) =>
          eb.or([eb("epaper.name", "like", likePrefix(search)), eb("epaper.id", "=", search), eb("epaper.accountId", "=", search)]),
        )
      : base.where("epaper.name", "like", likePrefix(search));
  }
  switch (query.filter) {
    case "processing":
      base = base
        .where("epaper.processRunning", "=", true)
        .where("epaper.processCancelled", "=", false)
        .where("epaper.processError", "is", null);
      break;
    case "failed":
      base = base.where((eb) => eb.or([eb("epaper.renderingFailed", "=", true), eb("epaper.processError", "is not", null)]));
      break;
    case "locked":
      base = base.where("epaper.isLocked", "=", true);
      break;
    case "demo":
      base = base.where("epaper.isDemo", "=", true);
      break;
    case "fromTemporaryAccount":
      base = base.where("epaper.fromTemporaryAccount", "=", true);
      break;
  }
  const supervised = (eb: ExpressionBuilder<DB, "epaper" | "account">, level: "high" | "low") =>
    eb
      .selectFrom("page")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .whereRef("page.epaperId", "=", "epaper.id")
      .where("page.supervision", "=", level);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    base
      .innerJoin("account", "account.id", "epaper.accountId")
      .select((eb) => [
        "epaper.id",
        "epaper.name",
        "epaper.coverBlobKey",
        "epaper.accountId",
        "account.name as accountName",
        "account.isProtected as accountIsProtected",
        accountLevel(eb).as("accountLevel"),
        "epaper.fromTemporaryAccount",
        "epaper.isDemo",
        "epaper.isLocked",
        "epaper.processRunning",
        "epaper.processCancelled",
        "epaper.processError",
        "epaper.processType",
        "epaper.renderingFailed",
        "epaper.pageCount",
        "epaper.createdAt",
        supervised(eb, "high").as("supervisedHigh"),
        supervised(eb, "low").as("supervisedLow"),
      ])
      .orderBy(SORT_COLUMNS[query.orderProp], query.order)
      .orderBy("epaper.id", query.order)
      .limit(query.take)
      .offset(query.skip)
      .execute(),
  ]);
  const publications = rows.length
    ? await db
        .selectFrom("publication")
        .select(["id", "epaperId", "type"])
        .where(
          "epaperId",
          "in",
          rows.map((row) => row.id),
        )
        .execute()
    : [];
  return {
    total: Number(total),
    rows: rows.map(
      ({ coverBlobKey, supervisedHigh, supervisedLow, ...row }): SupportEpaperRow => ({
        ...row,
        hasCover: coverBlobKey !== null,
        supervisedHigh: Number(supervisedHigh ?? 0),
        supervisedLow: Number(supervisedLow ?? 0),
        publications: publications.filter((p) => p.epaperId === row.id).map(({ id, type }) => ({ id, type })),
      }),
    ),
  };
}

/** The supervised pages drawer: pages the render farm marked for a look (high first), with their thumbnails' ids. */
export async function listSupervisedPages(db: Database, subject: PermissionSubject, epaperId: string): Promise<SupervisedPage[]> {
  requirePermission(subject, "support");
  await loadTargetEpaper(db, epaperId);
  const rows = await db
    .selectFrom("page")
    .select(["id", "page", "supervision", "updatedAt"])
    .where("epaperId", "=", epaperId)
    .where("supervision", "in", ["high", "low"])
    .orderBy("supervision", "asc")
    .orderBy("page", "asc")
    .limit(500)
    .execute();
  return rows.filter((row): row is SupervisedPage => row.supervision !== "none");
}

/** The support panel: pages of running renders not updated for 5 (low) and 10 (high) minutes, across the service. */
export async function stalePageCounts(db: Database, subject: PermissionSubject, now = new Date()) {
  requirePermission(subject, "support");
  const since = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const count = (minutes: number) =>
    db
      .selectFrom("renderProcess")
      .innerJoin("page", "page.epaperId", "renderProcess.epaperId")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("renderProcess.active", "=", true)
      .where("page.renderedAt", "is", null)
      .where("page.updatedAt", "<", since(minutes))
      .executeTakeFirstOrThrow();
  const [low, high] = await Promise.all([count(SUPERVISED_PAGE_MINUTES.low), count(SUPERVISED_PAGE_MINUTES.high)]);
  return { low: Number(low.n) - Number(high.n), high: Number(high.n) };
}

type EpaperTarget = { id: string; accountId: string; name: string; isDemo: boolean; isLocked: boolean; processRunning: boolean };

async function loadTargetEpaper(db: Database, epaperId: string): Promise<EpaperTarget> {
  const row = await db
    .selectFrom("epaper")
    .select(["id", "accountId", "name", "isDemo", "isLocked", "processRunning"])
    .where("id", "=", epaperId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  if (!row) throw new SupportTargetNotFound("ePaper");
  return row;
}

/**
 * An ePaper support acts on (issue 44): found, and of an account the actor outranks (issue 27);
 * a protected account's ePapers are changed by level 4 only.
 */
async function loadOutrankedEpaper(db: Database, actor: SupportActor, epaperId: string): Promise<EpaperTarget> {
  const epaper = await loadTargetEpaper(db, epaperId);
  requireOutranks(actor.subject, await loadAccountRank(db, epaper.accountId), "epaper");
  return epaper;
}

/** 'Cancel process' (§4: sets processCancelled); the render or page worker hears it and stops. */
export async function cancelEpaperAsSupport(deps: SupportDeps, actor: SupportActor, epaperId: string) {
  requirePermission(actor.subject, "support");
  const epaper = await loadOutrankedEpaper(deps.db, actor, epaperId);
  if (!epaper.processRunning) return false;
  const signalled = await retryTransaction(deps.db, async (trx) => {
    const running = await markCancelled(trx, [epaperId]);
    await recordSupportAction(trx, actor, {
      accountId: epaper.accountId,
      targetType: "epaper",
      targetId: epaperId,
      action: "cancelProcess",
      after: { processCancelled: true },
    });
    return running;
  });
  await signalCancelled(deps.redis, signalled);
  return true;
}

/** Lock or unlock: a locked ePaper cannot be changed by its account (studio-core.md §4). */
export async function setEpaperLocked(deps: SupportDeps, actor: SupportActor, epaperId: string, locked: boolean) {
  requirePermission(actor.subject, "support");
  const epaper = await loadOutrankedEpaper(deps.db, actor, epaperId);
  if (epaper.isLocked === locked) return false;
  await retryTransaction(deps.db, async (trx) => {
    await trx.updateTable("epaper").set({ isLocked: locked }).where("id", "=", epaperId).execute();
    await recordSupportAction(trx, actor, {
      accountId: epaper.accountId,
      targetType: "epaper",
      targetId: epaperId,
      action: locked ? "lock" : "unlock",
      before: { isLocked: epaper.isLocked },
      after: { isLocked: locked },
    });
  });
  await publishToAccount(deps.redis, epaper.accountId, { type: "refreshEpaperList" });
  return true;
}

/**
 * Delete (§6: '3' and '4' may force-delete ePapers): a soft delete in the same write that cancels
 * a running process. Demo ePapers stay (§6 'demo accounts' ePapers cannot be deleted') unless the
 * supporter curates demo content (demoManagement).
 */
export async function deleteEpaperAsSupport(deps: SupportDeps, actor: SupportActor, epaperId: string) {
  requirePermission(actor.subject, "support");
  const epaper = await loadTargetEpaper(deps.db, epaperId);
  if (epaper.isDemo && !can(actor.subject, "demoManagement")) throw new DemoError("epaper");
  // The hierarchy (issue 27): an account's ePapers are deleted only by someone who outranks it.
  requireOutranks(actor.subject, await loadAccountRank(deps.db, epaper.accountId), "epaper");
  const signalled = await retryTransaction(deps.db, async (trx) => {
    const running = await markCancelled(trx, [epaperId], { deletedAt: new Date() });
    await recordSupportAction(trx, actor, {
      accountId: epaper.accountId,
      targetType: "epaper",
      targetId: epaperId,
      action: "delete",
      before: { name: epaper.name },
      after: { deleted: true },
    });
    return running;
  });
  await signalCancelled(deps.redis, signalled);
  await publishToAccount(deps.redis, epaper.accountId, { type: "refreshEpaperList" });
}

/** A publication tag's ×: its files go first, then its row (a crash between leaves a row to remove again, never orphaned files). */
export async function removePublicationAsSupport(deps: SupportDeps & { blobs: BlobStore }, actor: SupportActor, publicationId: string) {
  requirePermission(actor.subject, "support");
  const publication = await deps.db
    .selectFrom("publication")
    .innerJoin("epaper", "epaper.id", "publication.epaperId")
    .select(["publication.id", "publication.type", "publication.blobPrefix", "epaper.id as epaperId", "epaper.accountId"])
    .where("publication.id", "=", publicationId)
    .where("epaper.deletedAt", "is", null)
    .executeTakeFirst();
  if (!publication) throw new SupportTargetNotFound("publication");
  requireOutranks(actor.subject, await loadAccountRank(deps.db, publication.accountId), "publication");
  if (publication.blobPrefix) await deps.blobs.deletePrefix(publication.blobPrefix);
  await retryTransaction(deps.db, async (trx) => {
    await trx.deleteFrom("publication").where("id", "=", publicationId).execute();
    await recordSupportAction(trx, actor, {
      accountId: publication.accountId,
      targetType: "publication",
      targetId: publicationId,
      action: "remove",
      // The hash is a preview's address: never in the audit (issue 44).
      before: { epaperId: publication.epaperId, type: publication.type },
    });
  });
  await publishToAccount(deps.redis, publication.accountId, { type: "refreshEpaperList" });
}
