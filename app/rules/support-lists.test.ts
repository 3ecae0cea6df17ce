import { describe, expect, test } from "vitest";
import {
  channelRowTone,
  epaperRowTone,
  hoursToDays,
  likeContains,
  pageSizeChoices,
  parseAccountNumber,
  parseSupportQuery,
  renderProcessRowTone,
  SUPPORT_PAGE_SIZE,
  SUPPORT_TOTAL_MAX,
} from "./support-lists.ts";

const idle = {
  processRunning: false,
  processCancelled: false,
  processError: null,
  renderingFailed: false,
  supervisedHigh: 0,
  supervisedLow: 0,
};

describe("support list queries (studio-admin.md §7, §9)", () => {
  test("the §7 default sorts, and only known props and orders", () => {
    const none = new URLSearchParams();
    expect(parseSupportQuery("accounts", none)).toMatchObject({
      orderProp: "name",
      order: "asc",
      skip: 0,
      take: SUPPORT_PAGE_SIZE,
      filter: null,
    });
    expect(parseSupportQuery("users", none)).toMatchObject({ orderProp: "email", order: "asc" });
    expect(parseSupportQuery("epaper", none)).toMatchObject({ orderProp: "createdAt", order: "desc" });
    expect(parseSupportQuery("channels", none)).toMatchObject({ orderProp: "createdAt", order: "desc" });
    expect(parseSupportQuery("renderprocesses", none)).toMatchObject({ orderProp: "updatedAt", order: "desc" });
    expect(parseSupportQuery("emailJobs", none)).toMatchObject({ orderProp: "attempts", order: "desc" });
    const odd = new URLSearchParams({ orderProp: "passwordHash", order: "sideways", filter: "everything", skip: "-5", take: "7" });
    expect(parseSupportQuery("users", odd)).toMatchObject({
      orderProp: "email",
      order: "asc",
      filter: null,
      skip: 0,
      take: SUPPORT_PAGE_SIZE,
    });
    const chosen = new URLSearchParams({
      orderProp: "createdAt",
      order: "desc",
      filter: "admin",
      skip: "50",
      take: "total",
      search: "  ann  ",
    });
    expect(parseSupportQuery("users", chosen)).toEqual({
      orderProp: "createdAt",
      order: "desc",
      filter: "admin",
      skip: 50,
      take: SUPPORT_TOTAL_MAX,
      search: "ann",
    });
  });

  test("page sizes: the extra sizes the total exceeds, 'total' only while bounded", () => {
    expect(pageSizeChoices(10)).toEqual([SUPPORT_PAGE_SIZE]);
    expect(pageSizeChoices(120)).toEqual([SUPPORT_PAGE_SIZE, 50, 100, "total"]);
    expect(pageSizeChoices(5000)).toEqual([SUPPORT_PAGE_SIZE, 50, 100, 250]);
  });

  test("LIKE wildcards are escaped", () => {
    expect(likeContains("50%_a\\")).toBe("%50\\%\\_a\\\\%");
  });
});

describe("row colours (§4)", () => {
  test("ePapers", () => {
    expect(epaperRowTone(idle)).toBe("success");
    expect(epaperRowTone({ ...idle, renderingFailed: true })).toBe("error");
    expect(epaperRowTone({ ...idle, processError: "x", processCancelled: true })).toBe("warning");
    expect(epaperRowTone({ ...idle, processRunning: true })).toBe("warning");
    expect(epaperRowTone({ ...idle, supervisedLow: 1 })).toBe("warning");
    expect(epaperRowTone({ ...idle, supervisedHigh: 1, supervisedLow: 1 })).toBe("highWarning");
    expect(channelRowTone({ processRunning: true, processCancelled: false, processError: "boom" })).toBe("error");
  });

  test("render processes by age: 300 / 450 / 600 s", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    const ago = (s: number) => ({ active: true, updatedAt: new Date(now.getTime() - s * 1000) });
    expect(renderProcessRowTone(ago(300), now)).toBe("success");
    expect(renderProcessRowTone(ago(301), now)).toBe("warning");
    expect(renderProcessRowTone(ago(451), now)).toBe("highWarning");
    expect(renderProcessRowTone(ago(601), now)).toBe("error");
    expect(renderProcessRowTone({ ...ago(9999), active: false }, now)).toBe("success");
  });
});

test("account numbers (§5): ranges, empty is the default, days shown from hours", () => {
  expect(parseAccountNumber("zipContingent", "-1")).toEqual({ ok: true, value: -1 });
  expect(parseAccountNumber("zipContingent", "")).toMatchObject({ ok: false });
  expect(parseAccountNumber("previewLinkExpiryDays", "")).toEqual({ ok: true, value: null });
  expect(parseAccountNumber("previewLinkExpiryDays", "8640")).toEqual({ ok: true, value: 8640 });
  expect(parseAccountNumber("previewLinkExpiryDays", "8641")).toMatchObject({
    ok: false,
    messageKey: "support.errors.previewLinkExpiryDays",
  });
  expect(parseAccountNumber("pageExchangeMax", "2.5")).toMatchObject({ ok: false });
  expect(hoursToDays(72)).toBe(3);
  expect(hoursToDays(25)).toBe(2);
  expect(hoursToDays(null)).toBeNull();
});
