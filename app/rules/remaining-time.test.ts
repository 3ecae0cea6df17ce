import { expect, test } from "vitest";
import { remainingTime } from "./remaining-time.ts";

const now = new Date("2026-12-07T12:00:00Z");
const later = (ms: number) => new Date(now.getTime() + ms);

test("minutes up to an hour, hours up to a day, then days; always rounded up, never below zero", () => {
  expect(remainingTime(later(-5_000), now)).toEqual({ unit: "minute", count: 0 });
  expect(remainingTime(later(10_000), now)).toEqual({ unit: "minute", count: 1 });
  expect(remainingTime(later(59 * 60_000 + 10_000), now)).toEqual({ unit: "minute", count: 60 });
  expect(remainingTime(later(3_600_000), now)).toEqual({ unit: "minute", count: 60 });
  expect(remainingTime(later(3_600_001), now)).toEqual({ unit: "hour", count: 2 });
  expect(remainingTime(later(24 * 3_600_000), now)).toEqual({ unit: "hour", count: 24 });
  expect(remainingTime(later(24 * 3_600_000 + 1), now)).toEqual({ unit: "day", count: 2 });
  expect(remainingTime("2026-12-14T12:00:00.000Z", now)).toEqual({ unit: "day", count: 7 });
});
