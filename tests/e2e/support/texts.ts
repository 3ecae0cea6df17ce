import i18next from "i18next";
import { resources } from "#app/locales/index";
import type { TranslationKey } from "#app/locales/translation-key";

export type Texts = (key: TranslationKey, values?: Record<string, unknown>) => string;

/**
 * The studio's own texts in `language`, for journeys that are about something other than the
 * wording (the axe sweep): a label is found by its key in either language, so one journey runs in
 * German on the phone as well as in English on the desktop without a second table of labels.
 */
export async function textsIn(language: "en" | "de"): Promise<Texts> {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: language, resources, fallbackLng: "en", interpolation: { escapeValue: false } });
  // The keys are checked by type here; i18next's own key type is the studio's narrower one.
  const translate = i18n.t.bind(i18n) as unknown as (key: string, values?: Record<string, unknown>) => string;
  return (key, values) => String(translate(key, values));
}
