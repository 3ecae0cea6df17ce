/** studio-core.md §9: dd.MM.yyyy in German, yyyy-MM-dd in English (UTC calendar day). */
export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  const dd = String(date.getUTCDate()).padStart(2, "0");
  const mm = String(date.getUTCMonth() + 1).padStart(2, "0");
  const yyyy = String(date.getUTCFullYear());
  return locale === "de" ? `${dd}.${mm}.${yyyy}` : `${yyyy}-${mm}-${dd}`;
}

/**
 * A moment with its time of day, in the same date format as `formatDate` (issue 46: one date
 * format per language): "2026-12-07 14:09" in English, "07.12.2026, 14:09" in German, 24-hour
 * clock, in the browser's own time zone. `seconds` adds them (delivery logs).
 */
export function formatDateTime(iso: string, locale: string, options: { seconds?: boolean } = {}): string {
  const date = new Date(iso);
  const two = (value: number) => String(value).padStart(2, "0");
  const day = `${two(date.getDate())}.${two(date.getMonth() + 1)}.${date.getFullYear()}`;
  const isoDay = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  const time = `${two(date.getHours())}:${two(date.getMinutes())}${options.seconds ? `:${two(date.getSeconds())}` : ""}`;
  return locale === "de" ? `${day}, ${time}` : `${isoDay} ${time}`;
}
