import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { resources } from "#app/locales/index";
import { DEFAULT_LOCALE, FALLBACK_LOCALE, isLocale, SUPPORTED_LOCALES } from "#app/utils/i18n";

async function hydrate() {
  // The server rendered <html lang>; the browser starts in the same language so hydration matches.
  const lang = document.documentElement.lang;
  await i18next.use(initReactI18next).init({
    resources,
    lng: isLocale(lang) ? lang : DEFAULT_LOCALE,
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
