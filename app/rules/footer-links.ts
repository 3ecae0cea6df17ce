/**
 * Which footer links a page shows (studio-admin.md §2): terms, privacy policy, imprint and help
 * centre, each only when a URL exists for the current language. No fallback to another
 * language: a link to a page in the wrong language is worse than none.
 */

export const FOOTER_LINK_KINDS = ["terms", "privacy_policy", "imprint", "helpcenter"] as const;
export type FooterLinkKind = (typeof FOOTER_LINK_KINDS)[number];

export type FooterLinkRow = { languageCode: string; kind: string; url: string };
export type FooterLink = { kind: FooterLinkKind; url: string };

function isWebAddress(url: string) {
  // The URLs are operator data; anything but http(s) (javascript:, data:) never becomes a link.
  return URL.canParse(url) && ["http:", "https:"].includes(new URL(url).protocol);
}

/** The links for `locale`, in the footer's order, without kinds that have no usable URL. */
export function selectFooterLinks(rows: readonly FooterLinkRow[], locale: string): FooterLink[] {
  return FOOTER_LINK_KINDS.flatMap((kind) => {
    const row = rows.find((r) => r.languageCode === locale && r.kind === kind && isWebAddress(r.url.trim()));
    return row ? [{ kind, url: row.url.trim() }] : [];
  });
}
