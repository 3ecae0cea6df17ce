import de from "./de.ts";
import en from "./en.ts";

export const resources = { de: { translation: de }, en: { translation: en } } as const;
