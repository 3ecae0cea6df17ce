import { useContext } from "react";
import type { i18n as I18n } from "i18next";
import { I18nContext, type UseTranslationResponse, useTranslation as useReactI18next } from "react-i18next";
import { serverTranslate } from "./server-translation.ts";

type Translation = UseTranslationResponse<"translation", undefined>;

/**
 * The translation hook of every component: react-i18next's `useTranslation()` in the browser,
 * where a language switch must re-render, and a cheaper one while the server renders (issue 29).
 *
 * On the server react-i18next's hook copies every property of the i18next instance into a new
 * wrapper object per call (createI18nWrapper), and every `t` of a plain key walks i18next's
 * resolution again; a workspace page makes hundreds of both, and they were about a sixth of its
 * server time. Nothing on the server changes the language in the middle of a render, so here one
 * result per i18next instance serves every component, and its `t` keeps texts and templates for the
 * instance's life (server-translation.ts), which is the process's: i18next.server.ts makes one
 * instance per language, and the resources are part of the build.
 */
export const useTranslation: () => Translation =
  typeof document === "undefined" ? useServerTranslation : () => useReactI18next<"translation">();

const perInstance = new WeakMap<I18n, Translation>();

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
  const t = serverTranslate(i18n);
  // react-i18next's shape: `[t, i18n, ready]` that also carries them as properties.
  return Object.assign([t, i18n, true], { t, i18n, ready: true }) as unknown as Translation;
}
