import type { i18n as I18n } from "i18next";

type Translate = (...args: unknown[]) => unknown;

/** A text cut at its `{{name}}` placeholders: each slot is the text before one, then the rest. */
type Template = { slots: { before: string; name: string; placeholder: string }[]; rest: string };

/** Options that change how i18next looks a key up or builds its text: those calls go to i18next. */
const I18NEXT_OPTIONS = new Set([
  "context",
  "ordinal",
  "lng",
  "lngs",
  "ns",
  "fallbackLng",
  "returnObjects",
  "returnDetails",
  "joinArrays",
  "postProcess",
  "interpolation",
  "replace",
  "keyPrefix",
  "skipInterpolation",
  "nsSeparator",
  "keySeparator",
]);

/** `{{name}}`; a placeholder with a format (`{{n, number}}`), a path (`{{a.b}}`) or `{{- raw}}` is left to i18next. */
const PLACEHOLDER = /\{\{(.*?)\}\}/g;
const PLAIN_NAME = /^\s*[A-Za-z_$][\w$]*\s*$/;

function compile(text: string): Template | null {
  if (text.includes("$t(")) return null;
  const slots: Template["slots"] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] as string;
    if (!PLAIN_NAME.test(name)) return null;
    slots.push({ before: text.slice(last, match.index), name: name.trim(), placeholder: match[0] });
    last = match.index + match[0].length;
  }
  return { slots, rest: text.slice(last) };
}

/** The values of a call i18next would interpolate plainly (strings and numbers), or null. */
function plainValues(options: unknown): Record<string, string | number> | null {
  if (typeof options !== "object" || options === null || Array.isArray(options)) return null;
  for (const [name, value] of Object.entries(options)) {
    if (I18NEXT_OPTIONS.has(name) || name.startsWith("defaultValue")) return null;
    if (typeof value !== "string" && typeof value !== "number") return null;
  }
  return options as Record<string, string | number>;
}

/**
 * The server render's `t` for one i18next instance (issue 29). A workspace page makes hundreds
 * of calls, and i18next resolves every one from scratch (language hierarchy, namespaces, plural
 * keys, then a regular-expression pass over the text): a plain key's text is kept, and a call
 * with values fills a kept template of the text. What this does not cover exactly as i18next would (a context, an ordinal, a format, a
 * nested `$t()`, a key the language lacks) goes to i18next itself; a test compares both on
 * every text of both languages.
 */
export function serverTranslate(i18n: I18n): Translate {
  const texts = new Map<string, unknown>();
  const templates = new Map<string, Template | null>();
  const language = i18n.language;
  const translate = i18n.t.bind(i18n) as unknown as Translate;
  const pluralSuffix = (count: number) => i18n.services.pluralResolver.getSuffix(language, count, {});
  const resource = (key: string) => {
    const text = i18n.getResource(language, "translation", key) as unknown;
    return typeof text === "string" ? text : undefined;
  };
  /** The text i18next would pick for `key` with these values (its plural forms by `count`), as a template. */
  const templateOf = (key: string, values: Record<string, string | number>): Template | null => {
    let chosen = key;
    const count = values.count;
    if (typeof count === "number") {
      const candidates = [...(count === 0 ? [`${key}_zero`] : []), `${key}${pluralSuffix(count)}`, key];
      chosen = candidates.find((candidate) => resource(candidate) !== undefined) ?? key;
    }
    let template = templates.get(chosen);
    if (template === undefined) {
      const text = resource(chosen);
      template = text === undefined ? null : compile(text);
      templates.set(chosen, template);
    }
    return template;
  };
  return (...args: unknown[]) => {
    const key = args[0];
    if (typeof key !== "string" || args.length > 2) return translate(...args);
    if (args.length === 1) {
      const known = texts.get(key);
      if (known !== undefined) return known;
      const text = translate(key);
      if (typeof text === "string") texts.set(key, text);
      return text;
    }
    const values = plainValues(args[1]);
    const template = values && templateOf(key, values);
    if (!values || !template) return translate(...args);
    let text = "";
    for (const slot of template.slots) {
      // A value not given keeps its placeholder, as i18next does.
      const value = Object.hasOwn(values, slot.name) ? values[slot.name] : undefined;
      text += slot.before + (value === undefined ? slot.placeholder : String(value));
    }
    return text + template.rest;
  };
}
