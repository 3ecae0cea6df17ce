import { z } from "zod";
import { AppError } from "#app/errors/app-error";
import type en from "#app/locales/en";

/*
 * The statistics view of an ePaper (issue 31 item 4, ADR 0053 'The statistics view (phase 2)'):
 * the shape of what it shows and the rule for its date range, shared by the server (the loader and
 * the CSV export) and the browser (the date fields). Days are UTC calendar days as YYYY-MM-DD, the
 * days the rollup counts under; a range includes both ends.
 */

/** How many days a range without dates covers, ending today. */
export const STATS_DEFAULT_DAYS = 30;
/** The longest range: a (leap) year. Bounds the rows each query of the view reads. */
export const STATS_MAX_DAYS = 366;
/** How long each top list (elements, search terms, referrers) is. */
export const STATS_TOP_LIMIT = 20;

// NOTE: the same values as DEVICE_CLASSES and STATS_SOURCES of app/stats/stats-events.ts (and the
// enums of migrations 0017 and 0019); rules/ may not import stats/, and the model's types check the match.
export const STATS_DEVICES = ["phone", "tablet", "desktop"] as const;
export type StatsDevice = (typeof STATS_DEVICES)[number];
export type StatsSourceKind = "preview" | "previewlink" | "channel" | "zip";

/** A date range of whole UTC days, both included. */
export type StatsRange = { from: string; to: string };

export type StatsTotals = {
  opens: number;
  views: number;
  /** The sum of the daily unique readers: a reader on two days counts twice. */
  uniques: number;
  gpcViews: number;
  tocUses: number;
  downloads: number;
  shares: number;
};

export type StatsDay = { day: string; opens: number; views: number; uniques: number };
/** `readersReached`: daily distinct readers who saw the page, summed over the days; `averageMs`: visible time per view. */
export type StatsPage = { page: number; views: number; readersReached: number; averageMs: number };
/** `kind`, `label` and `page` are null for an element removed since it was counted. */
export type StatsElement = { id: string; kind: string | null; label: string | null; page: number | null; opens: number; clicks: number };
export type StatsSearch = { term: string; count: number };
/** `domain` '' is a direct visit (no referrer, or the publication's own host). */
export type StatsReferrer = { domain: string; opens: number };
export type StatsDeviceCount = { device: StatsDevice; opens: number };
/** `channelId` '' for a preview or a preview link; `channelName` null when it is none of the account's channels any more. */
export type StatsSource = { kind: StatsSourceKind; channelId: string; channelName: string | null; opens: number };

/** Everything the statistics view shows for one ePaper and range. */
export type ReadershipStats = {
  epaper: { id: string; name: string; pageCount: number };
  range: StatsRange;
  totals: StatsTotals;
  /** Every day of the range, in order; days without readers are zeros. */
  days: StatsDay[];
  /** Every page 1..pageCount, in order. */
  pages: StatsPage[];
  /** The most clicked elements (then the most opened), at most STATS_TOP_LIMIT. */
  elements: StatsElement[];
  searches: StatsSearch[];
  referrers: StatsReferrer[];
  /** Every device class, in the order of STATS_DEVICES. */
  devices: StatsDeviceCount[];
  /** Each address the ePaper was read under, most opens first. */
  sources: StatsSource[];
};

/* ------------------------------------------------------------------ days */

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The UTC day of a moment, YYYY-MM-DD. */
export const utcDayOf = (now: Date) => dayOf(now.getTime());

/** A real calendar day written as YYYY-MM-DD (not 2026-02-30). */
export function isStatsDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const ms = dayMs(value);
  return Number.isFinite(ms) && dayOf(ms) === value;
}

/** The day `count` days after (before, if negative) `day`. */
export const addDays = (day: string, count: number) => dayOf(dayMs(day) + count * DAY_MS);

/** How many days the range covers, both ends included. */
export const rangeLength = (range: StatsRange) => Math.round((dayMs(range.to) - dayMs(range.from)) / DAY_MS) + 1;

/** Every day of the range, in order. */
export function daysOf(range: StatsRange): string[] {
  return Array.from({ length: Math.max(0, rangeLength(range)) }, (_, i) => addDays(range.from, i));
}

/* ------------------------------------------------------------------ the range rule */

/** Message keys under `stats.validation.*` (the compiler checks that they exist). */
export type StatsValidationKey = keyof (typeof en)["stats"]["validation"];
const message = <K extends StatsValidationKey>(key: K) => key;

/** What `t("stats.validation." + key, …)` needs besides the key. */
export function statsValidationParams(key: string): Record<string, number> {
  return key === "rangeTooLong" ? { max: STATS_MAX_DAYS } : {};
}

/** An empty field (a form sends '') counts as missing. */
const optionalDay = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z
    .string({ error: message("invalidDate") })
    .refine(isStatsDay, { message: message("invalidDate") })
    .optional(),
);

/**
 * The range of the statistics view: `from` and `to` as YYYY-MM-DD (UTC days, both included).
 * Without `to`, today (UTC); without `from`, the STATS_DEFAULT_DAYS days up to `to`. `from` may not
 * be after `to`, and the range covers at most STATS_MAX_DAYS days. Messages are keys under
 * `stats.validation.`. `now` is a parameter so tests (and the browser's 'today') choose it.
 */
export function statsRangeSchema(now: Date = new Date()) {
  return z
    .object({ from: optionalDay, to: optionalDay })
    .transform(({ from, to }): StatsRange => {
      const end = to ?? utcDayOf(now);
      return { from: from ?? addDays(end, -(STATS_DEFAULT_DAYS - 1)), to: end };
    })
    .refine((range) => range.from <= range.to, { message: message("fromAfterTo"), path: ["from"] })
    .refine((range) => rangeLength(range) <= STATS_MAX_DAYS, { message: message("rangeTooLong"), path: ["to"] });
}

/** Why a range was refused: the first problem's message key (`stats.validation.*`) and the field it is about. */
export type StatsRangeProblem = { key: StatsValidationKey; field: "from" | "to" };

/**
 * The range of a request's `?from=&to=`, or its first problem: the statistics screen shows the
 * message next to the field (and the default range), where the CSV export refuses.
 */
export function parseStatsRange(
  search: URLSearchParams,
  now: Date = new Date(),
): { range: StatsRange; problem: null } | { range: null; problem: StatsRangeProblem } {
  const result = statsRangeSchema(now).safeParse({ from: search.get("from"), to: search.get("to") });
  if (result.success) return { range: result.data, problem: null };
  const issue = result.error.issues[0];
  const key: StatsValidationKey = issue?.message === "fromAfterTo" || issue?.message === "rangeTooLong" ? issue.message : "invalidDate";
  return { range: null, problem: { key, field: issue?.path[0] === "to" ? "to" : "from" } };
}

/**
 * The range of a request's `?from=&to=`, or a 400 AppError with the first problem's message
 * (`stats.validation.*`), which the route answers translated.
 */
export function requireStatsRange(search: URLSearchParams, now: Date = new Date()): StatsRange {
  const parsed = parseStatsRange(search, now);
  if (parsed.range) return parsed.range;
  const { key } = parsed.problem;
  throw new AppError(`stats.validation.${key}`, { status: 400, params: statsValidationParams(key), detail: `statistics range: ${key}` });
}
