/**
 * Embedding a channel in another site (issue 32 item 5, ADR 0057): the responsive frame that the
 * channel card's 'Embed code' dialog hands out and that the content origin's oEmbed endpoint
 * answers as its `html`. One function for both, so a pasted code and a CMS's embed are the same
 * frame. Shared by the studio's browser code and the content origin: pure, no server imports.
 */

/** The frame's box when nothing asks for less and the page size is unknown: 4:3. */
export const EMBED_WIDTH = 800;
export const EMBED_HEIGHT = 600;

/** The reader's header and toolbar above and below the pages, in CSS pixels. */
const READER_CHROME = 112;

/**
 * The frame's full box for an ePaper whose pages are `pageRatio` (width / height) wide (issue 46):
 * 800 px wide, as tall as the reader needs to show a spread of portrait pages (one landscape page)
 * at that width, with its header and toolbar. A4 portrait gives 800 × 678, a 16:9 slide 800 × 562.
 */
export function embedBox(pageRatio?: number | null): { width: number; height: number } {
  if (!pageRatio || !Number.isFinite(pageRatio) || pageRatio <= 0) return { width: EMBED_WIDTH, height: EMBED_HEIGHT };
  const view = pageRatio < 1 ? 2 * pageRatio : pageRatio;
  const height = Math.round(EMBED_WIDTH / view) + READER_CHROME;
  return { width: EMBED_WIDTH, height: Math.min(1200, Math.max(360, height)) };
}

/** The name oEmbed answers as `provider_name` (the product's name, as in every language). */
export const OEMBED_PROVIDER_NAME = "ePaper Studio";

/** The address of the content origin's oEmbed endpoint (its own host only, never a subdomain). */
export const OEMBED_PATH = "/oembed";

/**
 * The box of the frame within a consumer's maxwidth and maxheight (oEmbed §2.2): the ePaper's box,
 * scaled down (never up) with its proportions until it fits both, at least 1 × 1 px.
 */
export function embedSize(
  max: { width?: number | null; height?: number | null } = {},
  pageRatio?: number | null,
): { width: number; height: number } {
  const box = embedBox(pageRatio);
  const scale = Math.min(1, max.width ? max.width / box.width : 1, max.height ? max.height / box.height : 1);
  // Down to whole pixels; the epsilon keeps a side that is exactly the limit (200/600 × 600) from becoming 199.
  const side = (full: number) => Math.max(1, Math.floor(full * scale + 1e-9));
  return { width: side(box.width), height: side(box.height) };
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", '"': "&quot;", "'": "&#39;", "<": "&lt;", ">": "&gt;" };
const escapeAttribute = (value: string) => value.replace(/[&"'<>]/g, (character) => HTML_ESCAPES[character] ?? character);

/**
 * The code a site owner pastes: one iframe, no wrapper and no script, so it survives editors and
 * CMS filters that keep only an iframe (WordPress keeps src, width, height and title). It is as
 * wide as its column up to `width` and keeps the box's proportions (aspect-ratio), but is never
 * shorter than its full height or 70 % of the window, whichever is less: on a phone a 4:3 box
 * would leave a portrait page a few centimetres. `width`/`height` stay as attributes for the
 * consumers that drop the style. The reader inside may go full screen; the frame loads when it
 * scrolls near. Every value is escaped; only http(s) addresses are framed.
 */
export function channelEmbedCode(input: { address: string; title: string; width?: number; height?: number }): string {
  const url = new URL(input.address);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("a channel address is an http or https address");
  const width = input.width ?? EMBED_WIDTH;
  const height = input.height ?? EMBED_HEIGHT;
  const style = [
    "display:block",
    "width:100%",
    `max-width:${width}px`,
    "height:auto",
    `aspect-ratio:${width}/${height}`,
    `min-height:min(${height}px,70vh)`,
    "border:0",
  ].join(";");
  return (
    `<iframe src="${escapeAttribute(url.href)}" title="${escapeAttribute(input.title)}" width="${width}" height="${height}" ` +
    `style="${style}" allow="fullscreen" loading="lazy"></iframe>`
  );
}

/** The oEmbed endpoint's address for one channel address (the discovery link's href, JSON). */
export function oembedAddress(contentUrl: string, channelUrl: string): string {
  const address = new URL(OEMBED_PATH, contentUrl);
  address.searchParams.set("url", channelUrl);
  address.searchParams.set("format", "json");
  return address.href;
}

/**
 * The oEmbed discovery link (oEmbed §4) of a channel's reader page, for its head: a CMS given the
 * page's address finds the endpoint here. `address` is the address the page was asked for.
 */
export function oembedDiscoveryLink(contentUrl: string, address: string, title: string): string {
  return `<link rel="alternate" type="application/json+oembed" href="${escapeAttribute(oembedAddress(contentUrl, address))}" title="${escapeAttribute(title)}">`;
}
