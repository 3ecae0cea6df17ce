/**
 * One language's texts, as its own chunk (issue 29): the browser loads only the language the page
 * is in (entry.client.tsx) and another one only when the person switches to it (root.tsx), instead
 * of both in the entry bundle. The server imports both (app/locales/index.ts).
 */
export async function loadTranslation(locale: "de" | "en") {
  return locale === "en" ? (await import("./en.ts")).default : (await import("./de.ts")).default;
}
