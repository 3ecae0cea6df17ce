import type en from "./en.ts";

type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/**
 * Every dotted key of the interface texts ("errors.forbidden"). Tables that name a text before it
 * is shown (error messages, toasts, menus) use it, so a mistyped key fails the type check instead
 * of showing the raw key.
 */
type AllLeaves = Leaves<typeof en>;
/** A plural text's base key ("media.deleted" for media.deleted_one / _other), which i18next picks the form of by count. */
type PluralBase<K> = K extends `${infer Base}_${"one" | "other"}` ? Base : never;
export type TranslationKey = AllLeaves | PluralBase<AllLeaves>;
