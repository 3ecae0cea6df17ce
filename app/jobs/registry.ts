import type { JobDefinition, QueueName } from "./define.ts";
import { EmailJob } from "./email.ts";
import {
  PurgeDeletedEpapersJob,
  PurgeExpiredAuthJob,
  RemoveExpiredChannelsJob,
  RemoveExpiredGeneratedAccountsJob,
  RemoveExpiredUploadsJob,
} from "./maintenance.ts";
import { PageOperationJob } from "./pages.ts";
import { PublishJob } from "./publish.ts";
import { RecognizeJob, RenderJob } from "./render.ts";
import { DeliverWebhookJob } from "./webhooks.ts";

/**
 * Every job of the studio, once. The worker consumes exactly these (a job name it does not know
 * fails without retries), schedules the ones with a schedule, and registry.test.ts keeps names
 * unique. A new kind of work adds its definition here and its handler in the worker's consumers.
 */
export const JOBS = [
  RenderJob,
  RecognizeJob,
  PageOperationJob,
  PublishJob,
  EmailJob,
  PurgeExpiredAuthJob,
  RemoveExpiredGeneratedAccountsJob,
  RemoveExpiredUploadsJob,
  PurgeDeletedEpapersJob,
  RemoveExpiredChannelsJob,
  DeliverWebhookJob,
] as const satisfies readonly JobDefinition[];

export type RegisteredJob = (typeof JOBS)[number];
export type JobName<Q extends QueueName = QueueName> = Extract<RegisteredJob, { queue: Q }>["name"];

export function findJob(queue: QueueName, name: string): RegisteredJob | undefined {
  return JOBS.find((job) => job.queue === queue && job.name === name);
}

export const SCHEDULED_JOBS = JOBS.filter((job): job is Extract<RegisteredJob, { schedule: object }> => "schedule" in job);
