import type { Job, Queue } from "bullmq";
import { sql } from "kysely";
import { EmailJob } from "#app/jobs/email";
import { HEARTBEAT_STALE_MS, liveHeartbeats, removeStaleHeartbeats } from "#app/jobs/heartbeat.server";
import { enqueue, jobIdOf, LIVE_JOB_STATES, type Queues, RECOVERY_FIELD } from "#app/jobs/queues.server";
import { findJob, type RegisteredJob, SCHEDULED_JOBS } from "#app/jobs/registry";
import type { Database } from "#db/client";
import type { ProcessType, RecordedJob } from "./epaper-process.server.ts";

/*
 * The reconciler (issue 33, docs/decisions/0047-redis-loss-reconciler.md): the database is the
 * source of truth, and the queue is rebuilt from it. Every process the database says is running
 * (ePaper renders, page operations and publishing, the channel publishing they carry, channel
 * removals, mails not yet sent, webhook deliveries that are due) must have a live job; one that has none, has not beaten a
 * heartbeat lately and began longer than the grace period ago is enqueued again with the job it
 * recorded (a render resumes from the pages already stored, a page operation from its drafts). A
 * process whose job cannot be enqueued again (none recorded, or it was recovered too often) ends
 * with its type's error, which the user sees and can retry. The schedulers are ensured again.
 * The worker runs it at start, after every Redis reconnect, and every minute; several workers may
 * run it at once (job ids deduplicate).
 */

/** A process that began this recently may not have its job yet (the studio enqueues after its commit). */
export const RECONCILE_GRACE_MS = 30_000;
/** A lost job is enqueued again at most this often before its process ends with an error. */
export const MAX_RECOVERIES = 3;
/** A mail that could not be sent within this time is given up (support can resend it). */
export const MAIL_MAX_AGE_MS = 48 * 3600_000;
/** Rows read per kind and pass: a backlog is worked off over the next passes. */
const BATCH = 500;

/** A process the reconciler could not enqueue again: its type's own end makes it an error the user sees. */
export type LostProcess = { epaperId: string; accountId: string; processType: ProcessType; recorded: RecordedJob | null };

export type ReconcilerDeps = {
  db: Database;
  queues: Queues;
  /** Upserts the job schedulers (idempotent). */
  ensureSchedules: () => Promise<void>;
  /** Ends a lost process as failed, the way its type ends (render failed, operation failed, publishing failed). */
  endLost: (process: LostProcess) => Promise<void>;
  /** Releases a channel whose publishing process has no ePaper process behind it any more. */
  releaseChannel: (channelId: string) => Promise<void>;
  /** Deletes the files of a removed channel (the second step of its removal) and clears its mark. */
  finishChannelRemoval: (channel: { id: string; accountId: string; name: string }) => Promise<void>;
  /** Enqueues again the due webhook deliveries without a live job (ADR 0058); answers how many. */
  requeueWebhooks?: (graceMs: number) => Promise<number>;
  /** Enqueues again the OCR of ePapers whose pages wait without a live job (issue 47); answers how many. */
  requeueRecognition?: (graceMs: number) => Promise<number>;
  log: (message: string) => void;
  graceMs?: number;
  heartbeatStaleMs?: number;
};

export type ReconcileReport = {
  /** Processes and mails found without a live job in this pass (the health figure). */
  withoutJob: number;
  requeued: number;
  ended: number;
  mailsGivenUp: number;
  channelsReleased: number;
  channelFilesRemoved: number;
  /** Webhook deliveries due without a live job, enqueued again. */
  webhooksRequeued: number;
  /** ePapers with pages waiting for OCR without a live job, enqueued again. */
  recognitionRequeued: number;
  schedulers: { expected: number; present: number };
};

type Liveness = { live: true } | { live: false; previous: Job | undefined };

async function livenessOf(queue: Queue, jobId: string, beating: ReadonlySet<string>): Promise<Liveness> {
  if (beating.has(jobId)) return { live: true };
  const job = await queue.getJob(jobId);
  if (job && LIVE_JOB_STATES.has(await job.getState())) return { live: true };
  return { live: false, previous: job ?? undefined };
}

/** The registry's job and parsed payload of a recorded job, or null when it is unknown or broken. */
export function parseRecordedJob(value: unknown): { definition: RegisteredJob; data: unknown; recorded: RecordedJob } | null {
  let recorded: unknown = value;
  if (typeof value === "string") {
    try {
      recorded = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!recorded || typeof recorded !== "object") return null;
  const { queue, name, data } = recorded as Partial<RecordedJob>;
  if (typeof queue !== "string" || typeof name !== "string") return null;
  const definition = findJob(queue as RegisteredJob["queue"], name);
  const parsed = definition?.schema.safeParse(data);
  if (!definition || !parsed?.success) return null;
  return { definition, data: parsed.data, recorded: { queue, name, data: parsed.data } };
}

/**
 * Enqueues a lost job again, or answers false when it was recovered MAX_RECOVERIES times already
 * (its terminal job, which BullMQ keeps a while, carries the count).
 */
async function recover(queue: Queue, definition: RegisteredJob, data: unknown, previous: Job | undefined): Promise<boolean> {
  const recovered = Number((previous?.data as Record<string, unknown> | undefined)?.[RECOVERY_FIELD] ?? 0);
  if (recovered >= MAX_RECOVERIES) return false;
  // A finished job under the same id would make the add a no-op.
  if (previous) await previous.remove().catch(() => undefined);
  await enqueue(queue, definition, data as never, { recovery: recovered + 1 });
  return true;
}

const olderThan = (ms: number) => sql<Date>`CURRENT_TIMESTAMP(3) - INTERVAL ${ms * 1000} MICROSECOND`;

/** One pass over everything that must have a job. */
export async function reconcile(deps: ReconcilerDeps): Promise<ReconcileReport> {
  const graceMs = deps.graceMs ?? RECONCILE_GRACE_MS;
  const report: ReconcileReport = {
    withoutJob: 0,
    requeued: 0,
    ended: 0,
    mailsGivenUp: 0,
    channelsReleased: 0,
    channelFilesRemoved: 0,
    webhooksRequeued: 0,
    recognitionRequeued: 0,
    schedulers: { expected: SCHEDULED_JOBS.length, present: 0 },
  };
  // Each step on its own: one that fails (a busy scheduler slot, a blob store error) is logged
  // and the others still run; the failure throws at the end so the runner tries again soon.
  const failures: string[] = [];
  const step = async (name: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      failures.push(`${name}: ${(error as Error).message}`);
    }
  };
  await step("schedulers", async () => {
    await deps.ensureSchedules();
    for (const job of SCHEDULED_JOBS) if (await deps.queues[job.queue].getJobScheduler(job.schedule.id)) report.schedulers.present++;
  });
  const beating = await liveHeartbeats(deps.db, deps.heartbeatStaleMs ?? HEARTBEAT_STALE_MS);
  await step("processes", () => reconcileEpaperProcesses(deps, graceMs, beating, report, failures));
  await step("mails", () => reconcileMails(deps, graceMs, beating, report));
  await step("channels", () => reconcileChannels(deps, graceMs, report));
  await step("webhooks", async () => {
    report.webhooksRequeued = (await deps.requeueWebhooks?.(graceMs)) ?? 0;
  });
  await step("recognition", async () => {
    report.recognitionRequeued = (await deps.requeueRecognition?.(graceMs)) ?? 0;
  });
  await step("heartbeats", () => removeStaleHeartbeats(deps.db));
  if (failures.length) throw new Error(`reconcile pass incomplete (${failures.join("; ")})`);
  return report;
}

/** The running processes older than the grace, a keyset page at a time (every one is looked at in each pass). */
async function* runningProcesses(db: Database, graceMs: number) {
  let after = "";
  for (;;) {
    const rows = await db
      .selectFrom("epaper")
      .select(["id", "accountId", "processType", "processStartedAt", "processJob", "renderRevision"])
      .where("processRunning", "=", true)
      .where("id", ">", after)
      .where((eb) => eb.or([eb("processStartedAt", "is", null), eb("processStartedAt", "<", olderThan(graceMs))]))
      .orderBy("id")
      .limit(BATCH)
      .execute();
    yield* rows;
    if (rows.length < BATCH) return;
    after = rows.at(-1)?.id ?? after;
  }
}

type RunningRow = { id: string; processType: ProcessType | null; processJob: unknown; renderRevision: number };

/**
 * The job of a process begun before processes recorded theirs: a render's from its active render
 * process, a page operation's from its row. A publish's payload cannot be known (null).
 */
async function derivedJob(db: Database, row: RunningRow): Promise<unknown> {
  if (row.processType === "rendering") {
    const active = await db
      .selectFrom("renderProcess")
      .select("id")
      .where("epaperId", "=", row.id)
      .where("active", "=", true)
      .executeTakeFirst();
    return active
      ? { queue: "render", name: "render-epaper", data: { epaperId: row.id, renderProcessId: active.id, revision: row.renderRevision } }
      : null;
  }
  if (row.processType && PAGE_PROCESSES.includes(row.processType)) {
    const operation = await db.selectFrom("pageOperation").select("id").where("epaperId", "=", row.id).executeTakeFirst();
    return operation ? { queue: "pages", name: "page-operation", data: { epaperId: row.id, operationId: operation.id } } : null;
  }
  return null;
}

const PAGE_PROCESSES: readonly string[] = ["inserting_pages", "moving_page", "replacing_page", "deleting_page"] satisfies ProcessType[];

/** A publish without a recorded job is given this long (its old stale rule) before it counts as lost. */
const UNRECORDED_PUBLISH_MS = 15 * 60_000;

async function reconcileEpaperProcesses(
  deps: ReconcilerDeps,
  graceMs: number,
  beating: ReadonlySet<string>,
  report: ReconcileReport,
  failures: string[],
) {
  for await (const row of runningProcesses(deps.db, graceMs)) {
    if (!row.processType) continue;
    try {
      const parsed = parseRecordedJob(row.processJob ?? (await derivedJob(deps.db, row)));
      const lost: LostProcess = {
        epaperId: row.id,
        accountId: row.accountId,
        processType: row.processType,
        recorded: parsed?.recorded ?? null,
      };
      const jobId = parsed ? jobIdOf(parsed.definition, parsed.data) : undefined;
      if (!parsed || !jobId) {
        // Nothing to enqueue; a publish of an earlier release may still run: given its old 15 minutes.
        const age = Date.now() - (row.processStartedAt?.getTime() ?? 0);
        if (age < UNRECORDED_PUBLISH_MS) continue;
        report.withoutJob++;
        await endIfUnchanged(deps, row, lost, `${row.processType} has no recorded job; ending it as failed`, report);
        continue;
      }
      const liveness = await livenessOf(deps.queues[parsed.definition.queue], jobId, beating);
      if (liveness.live) continue;
      report.withoutJob++;
      if (await recover(deps.queues[parsed.definition.queue], parsed.definition, parsed.data, liveness.previous)) {
        deps.log(`ePaper ${row.id}: ${row.processType} had no live job; enqueued ${jobId} again`);
        report.requeued++;
      } else await endIfUnchanged(deps, row, lost, `${row.processType} lost its job ${MAX_RECOVERIES} times; ending it as failed`, report);
    } catch (error) {
      failures.push(`ePaper ${row.id}: ${(error as Error).message}`);
    }
  }
}

/**
 * Ends a lost process, unless it changed since the pass read it (its job finished meanwhile, or
 * another worker's pass ended it and the user began a new one): read again right before.
 */
async function endIfUnchanged(
  deps: ReconcilerDeps,
  row: { id: string; processType: ProcessType | null; processStartedAt: Date | null },
  lost: LostProcess,
  reason: string,
  report: ReconcileReport,
) {
  const now = await deps.db
    .selectFrom("epaper")
    .select(["processRunning", "processType", "processStartedAt"])
    .where("id", "=", row.id)
    .executeTakeFirst();
  const same =
    now?.processRunning === true &&
    now.processType === row.processType &&
    (now.processStartedAt?.getTime() ?? null) === (row.processStartedAt?.getTime() ?? null);
  if (!same) return;
  deps.log(`ePaper ${row.id}: ${reason}`);
  await deps.endLost(lost);
  report.ended++;
}

async function reconcileMails(deps: ReconcilerDeps, graceMs: number, beating: ReadonlySet<string>, report: ReconcileReport) {
  let after = "";
  for (;;) {
    const pending = await deps.db
      .selectFrom("emailJob")
      .select(["id", "createdAt"])
      .where("sentAt", "is", null)
      .where("failedAt", "is", null)
      .where("sandboxed", "=", false)
      .where("createdAt", "<", olderThan(graceMs))
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const mail of pending) await reconcileMail(deps, mail, beating, report);
    if (pending.length < BATCH) return;
    after = pending.at(-1)?.id ?? after;
  }
}

async function reconcileMail(
  deps: ReconcilerDeps,
  mail: { id: string; createdAt: Date },
  beating: ReadonlySet<string>,
  report: ReconcileReport,
) {
  const data = { emailJobId: mail.id };
  const jobId = jobIdOf(EmailJob, data) as string;
  const liveness = await livenessOf(deps.queues.email, jobId, beating);
  if (liveness.live) return;
  report.withoutJob++;
  const tooOld = Date.now() - mail.createdAt.getTime() > MAIL_MAX_AGE_MS;
  if (!tooOld && (await recover(deps.queues.email, EmailJob, data, liveness.previous))) {
    report.requeued++;
    return;
  }
  await deps.db
    .updateTable("emailJob")
    .set({ failedAt: new Date(), mailerError: "gave up: its delivery job was lost and could not be resumed" })
    .where("id", "=", mail.id)
    .where("sentAt", "is", null)
    .execute();
  report.mailsGivenUp++;
}

async function reconcileChannels(deps: ReconcilerDeps, graceMs: number, report: ReconcileReport) {
  // A channel publish is carried by its ePaper's publishing process (whose recorded job names the
  // channel): without one, nothing will ever release the channel.
  const orphaned = await deps.db
    .selectFrom("channel")
    .select("channel.id")
    .where("channel.processRunning", "=", true)
    .where("channel.processType", "=", "publishing_channel")
    .where("channel.updatedAt", "<", olderThan(graceMs))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("epaper")
            .select("epaper.id")
            .where("epaper.processRunning", "=", true)
            .where("epaper.processType", "=", "publishing_channel")
            .where(sql<boolean>`json_value(epaper.process_job, '$.data.channelId') = channel.id`),
        ),
      ),
    )
    .limit(BATCH)
    .execute();
  for (const channel of orphaned) {
    deps.log(`channel ${channel.id}: publishing without an ePaper process; released as failed`);
    await deps.releaseChannel(channel.id);
    report.channelsReleased++;
  }
  const removed = await deps.db
    .selectFrom("channel")
    .select(["id", "accountId", "name"])
    .where("filesPendingRemoval", "=", true)
    .where("deletedAt", "<", olderThan(graceMs))
    .limit(BATCH)
    .execute();
  for (const channel of removed) {
    await deps.finishChannelRemoval(channel);
    report.channelFilesRemoved++;
  }
}
