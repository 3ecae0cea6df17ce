import i18next from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { resources } from "#app/locales/index";
import { daysOf, type ReadershipStats, type StatsRangeProblem } from "#app/rules/readership-stats";
import { readingNowAfter } from "./stats-reading-now.tsx";
import { StatsScreen } from "./stats-screen.tsx";

// Issue 31 item 4: what the server sends of the statistics screen, before any script runs.

const RANGE = { from: "2026-03-09", to: "2026-03-15" };

function statsOf(overrides: Partial<ReadershipStats> = {}): ReadershipStats {
  return {
    epaper: { id: "ep1", name: "Spring catalogue", pageCount: 3 },
    range: RANGE,
    totals: { opens: 1234, views: 5678, uniques: 900, gpcViews: 2, tocUses: 3, downloads: 4, shares: 5 },
    days: daysOf(RANGE).map((day, i) => ({ day, opens: i, views: i * 10, uniques: i })),
    pages: [
      { page: 1, views: 100, readersReached: 90, averageMs: 12_340 },
      { page: 2, views: 60, readersReached: 50, averageMs: 8_000 },
      { page: 3, views: 10, readersReached: 9, averageMs: 2_500 },
    ],
    elements: [
      { id: "m1", kind: "externalLink", label: "Example website", page: 1, opens: 7, clicks: 3 },
      { id: "m2", kind: null, label: null, page: null, opens: 1, clicks: 0 },
    ],
    searches: [{ term: "<script>alert(1)</script>", count: 2 }],
    referrers: [
      { domain: "", opens: 20 },
      { domain: "news.example", opens: 4 },
    ],
    devices: [
      { device: "phone", opens: 10 },
      { device: "tablet", opens: 0 },
      { device: "desktop", opens: 14 },
    ],
    sources: [{ kind: "channel", channelId: "c1", channelName: "Main channel", opens: 24 }],
    ...overrides,
  };
}

async function render(
  lng: "de" | "en",
  stats: ReadershipStats,
  rangeProblem: StatsRangeProblem | null = null,
  readingNow: number | null = 1234,
) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources, fallbackLng: "en", interpolation: { escapeValue: false } });
  const router = createMemoryRouter(
    [
      {
        path: "/epaper/:epaperId/statistics",
        element: createElement(StatsScreen, { stats, readingNow, rangeProblem, today: RANGE.to, locale: lng }),
      },
    ],
    { initialEntries: ["/epaper/ep1/statistics"] },
  );
  return renderToString(createElement(I18nextProvider, { i18n }, createElement(RouterProvider, { router })));
}

test("the server sends every chart's data as a table with a caption, and a placeholder where the chart will be", async () => {
  const html = await render("en", statsOf());
  expect(html).toContain("<caption");
  expect(html).toContain("Views and readers by day</caption>");
  expect(html).toContain("Page by page</caption>");
  // Both charts' places are pictures for the eye only; the chart library does not run on the server.
  expect(html.match(/aria-hidden="true" class="h-64/g)).toHaveLength(2);
  expect(html).not.toContain("recharts");
  expect(html).toContain("Loading the chart");
  // The day-by-day table has every day of the range.
  for (const day of daysOf(RANGE)) expect(html).toContain(`>${day}</th>`);
  expect(html).toContain("12.3"); // page 1's average time in seconds
});

test("figures in the reader's language, direct visits named, removed elements said, readers' words escaped", async () => {
  const en = await render("en", statsOf());
  expect(en).toContain("1,234");
  expect(en).toContain(">Direct<");
  expect(en).toContain("(removed element)");
  expect(en).toContain("2 opens asked not to be tracked");
  expect(en).not.toContain("<script>alert(1)</script>");
  expect(en).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  expect(en).toContain('href="/epaper/ep1/statistics.csv?from=2026-03-09&amp;to=2026-03-15"');
  const de = await render("de", statsOf());
  expect(de).toContain("1.234");
  expect(de).toContain(">Direkt<");
  expect(de).toContain("12,3");
  expect(de).toContain("Seite für Seite");
  expect(de).toContain("09.03.2026");
});

test("a period without readers shows a sentence instead of charts of zeros", async () => {
  const empty = statsOf({
    totals: { opens: 0, views: 0, uniques: 0, gpcViews: 0, tocUses: 0, downloads: 0, shares: 0 },
    days: daysOf(RANGE).map((day) => ({ day, opens: 0, views: 0, uniques: 0 })),
    pages: [1, 2, 3].map((page) => ({ page, views: 0, readersReached: 0, averageMs: 0 })),
    elements: [],
    searches: [],
    referrers: [],
    devices: [],
    sources: [],
  });
  const html = await render("en", empty);
  expect(html).toContain('data-testid="stats-empty"');
  expect(html).toContain("No reader opened this ePaper between 2026-03-09 and 2026-03-15.");
  expect(html).not.toContain("<table");
});

test("a refused period: its message next to its field, the quick choices and the download of the range shown", async () => {
  const html = await render("de", statsOf(), { key: "rangeTooLong", field: "to" });
  expect(html).toContain("Bitte wählen Sie höchstens 366 Tage.");
  // The 'to' field's day, month and year are marked invalid (the 'from' field, first, is not).
  expect(html.match(/role="spinbutton"[^>]*aria-invalid="true"/g)).toHaveLength(3);
  expect(html.indexOf('aria-invalid="true"')).toBeGreaterThan(html.indexOf('name="from"'));
  // Days in the studio's German format, whatever the browser's locale (issue 46 item 20).
  expect(html).toMatch(/data-type="day">\d{2}<\/span>/);
  expect(html).toContain("Letzte 7 Tage");
  // The range shown is the last 7 days up to today: its quick choice is marked as the current one.
  expect(html).toMatch(/aria-current="true"[^>]*>Letzte 7 Tage/);
});

test("'reading now' is a polite live region with the loader's count, near the totals, even in a period without readers", async () => {
  const status = (html: string) => html.match(/<p role="status"[^>]*>.*?<\/p>/)?.[0] ?? "";
  const en = await render("en", statsOf());
  expect(status(en)).toContain('aria-live="polite"');
  expect(status(en)).toContain('aria-atomic="true"');
  expect(status(en)).toContain("Reading now: 1,234");
  // Above the totals, and its explanation outside the live region (not read again on every change).
  expect(en.indexOf('data-testid="stats-reading-now"')).toBeLessThan(en.indexOf('data-testid="stats-totals"'));
  expect(status(en)).not.toContain("last 5 minutes");
  expect(en).toContain("Readers who had this ePaper open in the last 5 minutes");
  expect(status(await render("de", statsOf(), null, 0))).toContain("Gerade am Lesen: 0");
  const empty = statsOf({ totals: { opens: 0, views: 0, uniques: 0, gpcViews: 0, tocUses: 0, downloads: 0, shares: 0 } });
  expect(status(await render("en", empty, null, 3))).toContain("Reading now: 3");
  expect(status(await render("de", statsOf(), null, null))).toContain("Gerade am Lesen: im Moment nicht verfügbar");
});

test("'reading now' follows the readingNow events of its own ePaper only", () => {
  const event = (epaperId: string, count: number) => ({ type: "readingNow" as const, epaperId, count });
  expect(readingNowAfter(2, event("ep1", 5), "ep1")).toBe(5);
  expect(readingNowAfter(null, event("ep1", 0), "ep1")).toBe(0);
  expect(readingNowAfter(2, event("ep2", 5), "ep1")).toBe(2);
  expect(readingNowAfter(2, { type: "refreshEpaperList" }, "ep1")).toBe(2);
  expect(readingNowAfter(2, event("ep1", -1), "ep1")).toBe(2);
  expect(readingNowAfter(2, event("ep1", 1.5), "ep1")).toBe(2);
});
