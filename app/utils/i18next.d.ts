import type en from "#app/locales/en";

// Typed keys: t("login.title") is checked against the English file at compile time.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}
