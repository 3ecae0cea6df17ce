/**
 * A journey written once per language runs each language at one size: English on the desktop
 * project, German on the phone project (German's longer words are the harder case for a narrow
 * screen). Every language and every size is still walked through; the other two pairings cost
 * about a quarter of the end-to-end suite's time (issue 29 §6) and proved nothing these two do not:
 * that every text exists in both languages is Vitest's (app/locales/locales.test.ts).
 *
 * Use: `test.describe(title, atOneSize(lang.code), () => …)`; playwright.config.ts leaves out the
 * tag of the other size in each project.
 */
export const DESKTOP_ONLY = "@desktop-only";
export const PHONE_ONLY = "@phone-only";

export function atOneSize(language: "en" | "de"): { tag: string } {
  return { tag: language === "de" ? PHONE_ONLY : DESKTOP_ONLY };
}
