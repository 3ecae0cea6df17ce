import { z } from "zod";
import { DEVICE_CLASSES, type DeviceClass, STATS_SOURCES, type StatsEvent, StatsEventSchema, type StatsSource } from "./stats-events.ts";

/*
 * The Redis side of the statistics (issue 31, ADR 0053): the names of its keys and the format of
 * one stream entry, written by the content origin (stats-ingest.server.ts) and read by the
 * worker (stats-rollup.server.ts). Every key starts with one prefix, so tests use their own.
 */

export const DEFAULT_STATS_PREFIX = "stats";
/** The stream is trimmed to about this many entries: a worker away for long loses the oldest, Redis never fills up. */
export const DEFAULT_STREAM_MAX_LEN = 500_000;
/** Salts and reader sets live two days: the day itself and late entries of it. */
export const STATS_KEY_TTL_S = 2 * 24 * 3600;

/** Which ePaper a beacon counts for, and under which of its addresses it was read. */
export type StatsTarget = { epaperId: string; source: StatsSource; channelId: string | null };

/** One stream entry: one beacon's validated events, with who sent them in the only form kept. */
export type StatsEntry = StatsTarget & {
  /** UTC date (YYYY-MM-DD) the beacon arrived. */
  day: string;
  /** The reader's hash for the day (32 hex characters); null for a reader who asked not to be tracked. */
  hash: string | null;
  /** Global Privacy Control or Do Not Track: counted as a view only. */
  gpc: boolean;
  device: DeviceClass | null;
  events: StatsEvent[];
};

export const statsKeys = (prefix = DEFAULT_STATS_PREFIX) => ({
  stream: `${prefix}:events`,
  group: "rollup",
  salt: (day: string) => `${prefix}:salt:${day}`,
  /** A reader's session of one publication (reader-session.server.ts): its open and page-time budget, 30 minutes after its last beacon. */
  session: (hash: string, target: Pick<StatsEntry, "source" | "channelId">) =>
    `${prefix}:session:${hash}:${target.source}:${target.channelId ?? ""}`,
  /** New sessions an address (as the day's salted hash, never the address) started in one minute. */
  addressMinute: (addressHash: string, minute: number) => `${prefix}:address:${addressHash}:${minute}`,
  /** The readers of an ePaper on a day, under one address (HyperLogLog of their hashes). */
  readers: (entry: Pick<StatsEntry, "epaperId" | "day" | "source" | "channelId">) =>
    `${prefix}:readers:${entry.epaperId}:${entry.day}:${entry.source}:${entry.channelId ?? ""}`,
  /** The readers who reached one page of an ePaper on a day (HyperLogLog). */
  pageReaders: (epaperId: string, day: string, page: number) => `${prefix}:page-readers:${epaperId}:${day}:${page}`,
  /** 'Reading now' (reading-now.server.ts): who sent a beacon for an ePaper lately (sorted set, score = ms). */
  live: (epaperId: string) => `${prefix}:live:${epaperId}`,
  /** The statistics screens open now: `<accountId>:<epaperId>` scored by when the watch lapses. */
  liveWatch: `${prefix}:live-watch`,
  /** The count last published per watched ePaper (hash), so only a change is published. */
  liveSent: `${prefix}:live-sent`,
  /** Held for one publishing round, so several workers publish once per round between them. */
  liveRound: `${prefix}:live-round`,
});
export type StatsKeys = ReturnType<typeof statsKeys>;

/** The entry as the field/value list of XADD. */
export function encodeEntry(entry: StatsEntry): string[] {
  return [
    "epaper",
    entry.epaperId,
    "source",
    entry.source,
    "channel",
    entry.channelId ?? "",
    "day",
    entry.day,
    "hash",
    entry.hash ?? "",
    "gpc",
    entry.gpc ? "1" : "0",
    "device",
    entry.device ?? "",
    "events",
    JSON.stringify(entry.events),
  ];
}

const EntryFieldsSchema = z.object({
  epaper: z.string().min(1).max(32),
  source: z.enum(STATS_SOURCES),
  channel: z.string().max(32),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  hash: z.union([z.literal(""), z.string().regex(/^[0-9a-f]{32}$/)]),
  gpc: z.enum(["0", "1"]),
  device: z.union([z.literal(""), z.enum(DEVICE_CLASSES)]),
  events: z.string(),
});
const EventsSchema = z.array(StatsEventSchema);

/** The entry of XREADGROUP's field/value list; null when it is none of ours (it is dropped). */
export function decodeEntry(fields: string[]): StatsEntry | null {
  const record: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) record[fields[i] as string] = fields[i + 1] as string;
  const parsed = EntryFieldsSchema.safeParse(record);
  if (!parsed.success) return null;
  let events: unknown;
  try {
    events = JSON.parse(parsed.data.events);
  } catch {
    return null;
  }
  const checked = EventsSchema.safeParse(events);
  if (!checked.success) return null;
  const { epaper, source, channel, day, hash, gpc, device } = parsed.data;
  return {
    epaperId: epaper,
    source,
    channelId: source === "channel" && channel ? channel : null,
    day,
    hash: hash || null,
    gpc: gpc === "1",
    device: device || null,
    events: checked.data,
  };
}
