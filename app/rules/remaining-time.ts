/*
 * How long something is still kept, as the spec shows it (studio-core.md §9, "Remaining-time
 * display"): minutes up to 60, hours up to 24 hours, then days. Rounded up: what is left is never
 * shown as less than it is (59 minutes and 10 seconds are 60 minutes, not 59); a time already
 * passed is 0 minutes.
 */

export type RemainingTime = { unit: "minute" | "hour" | "day"; count: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function remainingTime(until: Date | string, now: Date = new Date()): RemainingTime {
  const left = Math.max(0, new Date(until).getTime() - now.getTime());
  if (left <= HOUR) return { unit: "minute", count: Math.ceil(left / MINUTE) };
  if (left <= DAY) return { unit: "hour", count: Math.ceil(left / HOUR) };
  return { unit: "day", count: Math.ceil(left / DAY) };
}

/** The translation key of a remaining time (`shell.remaining.<unit>`, counted). */
export const remainingTimeKey = (time: RemainingTime) => `shell.remaining.${time.unit}` as const;
