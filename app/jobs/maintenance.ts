import { z } from "zod";
import { defineJob, KEEP_SCHEDULED } from "./define.ts";

/**
 * Scheduled clean-ups (studio-admin.md: Cronjob preference), declared as data. They run every
 * `intervalMinutes` of the Cronjob preference (app/jobs/schedules.server.ts; the worker applies it
 * at start, saving the preference applies it at once), and do nothing while cronjobsActive is off.
 */

const noPayload = z.object({});

export const PurgeExpiredAuthJob = defineJob({
  queue: "maintenance",
  name: "purge-expired-auth",
  schema: noPayload,
  schedule: { id: "purge-expired-auth" },
  options: { attempts: 3, backoff: { type: "exponential", delay: 10_000 }, ...KEEP_SCHEDULED },
});

/**
 * Removes generated (try-it) accounts past their storage time and tells generated users whose
 * test phase ended (docs/decisions/0015-try-it-lifecycle.md).
 */
export const RemoveExpiredGeneratedAccountsJob = defineJob({
  queue: "maintenance",
  name: "remove-expired-generated-accounts",
  schema: noPayload,
  schedule: { id: "remove-expired-generated-accounts" },
  options: { attempts: 3, backoff: { type: "exponential", delay: 30_000 }, ...KEEP_SCHEDULED },
});

/**
 * Removes uploads nobody turned into an ePaper within a day (blob and row), and files under
 * `uploads/` that no row names (a studio that stopped mid-upload). docs/decisions/0018-upload.md.
 */
export const RemoveExpiredUploadsJob = defineJob({
  queue: "maintenance",
  name: "remove-expired-uploads",
  schema: noPayload,
  schedule: { id: "remove-expired-uploads" },
  options: { attempts: 3, backoff: { type: "exponential", delay: 30_000 }, ...KEEP_SCHEDULED },
});

/**
 * Removes ePapers deleted more than 30 days ago for good: their files (pages, cover, publications,
 * source PDF) and rows (docs/decisions/0021-publisher.md).
 */
export const PurgeDeletedEpapersJob = defineJob({
  queue: "maintenance",
  name: "purge-deleted-epapers",
  schema: noPayload,
  schedule: { id: "purge-deleted-epapers" },
  options: { attempts: 3, backoff: { type: "exponential", delay: 60_000 }, ...KEEP_SCHEDULED },
});

/**
 * Removes channels whose removal date has passed (a cancelled subscription's term ended, or the
 * date support set): their files go, the row is soft-deleted, the account hears 'channel removed'
 * (docs/decisions/0039-channels.md).
 */
export const RemoveExpiredChannelsJob = defineJob({
  queue: "maintenance",
  name: "remove-expired-channels",
  schema: noPayload,
  schedule: { id: "remove-expired-channels" },
  options: { attempts: 3, backoff: { type: "exponential", delay: 30_000 }, ...KEEP_SCHEDULED },
});
