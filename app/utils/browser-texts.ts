import type { Locale } from "#app/utils/i18n";

/**
 * One language's texts in the browser (issue 29, ADR 0005 addendum): the JSON at `url`, which the
 * page's <head> preloads for its own language (root.tsx), so only that language travels and it
 * arrives beside the entry script. Without an address (an error page the root loader did not
 * reach), or when it cannot be read, the texts come from the bundle of both languages, a chunk
 * of its own that is loaded only then.
 */
export async function browserTexts(url: string | undefined, locale: Locale): Promise<Record<string, unknown>> {
  if (url) {
    try {
      const response = await fetch(url);
      if (response.ok) return await response.json();
    } catch {
      // Offline or refused: the bundled texts below.
    }
  }
  const { resources } = await import("#app/locales/index");
  return resources[locale].translation;
}
