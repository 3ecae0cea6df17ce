import i18next from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { resources } from "#app/locales/index";
import type { ChannelStats } from "#app/rules/channel-stats";
import { daysOf } from "#app/rules/readership-stats";
import { ChannelStatsScreen } from "./channel-stats-screen.tsx";

// Issue 31 item 4: what the server sends of a channel's statistics screen, before any script runs.

const RANGE = { from: "2026-03-09", to: "2026-03-15" };

function statsOf(overrides: Partial<ChannelStats> = {}): ChannelStats {
  return {
    channel: { id: "ch1", name: "Newsstand", current: { id: "ep2", name: "Summer" } },
    range: RANGE,
    totals: { opens: 1234, views: 5678, uniques: 900, gpcViews: 0, tocUses: 3, downloads: 4, shares: 5 },
    days: daysOf(RANGE).map((day, i) => ({ day, opens: i, views: i * 10, uniques: i })),
    epapers: [
      { id: "ep2", name: "Summer", deleted: false, firstDay: "2026-03-12", lastDay: "2026-03-15", opens: 1000, views: 5000, uniques: 800 },
      {
        id: "ep1",
        name: "<b>Spring</b>",
        deleted: true,
        firstDay: "2026-03-09",
        lastDay: "2026-03-12",
        opens: 234,
        views: 678,
        uniques: 100,
      },
    ],
    ...overrides,
  };
}

async function render(lng: "de" | "en", stats: ChannelStats) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources, fallbackLng: "en", interpolation: { escapeValue: false } });
  const element = createElement(ChannelStatsScreen, { stats, rangeProblem: null, today: RANGE.to, locale: lng });
  const router = createMemoryRouter([{ path: "/channel/:channelId/statistics", element }], {
    initialEntries: ["/channel/ch1/statistics"],
  });
  return renderToString(createElement(I18nextProvider, { i18n }, createElement(RouterProvider, { router })));
}

test("the totals, the day-by-day chart's table and every ePaper shown, linked to its own statistics over the same range", async () => {
  const html = await render("en", statsOf());
  expect(html).toContain("Channel statistics: Newsstand");
  expect(html).toContain("Shows now: Summer");
  expect(html).toContain('data-testid="stats-total-opens">1,234<');
  // The chart's place is a picture for the eye only; its data is a table with a caption.
  expect(html.match(/aria-hidden="true" class="h-64/g)).toHaveLength(1);
  expect(html).toContain("Views and readers by day</caption>");
  for (const day of daysOf(RANGE)) expect(html).toContain(`>${day}</th>`);
  expect(html).toContain("ePapers shown</caption>");
  expect(html).toContain('href="/epaper/ep2/statistics?from=2026-03-09&amp;to=2026-03-15"');
  // An ePaper in the bin is named, escaped, and has no link to a screen it no longer has.
  expect(html).toContain("&lt;b&gt;Spring&lt;/b&gt;");
  expect(html).toContain("(in the bin)");
  expect(html).not.toContain('href="/epaper/ep1/statistics');
  expect(html).toContain('href="/channel/ch1/statistics.csv?from=2026-03-09&amp;to=2026-03-15"');
  expect(html).toContain('href="/channel?channelId=ch1"');
  // What a channel cannot show is said, not left out silently.
  expect(html).toContain("What a channel&#x27;s statistics show");
});

test("German, and a channel nobody read in the period: a sentence instead of zeros", async () => {
  const de = await render("de", statsOf());
  expect(de).toContain("Kanalstatistik: Newsstand");
  expect(de).toContain("1.234");
  expect(de).toContain("(im Papierkorb)");
  const empty = statsOf({
    channel: { id: "ch1", name: "Newsstand", current: null },
    totals: { opens: 0, views: 0, uniques: 0, gpcViews: 0, tocUses: 0, downloads: 0, shares: 0 },
    days: daysOf(RANGE).map((day) => ({ day, opens: 0, views: 0, uniques: 0 })),
    epapers: [],
  });
  const html = await render("en", empty);
  expect(html).toContain('data-testid="stats-empty"');
  expect(html).toContain("No reader opened this channel between 2026-03-09 and 2026-03-15.");
  expect(html).toContain("Shows no ePaper at the moment.");
  expect(html).not.toContain("<table");
});
