import { expect, test } from "vitest";
import { formatDate, formatDateTime } from "./format-date.ts";

// One date format per language (studio-core.md §9, issue 46): the same day reads the same on
// cards and beside a time of day.
test("dates: yyyy-MM-dd in English, dd.MM.yyyy in German; with a time, the same day format and a 24-hour clock", () => {
  expect(formatDate("2026-12-07T02:09:00Z", "en")).toBe("2026-12-07");
  expect(formatDate("2026-12-07T02:09:00Z", "de")).toBe("07.12.2026");
  // A moment in the browser's own zone: built from local parts here too.
  const local = new Date(2026, 11, 7, 2, 9, 5).toISOString();
  expect(formatDateTime(local, "en")).toBe("2026-12-07 02:09");
  expect(formatDateTime(local, "de")).toBe("07.12.2026, 02:09");
  expect(formatDateTime(local, "en", { seconds: true })).toBe("2026-12-07 02:09:05");
});
