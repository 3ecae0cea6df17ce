/** studio-core.md §9: dd.MM.yyyy in German, yyyy-MM-dd in English (UTC calendar day). */
export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  const dd = String(date.getUTCDate()).padStart(2, "0");
  const mm = String(date.getUTCMonth() + 1).padStart(2, "0");
  const yyyy = String(date.getUTCFullYear());
  return locale === "de" ? `${dd}.${mm}.${yyyy}` : `${yyyy}-${mm}-${dd}`;
}
