/**
 * Media elements (enrichments) of a page: their kinds and the rules both the creator dialog and
 * the server apply (studio-core.md §3 'Enrichment', §4 'Enrichment creator', §5 'Links and
 * values'; issue 11). Pure: the browser shows the same answer the server gives.
 */

export const ENRICHMENT_KINDS = ["internalLink", "externalLink", "mailtoLink", "video", "gallery", "customHtml"] as const;
export type EnrichmentKind = (typeof ENRICHMENT_KINDS)[number];

/** The icon a new media element gets (§4 'Default icon by type'); anything else gets readme. */
export function defaultIcon(kind: string): string {
  const icons: Record<EnrichmentKind, string> = {
    internalLink: "linkintern",
    externalLink: "link",
    mailtoLink: "email",
    video: "video",
    gallery: "gallery",
    customHtml: "pdf",
  };
  return icons[kind as EnrichmentKind] ?? "readme";
}

export const DISPLAY_AS = ["tab_blank", "tab_self", "overlay"] as const;
export type DisplayAs = (typeof DISPLAY_AS)[number];

/** How a click area opens its content unless the user says otherwise: videos in an overlay, the rest in a new tab. */
export const defaultDisplayAs = (kind: EnrichmentKind): DisplayAs => (kind === "video" ? "overlay" : "tab_blank");

/** Where a media element shows: its click area on the page, the media bar, or both (§9: at most two). */
export const DISPLAY_OPTIONS = ["clickArea", "mediaBar"] as const;
export type DisplayOption = (typeof DISPLAY_OPTIONS)[number];

export const MEDIA_BAR_CONTENTS = ["icon", "short", "long", "thumb"] as const;
export type MediaBarContent = (typeof MEDIA_BAR_CONTENTS)[number];

/** What a media bar content needs (§4): short a title, long a description, thumb a preview image or its automatic generation. */
export function mediaBarContentMissing(
  content: MediaBarContent,
  element: { title: string | null; description: string | null; hasPreviewImage: boolean; previewImageAuto: boolean },
): "title" | "description" | "previewImage" | null {
  if (content === "short" && !element.title?.trim()) return "title";
  if (content === "long" && !element.description?.trim()) return "description";
  if (content === "thumb" && !element.hasPreviewImage && !element.previewImageAuto) return "previewImage";
  return null;
}

/** Kinds whose preview image the server can make by itself (§4: automatic generation is the default where allowed). */
export const autoPreviewAllowed = (kind: EnrichmentKind) => kind !== "mailtoLink" && kind !== "customHtml";

/** A URL with http or https and a real host name (§5 urlNotValid). */
export function isHttpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  const host = url.hostname;
  // A name with a dot and a top-level label of letters, localhost, or an IP address.
  return (
    /^(?:[a-z0-9-]+\.)+[a-z]{2,}$/i.test(host) || host === "localhost" || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) || host.startsWith("[")
  );
}

/** A path to an uploaded file of the account's user data (§5: userdata/…/name.ext). */
export function isUserdataPath(value: string): boolean {
  return /^\/?userdata\/(?:[\w-]+\/)+[\w.-]+\.[a-z0-9]{1,5}$/i.test(value.trim());
}

/**
 * A web address typed without its protocol (`example.com/page`, `www.example.com`) gets `https://`,
 * as every publishing tool does (issue 46); anything else (a user-data path, a full URL, text
 * that is no address) is returned trimmed and unchanged.
 */
export function completeUrl(value: string): string {
  const text = value.trim();
  // A scheme (https:, mailto:), not a host's port (example.com:8080).
  if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text) || isUserdataPath(text)) return text;
  return /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/i.test(text) ? `https://${text}` : text;
}

/** External link targets: a URL or a user-data path (§5 'input is not a path or URL'). */
export const isLinkTarget = (value: string) => isHttpUrl(value) || isUserdataPath(value);

const VIDEO_FILE = /\.(?:mp4|mov|m4v)$/i;
const VIDEO_HOSTS = /^(?:(?:www|m)\.)?(?:youtube\.com|youtu\.be|youtube-nocookie\.com|vimeo\.com|player\.vimeo\.com)$/i;

/** A video (§5): YouTube, Vimeo, or an .mp4, .mov or .m4v file, with its protocol. */
export function isVideoUrl(value: string): boolean {
  if (!isHttpUrl(value)) return false;
  const url = new URL(value.trim());
  return VIDEO_HOSTS.test(url.hostname) || VIDEO_FILE.test(url.pathname);
}

/** Overlay width and height (§5 numberValueNotValid): whole numbers above zero, needed only for overlays. */
export function isOverlaySize(value: string | number): boolean {
  const text = String(value).trim();
  return /^\d+$/.test(text) && Number(text) > 0 && Number(text) <= 10_000;
}

/** A hex colour of 3 or 6 digits, with an optional alpha pair as the click-area colours carry (#C0C0C026). */
export const isHexColor = (value: string) => /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value.trim());

/** Title and description (§5 'default text length'): 3 to 999 characters once trimmed, or empty (then stored as null). */
export const TEXT_LENGTH = { min: 3, max: 999 } as const;
export function textProblem(value: string | null | undefined): "textTooShort" | "textTooLong" | null {
  const text = value?.trim() ?? "";
  if (text === "") return null;
  const length = [...text].length;
  if (length < TEXT_LENGTH.min) return "textTooShort";
  if (length > TEXT_LENGTH.max) return "textTooLong";
  return null;
}

/** What the creator's 'content' step needs for each kind before 'Next' (§4 'Step readiness'). */
export type ContentDraft = {
  kind: EnrichmentKind;
  internalLinkPageId?: string | null;
  recipient?: string | null;
  url?: string | null;
  galleryId?: string | null;
  width?: string | number | null;
  height?: string | number | null;
  displayAs?: DisplayAs | null;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function contentReady(draft: ContentDraft): boolean {
  switch (draft.kind) {
    case "internalLink":
      return Boolean(draft.internalLinkPageId);
    case "mailtoLink":
      return EMAIL.test(draft.recipient?.trim() ?? "");
    case "externalLink":
      return isLinkTarget(completeUrl(draft.url ?? "")) && Boolean(draft.displayAs) && overlaySizeReady(draft);
    case "video":
      return isVideoUrl(completeUrl(draft.url ?? "")) && Boolean(draft.displayAs) && overlaySizeReady(draft);
    case "gallery":
      return Boolean(draft.galleryId);
    case "customHtml":
      return isOverlaySize(draft.width ?? "") && isOverlaySize(draft.height ?? "");
  }
}

/** An overlay needs its width and height (§5); the creator fills in a default the user may change. */
const overlaySizeReady = (draft: ContentDraft) =>
  draft.displayAs !== "overlay" || (isOverlaySize(draft.width ?? "") && isOverlaySize(draft.height ?? ""));
