import { z } from "zod";

/** Scheduled clean-ups (studio-admin.md: Cronjob preference). One queue per kind of work. */
export const MAINTENANCE_QUEUE = "maintenance";

export const PurgeExpiredAuthJob = {
  name: "purge-expired-auth",
  schema: z.object({}),
  /** Scheduler id: upserting it again never adds a second schedule. */
  schedulerId: "purge-expired-auth-every-15-minutes",
  everyMs: 15 * 60_000,
  options: { attempts: 3, backoff: { type: "exponential", delay: 10_000 }, removeOnComplete: 100, removeOnFail: 500 },
} as const;
