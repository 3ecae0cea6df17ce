import type { Queues } from "./queues.server.ts";
import { SCHEDULED_JOBS } from "./registry.ts";

/** The clean-ups' cadence before anyone set one (the Cronjob preference's seed value). */
export const DEFAULT_CLEANUP_INTERVAL_MINUTES = 15;

/**
 * Schedules every scheduled job of the registry to run every `intervalMinutes` (the Cronjob
 * preference), and removes schedulers of the same queues that the registry no longer declares
 * (an earlier release's ids), so no clean-up runs twice. Upserting an id again replaces its
 * cadence; BullMQ keeps one scheduler per id.
 */
export async function applyCleanupSchedules(queues: Pick<Queues, (typeof SCHEDULED_JOBS)[number]["queue"]>, intervalMinutes: number) {
  const every = intervalMinutes * 60_000;
  for (const job of SCHEDULED_JOBS) {
    await queues[job.queue].upsertJobScheduler(job.schedule.id, { every }, { name: job.name, data: {}, opts: job.options });
  }
  const declared = new Set<string>(SCHEDULED_JOBS.map((job) => job.schedule.id));
  for (const name of new Set(SCHEDULED_JOBS.map((job) => job.queue))) {
    for (const scheduler of await queues[name].getJobSchedulers(0, -1)) {
      if (!declared.has(scheduler.key)) await queues[name].removeJobScheduler(scheduler.key);
    }
  }
}
