import { z } from "zod";
import type { ValidationMessageKey } from "./account-validation.ts";
import { isHttpUrl } from "./enrichment.ts";

/**
 * The embedded upload widget's code for a customer's site (studio-admin.md §7
 * 'create-affiliate-data: returns digest and widgetCode'; studio-core.md §2 /upload-embedded):
 * the iframe with the widget's language, the account's affiliate digest and an optional return
 * target. Shared by the account drawer's form (Conform), its action, the widget's page and the
 * widget's session route. Decisions: docs/decisions/0052-upload-widget-code-and-affiliate.md.
 */

/** The widget's languages (studio-core.md §2: it accepts a locale query parameter). */
export const WIDGET_LOCALES = ["de", "en"] as const;
export type WidgetLocale = (typeof WIDGET_LOCALES)[number];

/** The widget's size (studio-admin.md §9: 260 × 260 px). */
export const WIDGET_SIZE_PX = 260;
/** The longest return target the widget takes: a common limit of browsers and servers for a URL. */
export const RETURN_URL_MAX_LENGTH = 2048;
/** The query parameters of /upload-embedded besides `locale`. */
export const AFFILIATE_PARAM = "affiliate";
export const RETURN_URL_PARAM = "return";

/** An affiliate digest as the studio makes them: 16 random bytes, base64url (22 characters). */
const DIGEST_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function isAffiliateDigest(value: string): boolean {
  return DIGEST_PATTERN.test(value);
}

/**
 * A return target the widget accepts: an absolute http or https address with a real host name
 * (or localhost, an IP address), at most RETURN_URL_MAX_LENGTH characters, without a user name or
 * password (`https://studio.example@other.example` hides where it goes). javascript:, data:,
 * relative paths and anything else are refused: the studio shows it as a link.
 */
export function isReturnUrl(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > RETURN_URL_MAX_LENGTH || !isHttpUrl(trimmed)) return false;
  const url = new URL(trimmed);
  return url.username === "" && url.password === "";
}

/** A return target from a form or a query, trimmed and normalised, or null when it is empty or refused. */
export function returnUrlOrNull(value: string | null | undefined): string | null {
  if (!value || !isReturnUrl(value)) return null;
  return new URL(value.trim()).href;
}

const message = <K extends ValidationMessageKey>(key: K) => key;

/** The drawer's form: the widget's language and the optional return target. */
export const WidgetCodeSchema = z.object({
  locale: z.enum(WIDGET_LOCALES, { error: message("widgetLocaleInvalid") }),
  // Conform sends an empty field as undefined: no return target.
  returnUrl: z
    .string()
    .trim()
    .refine(isReturnUrl, { error: message("returnUrlInvalid") })
    .optional(),
});
export type WidgetCodeValues = z.output<typeof WidgetCodeSchema>;

export type WidgetCodeInput = {
  /** The studio's public address (PUBLIC_URL), never the address a request came in on. */
  studioUrl: string;
  locale: WidgetLocale;
  /** The account's affiliate digest; the widget's try-it accounts count for that account. */
  digest: string;
  returnUrl: string | null;
  /** The iframe's accessible name, in the widget's language. */
  title: string;
};

/** The widget's address: /upload-embedded on the studio's public origin with its query. */
export function widgetAddress({ studioUrl, locale, digest, returnUrl }: Omit<WidgetCodeInput, "title">): string {
  if (!(WIDGET_LOCALES as readonly string[]).includes(locale)) throw new Error(`widget locale not supported: ${locale}`);
  if (!isAffiliateDigest(digest)) throw new Error("not an affiliate digest");
  const address = new URL("/upload-embedded", studioUrl);
  address.searchParams.set("locale", locale);
  address.searchParams.set(AFFILIATE_PARAM, digest);
  if (returnUrl !== null) {
    const target = returnUrlOrNull(returnUrl);
    if (target === null) throw new Error("the return target must be an http or https address");
    address.searchParams.set(RETURN_URL_PARAM, target);
  }
  return address.href;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", '"': "&quot;", "'": "&#39;", "<": "&lt;", ">": "&gt;" };
const escapeAttribute = (value: string) => value.replace(/[&"'<>]/g, (character) => HTML_ESCAPES[character] ?? character);

/**
 * The HTML a customer pastes into their page: one iframe of 260 × 260 px, without a border, with
 * a title for screen readers. Every value is URL-encoded in the address and the attributes are
 * HTML-escaped, so no input can leave its attribute. Throws for a return target that is not an
 * http(s) address (the form refuses those first).
 */
export function buildWidgetCode(input: WidgetCodeInput): string {
  const src = escapeAttribute(widgetAddress(input));
  const title = escapeAttribute(input.title);
  return `<iframe src="${src}" title="${title}" width="${WIDGET_SIZE_PX}" height="${WIDGET_SIZE_PX}" style="border:0"></iframe>`;
}
