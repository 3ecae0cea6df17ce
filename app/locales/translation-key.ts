import type en from "./en.ts";

type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/**
 * Every dotted key of the interface texts ("errors.forbidden"). Tables that name a text before it
 * is shown (error messages, toasts, menus) use it, so a mistyped key fails the type check instead
 * of showing the raw key.
 */
export type TranslationKey = Leaves<typeof en>;
