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

/**
 * Removes generated (try-it) accounts past their storage time and tells generated users whose
 * test phase ended (docs/decisions/0015-try-it-lifecycle.md).
 */
export const RemoveExpiredGeneratedAccountsJob = {
  name: "remove-expired-generated-accounts",
  schema: z.object({}),
  /** Scheduler id: upserting it again never adds a second schedule. */
  schedulerId: "remove-expired-generated-accounts-every-10-minutes",
  everyMs: 10 * 60_000,
  options: { attempts: 3, backoff: { type: "exponential", delay: 30_000 }, removeOnComplete: 100, removeOnFail: 500 },
} as const;

/**
 * Removes uploads nobody turned into an ePaper within a day (blob and row), and files under
 * `uploads/` that no row names (a studio that stopped mid-upload). docs/decisions/0018-upload.md.
 */
export const RemoveExpiredUploadsJob = {
  name: "remove-expired-uploads",
  schema: z.object({}),
  /** Scheduler id: upserting it again never adds a second schedule. */
  schedulerId: "remove-expired-uploads-every-30-minutes",
  everyMs: 30 * 60_000,
  options: { attempts: 3, backoff: { type: "exponential", delay: 30_000 }, removeOnComplete: 100, removeOnFail: 500 },
} as const;

/**
 * Removes ePapers deleted more than 30 days ago for good: their files (pages, cover, publications,
 * source PDF) and rows (docs/decisions/0021-publisher.md).
 */
export const PurgeDeletedEpapersJob = {
  name: "purge-deleted-epapers",
  schema: z.object({}),
  /** Scheduler id: upserting it again never adds a second schedule. */
  schedulerId: "purge-deleted-epapers-every-hour",
  everyMs: 60 * 60_000,
  options: { attempts: 3, backoff: { type: "exponential", delay: 60_000 }, removeOnComplete: 100, removeOnFail: 500 },
} as const;
