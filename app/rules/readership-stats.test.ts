import { describe, expect, test } from "vitest";
import { AppError } from "#app/errors/app-error";
import {
  addDays,
  daysOf,
  isStatsDay,
  parseStatsRange,
  rangeLength,
  requireStatsRange,
  STATS_MAX_DAYS,
  statsRangeSchema,
} from "./readership-stats.ts";

// Issue 31 item 4: the statistics view's date range (UTC days, both ends included).

const NOW = new Date("2026-03-15T22:30:00Z");
const search = (query: string) => new URLSearchParams(query);

function refusal(query: string) {
  try {
    requireStatsRange(search(query), NOW);
    return null;
  } catch (error) {
    return error instanceof AppError ? { status: error.status, messageKey: error.messageKey, params: error.params } : error;
  }
}

describe("the range of the statistics view", () => {
  test("without dates: the last 30 days up to today (UTC)", () => {
    expect(requireStatsRange(search(""), NOW)).toEqual({ from: "2026-02-14", to: "2026-03-15" });
    expect(rangeLength({ from: "2026-02-14", to: "2026-03-15" })).toBe(30);
    // Empty fields (a form's) are missing dates; a late hour in another zone is still the UTC day.
    expect(requireStatsRange(search("from=&to="), new Date("2026-03-15T23:59:59Z"))).toEqual({ from: "2026-02-14", to: "2026-03-15" });
  });

  test("one date given: the other follows from it", () => {
    expect(requireStatsRange(search("to=2026-01-31"), NOW)).toEqual({ from: "2026-01-02", to: "2026-01-31" });
    expect(requireStatsRange(search("from=2026-03-01"), NOW)).toEqual({ from: "2026-03-01", to: "2026-03-15" });
    expect(requireStatsRange(search("from=2026-03-15&to=2026-03-15"), NOW)).toEqual({ from: "2026-03-15", to: "2026-03-15" });
  });

  test("at most 366 days, from not after to", () => {
    expect(requireStatsRange(search("from=2024-01-01&to=2024-12-31"), NOW)).toEqual({ from: "2024-01-01", to: "2024-12-31" });
    expect(refusal("from=2024-01-01&to=2025-01-01")).toEqual({
      status: 400,
      messageKey: "stats.validation.rangeTooLong",
      params: { max: STATS_MAX_DAYS },
    });
    expect(refusal("from=2026-03-02&to=2026-03-01")).toMatchObject({ status: 400, messageKey: "stats.validation.fromAfterTo" });
    // A start after today with no end is after its default end.
    expect(refusal("from=2026-04-01")).toMatchObject({ messageKey: "stats.validation.fromAfterTo" });
  });

  test("dates must be real calendar days written YYYY-MM-DD", () => {
    for (const query of ["from=2026-02-30", "to=2026-13-01", "from=15.03.2026", "to=2026-3-1", "from=2026-03-01T00:00", "to=yesterday"]) {
      expect(refusal(query), query).toEqual({ status: 400, messageKey: "stats.validation.invalidDate", params: {} });
    }
    expect(isStatsDay("2024-02-29")).toBe(true);
    expect(isStatsDay("2026-02-29")).toBe(false);
  });

  test("the browser's form gets the same rule with field paths and keys", () => {
    const result = statsRangeSchema(NOW).safeParse({ from: "2026-03-10", to: "2026-03-01" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["from", "fromAfterTo"]]);
  });

  test("the statistics screen gets the problem and its field instead of a refusal", () => {
    expect(parseStatsRange(search("from=2026-03-01&to=2026-03-10"), NOW)).toEqual({
      range: { from: "2026-03-01", to: "2026-03-10" },
      problem: null,
    });
    expect(parseStatsRange(search("from=2026-03-10&to=2026-03-01"), NOW).problem).toEqual({ key: "fromAfterTo", field: "from" });
    expect(parseStatsRange(search("from=2024-01-01&to=2026-03-01"), NOW).problem).toEqual({ key: "rangeTooLong", field: "to" });
    expect(parseStatsRange(search("from=2026-03-01&to=2026-02-30"), NOW).problem).toEqual({ key: "invalidDate", field: "to" });
    expect(parseStatsRange(search("from=nonsense"), NOW).problem).toEqual({ key: "invalidDate", field: "from" });
  });

  test("every day of a range, across a month and a leap day", () => {
    expect(daysOf({ from: "2024-02-28", to: "2024-03-01" })).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"]);
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(daysOf({ from: "2024-01-01", to: "2024-12-31" })).toHaveLength(366);
  });
});
