import { useContext } from "react";
import type { i18n as I18n } from "i18next";
import { I18nContext, type UseTranslationResponse, useTranslation as useReactI18next } from "react-i18next";

type Translation = UseTranslationResponse<"translation", undefined>;

/**
 * The translation hook of every component: react-i18next's `useTranslation()` in the browser,
 * where a language switch must re-render, and a cheaper one while the server renders (issue 29).
 *
 * On the server react-i18next's hook copies every property of the i18next instance into a new
 * wrapper object per call (createI18nWrapper), and every `t` of a plain key walks i18next's
 * resolution again; a workspace page makes hundreds of both, and they were about a sixth of its
 * server time. Nothing on the server changes the language in the middle of a render, so here one
 * result per request's instance serves every component, and a key without options (whose text
 * depends only on the language, since the resources are part of the build) is resolved once per
 * language for the life of the process.
 */
export const useTranslation: () => Translation =
  typeof document === "undefined" ? useServerTranslation : () => useReactI18next<"translation">();

const perInstance = new WeakMap<I18n, Translation>();
const plainTexts = new Map<string, Map<string, string>>();

function useServerTranslation(): Translation {
  const { i18n } = useContext(I18nContext);
  let translation = perInstance.get(i18n);
  if (!translation) {
    translation = serverTranslation(i18n);
    perInstance.set(i18n, translation);
  }
  return translation;
}

function serverTranslation(i18n: I18n): Translation {
  const language = i18n.language;
  let texts = plainTexts.get(language);
  if (!texts) {
    texts = new Map();
    plainTexts.set(language, texts);
  }
  const cache = texts;
  const translate = i18n.t.bind(i18n) as unknown as (...args: unknown[]) => unknown;
  const t = (...args: unknown[]) => {
    const key = args[0];
    if (args.length !== 1 || typeof key !== "string") return translate(...args);
    const known = cache.get(key);
    if (known !== undefined) return known;
    const text = translate(key);
    if (typeof text === "string") cache.set(key, text);
    return text;
  };
  // react-i18next's shape: `[t, i18n, ready]` that also carries them as properties.
  return Object.assign([t, i18n, true], { t, i18n, ready: true }) as unknown as Translation;
}
