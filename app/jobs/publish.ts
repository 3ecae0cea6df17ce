import { z } from "zod";
import { defineJob, type JobData, KEEP_JOBS } from "./define.ts";

export const PUBLISH_TYPES = ["preview", "previewlink", "zip", "channel"] as const;
export type PublishType = (typeof PUBLISH_TYPES)[number];

/** One publication of an ePaper in one form (architecture.md "The main job", step 5). */
export const PublishJob = defineJob({
  queue: "publish",
  name: "publish-epaper",
  schema: z.object({
    epaperId: z.string().min(1),
    accountId: z.string().min(1),
    /** Who asked: gets the 'zip ready' mail; null for an API key (the ePaper's creator gets it). */
    userId: z.string().min(1).nullable(),
    type: z.enum(PUBLISH_TYPES),
    /** One unit of the zip contingent was taken for this job: refunded if it finally fails. */
    charged: z.boolean(),
    /** The channel published to (type channel). */
    channelId: z.string().min(1).optional(),
    /** The publication's id (preview, preview link, zip), decided when the publish started (issue 45). */
    publicationId: z.string().min(1).optional(),
    /** ISO time the process started (epaper.processStartedAt): a job only ever ends its own process. */
    startedAt: z.iso.datetime(),
  }),
  /** Derived from the ePaper, the form and the process start: a double submit never publishes twice. */
  jobId: (data) =>
    `publish-${data.epaperId}-${data.type}${data.channelId ? `-${data.channelId}` : ""}-${new Date(data.startedAt).getTime()}`,
  options: { attempts: 3, backoff: { type: "exponential", delay: 3_000 }, ...KEEP_JOBS },
});

export type PublishJobData = JobData<typeof PublishJob>;
