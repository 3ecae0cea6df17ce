import { Bar, CartesianGrid, ComposedChart, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { StatsDay, StatsPage } from "#app/rules/readership-stats";
import { formatCount, formatDay, formatSeconds, shortDay } from "./stats-format.ts";

/*
 * The statistics screen's charts, drawn with Recharts (ADR 0055). This module is loaded lazily
 * after hydration (stats-chart-section.tsx), so the library is fetched only by this screen, and
 * only once its tables are on screen. Each chart fills its container (ResponsiveContainer), which
 * the screen sizes for desktop and phone alike. The charts are pictures: the container is
 * aria-hidden, and `accessibilityLayer={false}` keeps the chart out of the tab order (the table
 * next to it is the accessible form). No animation: the numbers are what matter.
 */

const BLUE = "#1d4ed8"; // brand-600
const ORANGE = "#c2410c"; // orange-700: 3:1 against white, told apart from blue without colour vision
const GRID = "#e2e8f0";
const TICK = { fontSize: 12, fill: "#475569" };

/** Page views and daily unique readers per day of the range. */
export function DaysChart(props: { days: StatsDay[]; locale: string; labels: { views: string; uniques: string } }) {
  const { locale } = props;
  // A dot per day while there are few days (a year's line would be all dots); the readers' line is dashed instead.
  const dots = props.days.length <= 31;
  return (
    <ResponsiveContainer width="100%" height="100%" minWidth={0}>
      <LineChart data={props.days} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="day" tick={TICK} tickFormatter={(day: string) => shortDay(day, locale)} minTickGap={12} />
        <YAxis tick={TICK} width={48} allowDecimals={false} tickFormatter={(value: number) => formatCount(value, locale)} />
        <Tooltip labelFormatter={(day) => formatDay(String(day), locale)} formatter={(value) => formatCount(Number(value), locale)} />
        <Legend itemSorter={null} />
        <Line
          type="monotone"
          dataKey="views"
          name={props.labels.views}
          stroke={BLUE}
          strokeWidth={2}
          dot={dots}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="uniques"
          name={props.labels.uniques}
          stroke={ORANGE}
          strokeWidth={2}
          strokeDasharray="6 3"
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

/**
 * Page by page: the readers who reached each page as bars (their fall from page to page is the
 * drop-off), the average time on the page as a line on its own axis (seconds, on the right).
 */
export function PagesChart(props: {
  pages: StatsPage[];
  locale: string;
  labels: { readersReached: string; averageSeconds: string; page: (page: number) => string; seconds: (value: string) => string };
}) {
  const { locale, labels } = props;
  const data = props.pages.map((page) => ({ page: page.page, readersReached: page.readersReached, averageMs: page.averageMs }));
  return (
    <ResponsiveContainer width="100%" height="100%" minWidth={0}>
      <ComposedChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 0, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="page" tick={TICK} minTickGap={8} />
        <YAxis
          yAxisId="readers"
          tick={TICK}
          width={48}
          allowDecimals={false}
          tickFormatter={(value: number) => formatCount(value, locale)}
        />
        <YAxis
          yAxisId="seconds"
          orientation="right"
          tick={TICK}
          width={48}
          tickFormatter={(ms: number) => labels.seconds(formatSeconds(ms, locale))}
        />
        <Tooltip
          labelFormatter={(page) => labels.page(Number(page))}
          formatter={(value, name) =>
            name === labels.averageSeconds ? labels.seconds(formatSeconds(Number(value), locale)) : formatCount(Number(value), locale)
          }
        />
        <Legend itemSorter={null} />
        <Bar yAxisId="readers" dataKey="readersReached" name={labels.readersReached} fill={BLUE} isAnimationActive={false} />
        <Line
          yAxisId="seconds"
          // Straight from page to page: a curve would suggest values between pages.
          type="linear"
          dataKey="averageMs"
          name={labels.averageSeconds}
          stroke={ORANGE}
          strokeWidth={2}
          dot={props.pages.length <= 40}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
