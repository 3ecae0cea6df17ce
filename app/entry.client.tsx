import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { browserTexts } from "#app/utils/browser-texts";
import { DEFAULT_LOCALE, FALLBACK_LOCALE, isLocale, SUPPORTED_LOCALES } from "#app/utils/i18n";

async function hydrate() {
  // The server rendered <html lang>; the browser starts in the same language so hydration matches.
  const lang = isLocale(document.documentElement.lang) ? document.documentElement.lang : DEFAULT_LOCALE;
  await i18next.use(initReactI18next).init({
    // Only this language, preloaded by the <head>; a switch loads the other one (root.tsx).
    resources: {
      [lang]: { translation: await browserTexts(document.querySelector<HTMLLinkElement>("link[data-translations]")?.href, lang) },
    },
    lng: lang,
    supportedLngs: [...SUPPORTED_LOCALES],
    fallbackLng: FALLBACK_LOCALE,
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
