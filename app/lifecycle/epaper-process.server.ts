import type { Redis } from "ioredis";
import type { ExpressionBuilder, Selectable, UpdateObject } from "kysely";
import { AppError } from "#app/errors/app-error";
import { BUSY_RETRY_AFTER_S } from "#app/errors/problem-types";
import type { EpaperProcessEvent } from "#app/events/catalogue";
import { publishToAccount } from "#app/events/publish.server";
import type { JobInput } from "#app/jobs/define";
import type { RegisteredJob } from "#app/jobs/registry";
import { RENDER_CANCEL_CHANNEL } from "#app/jobs/render";
import type { Database } from "#db/client";
import type { DB, Epaper } from "#db/schema.gen";

/**
 * The one owner of an ePaper's process (studio-core.md §4: one process at a time): every begin,
 * end and cancel of a process of any type (rendering, publishing_*, the page operations to
 * come) goes through here, and only this module writes the process columns of `epaper`
 * (epaper-process.server.test.ts keeps it so). docs/decisions/0024-epaper-lifecycle.md.
 */

export type ProcessType = NonNullable<Selectable<Epaper>["processType"]>;
type EpaperUpdate = UpdateObject<DB, "epaper">;

/** The process columns a check reads. */
export type ProcessState = {
  processRunning: boolean;
  processCancelled: boolean;
  processError?: string | null;
  processType: string | null;
  processStartedAt: Date | null;
};

/** The process columns every check needs: select them with the ePaper. */
export const PROCESS_COLUMNS = ["processRunning", "processCancelled", "processError", "processType", "processStartedAt"] as const;

/** A publishing process older than this has lost its job (worker gone, queue lost): it no longer blocks the ePaper. */
export const PUBLISH_STALE_MS = 15 * 60_000;

const PUBLISHING: readonly string[] = [
  "publishing_preview",
  "publishing_zip",
  "publishing_previewlink",
  "publishing_channel",
] satisfies ProcessType[];

/** A publishing process that has run far longer than any publish takes lost its job (ADR 0021). Renders resume instead. */
export function isStaleProcess(epaper: ProcessState, now = new Date()): boolean {
  return (
    epaper.processRunning &&
    epaper.processType !== null &&
    PUBLISHING.includes(epaper.processType) &&
    epaper.processStartedAt !== null &&
    now.getTime() - epaper.processStartedAt.getTime() > PUBLISH_STALE_MS
  );
}

/**
 * The one busy check: a process runs that was neither cancelled nor failed nor lost. The card
 * shows it as "in processing", and user actions that must wait (delete, mark demo) refuse.
 */
export function isBusy(epaper: ProcessState, now = new Date()): boolean {
  return epaper.processRunning && !epaper.processCancelled && (epaper.processError ?? null) === null && !isStaleProcess(epaper, now);
}

/** Only one process at a time (studio-core.md §4); 'Unprocessable' in §8. */
export class EpaperInProcess extends AppError {
  override name = "EpaperInProcess";

  constructor(detail: string) {
    // 409 with Retry-After: the request was right, the ePaper is not ready for it yet (issue 45).
    super("epaper.errors.actionCouldNotBeExecutedEpaperInProcess", {
      status: 409,
      detail,
      problemType: "epaper-busy",
      headers: { "Retry-After": String(BUSY_RETRY_AFTER_S) },
    });
  }
}

/** An id that does not exist, was deleted or belongs to another account: 404 either way. */
export class EpaperNotFound extends AppError {
  override name = "EpaperNotFound";
  constructor(detail?: string) {
    super("epaper.errors.epaperNotFound", { status: 404, detail });
  }
}

export class EpaperLocked extends AppError {
  override name = "EpaperLocked";
  constructor() {
    super("epaper.errors.lockedBySupport", { status: 403 });
  }
}

/** Refuses with EpaperInProcess while a process is busy (isBusy). */
export function requireNotBusy(epaper: ProcessState & { id: string }, now = new Date()) {
  if (isBusy(epaper, now)) throw new EpaperInProcess(`ePaper ${epaper.id} is being processed`);
}

/**
 * The queue job that carries a process, recorded with it: the database can always say which job
 * a running process needs, so the queue can be rebuilt from it after Redis lost its data
 * (reconciler.server.ts, docs/decisions/0047-redis-loss-reconciler.md).
 */
export type ProcessJob<D extends RegisteredJob = RegisteredJob> = { job: D; data: JobInput<D> };

/** What `process_job` holds: the registry's queue and name, and the payload. */
export type RecordedJob = { queue: string; name: string; data: unknown };

/**
 * Begins a process on an ePaper whose row the caller locked (`forUpdate`) in `trx`. Refused
 * while any process still runs, a cancelled one winding down included (its end would otherwise
 * end the new one), unless it is stale. `job` is the job the caller enqueues after the commit;
 * `extra` sets the process type's own columns in the same write. `now` is the start time, which
 * identifies the process (ProcessOwner.startedAt).
 */
export async function beginProcess<D extends RegisteredJob>(
  trx: Database,
  epaper: ProcessState & { id: string },
  type: ProcessType,
  options: { job: ProcessJob<D>; extra?: EpaperUpdate; now?: Date },
): Promise<Date> {
  const now = options.now ?? new Date();
  if (epaper.processRunning && !isStaleProcess(epaper, now)) throw new EpaperInProcess(`ePaper ${epaper.id} already has a process running`);
  const recorded: RecordedJob = { queue: options.job.job.queue, name: options.job.job.name, data: options.job.data };
  await trx
    .updateTable("epaper")
    .set({
      ...options.extra,
      processType: type,
      processRunning: true,
      processCancelled: false,
      processError: null,
      processStartedAt: now,
      processJob: JSON.stringify(recorded),
    })
    .where("id", "=", epaper.id)
    .execute();
  return now;
}

/** Which process an end applies to: the ePaper's, or only while it is this type started at this time. */
export type ProcessOwner = { epaperId: string; type?: ProcessType; startedAt?: Date };

const ownedBy = (owner: ProcessOwner) => (eb: ExpressionBuilder<DB, "epaper">) =>
  eb.and([
    eb("epaper.id", "=", owner.epaperId),
    ...(owner.type ? [eb("epaper.processType", "=", owner.type)] : []),
    ...(owner.startedAt ? [eb("epaper.processStartedAt", "=", owner.startedAt)] : []),
  ]);

/**
 * How a process ended:
 * - finished: it did its work;
 * - failed: it failed for good with the spec's message key, which the card shows (the type stays, so the card says what failed);
 * - cancelled: the user (or a deletion) cancelled it, and the card shows that;
 * - released: it ended without effect and the ePaper is as before (a publish that failed or was
 *   cancelled, or 'reset' of a failed page operation, which clears its failure).
 */
export type ProcessEnd = { as: "finished" } | { as: "failed"; error: string } | { as: "cancelled" } | { as: "released" };

const END_COLUMNS = {
  finished: { processRunning: false, processType: null, processError: null, processStartedAt: null, processJob: null },
  cancelled: { processRunning: false, processType: null, processCancelled: true, processStartedAt: null, processJob: null },
  released: {
    processRunning: false,
    processType: null,
    processCancelled: false,
    processError: null,
    processStartedAt: null,
    processJob: null,
  },
} satisfies Record<string, EpaperUpdate>;

/**
 * Ends the owner's process, with the type's own columns in `extra` in the same write. Returns
 * false (and changes nothing) when the process is no longer the owner's: a retry or a second
 * caller never ends a process twice, nor someone else's.
 */
export async function endProcess(trx: Database, owner: ProcessOwner, end: ProcessEnd, extra: EpaperUpdate = {}): Promise<boolean> {
  const columns: EpaperUpdate =
    end.as === "failed"
      ? { processRunning: false, processError: end.error, processStartedAt: null, processJob: null }
      : END_COLUMNS[end.as];
  const result = await trx
    .updateTable("epaper")
    .set({ ...extra, ...columns })
    .where(ownedBy(owner))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The one cancel path: marks the running processes of these ePapers cancelled (with `extra`,
 * e.g. `deletedAt` for a deletion, in the same write) and answers which renders must hear it.
 * Call `signalCancelled` with that answer after the transaction committed: the render's worker
 * stops the node's work and ends the process; a queued job finds the mark when it starts; a
 * publish job finds it and releases the ePaper.
 */
export async function markCancelled(trx: Database, epaperIds: readonly string[], extra: EpaperUpdate = {}): Promise<string[]> {
  if (epaperIds.length === 0) return [];
  const running = await trx
    .selectFrom("epaper")
    .select(["id", "processType"])
    .where("id", "in", epaperIds)
    .where("processRunning", "=", true)
    .execute();
  await trx
    .updateTable("epaper")
    .set((eb) => ({ ...extra, processCancelled: eb.ref("processRunning") }))
    .where("id", "in", epaperIds)
    .execute();
  return running.filter((epaper) => SIGNALLED.includes(epaper.processType ?? "")).map((epaper) => epaper.id);
}

/** Processes whose job listens for its cancel: renders and page operations (both use the farm). */
const SIGNALLED: readonly string[] = [
  "rendering",
  "inserting_pages",
  "moving_page",
  "replacing_page",
  "deleting_page",
] satisfies ProcessType[];

/** Tells the render and page workers about cancelled processes (the answer of markCancelled). */
export async function signalCancelled(redis: Redis, renderIds: readonly string[]) {
  for (const epaperId of renderIds) await redis.publish(RENDER_CANCEL_CHANNEL, epaperId);
}

/**
 * Tells every browser of the account that an ePaper's process ended: the event carries the
 * ePaper's name, so the studio's message names it (studio-admin.md §4). Best read after the
 * commit that ended the process.
 */
export async function announceProcessEnd(
  deps: { db: Database; redis: Redis },
  accountId: string,
  event: Omit<EpaperProcessEvent, "type" | "name" | "state"> & { state: Exclude<EpaperProcessEvent["state"], "started"> },
) {
  const row = await deps.db.selectFrom("epaper").select("name").where("id", "=", event.epaperId).executeTakeFirst();
  await publishToAccount(deps.redis, accountId, { type: "epaperProcess", ...event, ...(row ? { name: row.name } : {}) });
}
