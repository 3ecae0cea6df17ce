import { expect, test } from "vitest";
import { channelNameSchema, channelStatus } from "./channel.ts";

const base = {
  available: true,
  disabled: false,
  publishedAt: new Date("2026-01-02"),
  epaperChangesAt: null,
  removeAt: null,
  currentTermEndsAt: null,
};

test("the status follows the spec's priority", () => {
  const later = new Date("2026-01-03");
  expect(channelStatus({ ...base, available: false, disabled: true, epaperChangesAt: later }).key).toBe("notAvailable");
  expect(channelStatus({ ...base, disabled: true, epaperChangesAt: later }).key).toBe("republishRequired");
  expect(channelStatus({ ...base, disabled: true, epaperChangesAt: new Date("2026-01-01") }).key).toBe("disabled");
  expect(channelStatus({ ...base, removeAt: later, currentTermEndsAt: new Date("2026-02-01") })).toEqual({
    key: "activeUntil",
    date: later,
  });
  expect(channelStatus({ ...base, currentTermEndsAt: later })).toEqual({ key: "activeUntil", date: later });
  expect(channelStatus(base).key).toBe("active");
  expect(channelStatus({ ...base, publishedAt: null }).key).toBe("empty");
});

test("a channel name is trimmed, 1 to 20 characters, without control characters or angle brackets", () => {
  expect(channelNameSchema.parse("  Spring  ")).toBe("Spring");
  for (const [value, key] of [
    ["   ", "channel.errors.nameRequired"],
    ["x".repeat(21), "channel.errors.nameTooLong"],
    ["<b>x</b>", "channel.errors.nameInvalid"],
  ] as const) {
    const result = channelNameSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(key);
  }
});
