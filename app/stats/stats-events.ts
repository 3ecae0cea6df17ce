import { z } from "zod";

/*
 * The wire contract of the reader's statistics beacon (issue 31, ADR 0053): what the reader
 * posts with navigator.sendBeacon to `_stats` under the publication's root on the content origin.
 * Shared by the server (which validates every batch with it) and the reader (types only); it
 * imports nothing of the server. NOTE: the contract is fixed; a change needs `v: 2`. The one
 * additive change since: `{"t":"live"}`, the keepalive of a reader still on a page (ADR 0053
 * 'Reading now'), which older readers never send; the reader sends it alone, so a server that did
 * not know it would refuse nothing else. Keep publisher/reader/src/stats.ts's StatEvent in step.
 */

/** The body's largest size in bytes; a larger body is refused with 413. */
export const STATS_MAX_BODY_BYTES = 16 * 1024;
/** The most events one batch may carry. */
export const STATS_MAX_EVENTS = 50;
/** The longest time one page may count as visible in one event (30 minutes). */
export const STATS_MAX_PAGE_MS = 1_800_000;
export const STATS_MAX_TERM = 100;
export const STATS_MAX_NETWORK = 20;
/** The path segment the beacon posts to, under the publication's root. */
export const STATS_SEGMENT = "_stats";

const whole = (max: number) => z.number().int().min(0).max(max);

/**
 * A media element's id: the contract names an integer, the published reader knows each element
 * by its string id (`Enrichment.id`: the page_media id, or `<pageId>-pdf-<n>` for a link of the
 * PDF itself); either is taken, as a string. Ids of no element of the ePaper are dropped later.
 */
const elementId = z.union([whole(2 ** 31), z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)]).transform(String);

export const StatsEventSchema = z.discriminatedUnion("t", [
  z.object({ t: z.literal("open"), ref: z.string().max(2048), w: whole(100_000) }),
  z.object({ t: z.literal("page"), p: z.number().int().min(1).max(100_000), ms: whole(STATS_MAX_PAGE_MS) }),
  z.object({ t: z.literal("media"), id: elementId, a: z.enum(["open", "click"]) }),
  z.object({ t: z.literal("search"), q: z.string().trim().min(1).max(STATS_MAX_TERM) }),
  z.object({ t: z.literal("toc") }),
  z.object({ t: z.literal("download") }),
  z.object({ t: z.literal("share"), n: z.string().trim().min(1).max(STATS_MAX_NETWORK) }),
  // The reader is still there (no view): it only keeps it in 'reading now'; the rollup ignores it.
  z.object({ t: z.literal("live") }),
]);

export const StatsBatchSchema = z.object({
  v: z.literal(1),
  events: z.array(StatsEventSchema).min(1).max(STATS_MAX_EVENTS),
});

/** One event as the reader sends it. */
export type StatsEventInput = z.input<typeof StatsEventSchema>;
/** One event as the server keeps it after validation (element ids as strings). */
export type StatsEvent = z.output<typeof StatsEventSchema>;
/** The body of one beacon. */
export type StatsBatchInput = z.input<typeof StatsBatchSchema>;
export type StatsBatch = z.output<typeof StatsBatchSchema>;

/** What the server tells a reader's device apart by (device-class.ts). */
export const DEVICE_CLASSES = ["phone", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** Under which address a publication was read. */
export const STATS_SOURCES = ["preview", "previewlink", "channel", "zip"] as const;
export type StatsSource = (typeof STATS_SOURCES)[number];
