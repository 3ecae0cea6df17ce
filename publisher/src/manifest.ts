/**
 * The contract between the publisher (which writes a bundle) and the reader (which shows it):
 * the content of `epaper.json`, also inlined into `index.html` so that the reader needs no
 * request before the first page and works when opened from the file system (file:// forbids
 * fetch, so every file the reader loads later is a classic <script> or an <img>).
 *
 * Every path in it is relative to the bundle's root (where index.html lies), so the same bundle
 * serves the preview, the zip and the channel forms.
 */
export const MANIFEST_VERSION = 1 as const;

export type ReaderManifest = {
  version: typeof MANIFEST_VERSION;
  /** The ePaper's name: title of the page and of share texts. */
  name: string;
  /** The ePaper language (e.g. "de", "zh_Hans"): reader texts, <html lang>, reading direction. */
  language: string;
  direction: "ltr" | "rtl";
  publishedAt: string;
  /**
   * Visible pages only, in reading order: hidden pages are left out of the bundle entirely
   * (their images and text are not published). `index` is the position in this list (0-based).
   */
  pages: ManifestPage[];
  /** Table of contents: the user's, or the PDF's outline by default; empty when none. */
  toc: TocEntry[];
  settings: ReaderSettings;
  /** Galleries used by gallery enrichments, by gallery id. */
  galleries: Record<string, GalleryImage[]>;
  /** Full-text search data: a classic script that calls window.__epaperSearch(SearchData). */
  search: string;
  /** false: the ePaper's statistics setting is off and the reader collects nothing (issue 31). */
  stats?: false;
  /**
   * Where the reader posts its readership statistics (issue 31; reader/src/stats.ts): a URL,
   * absolute or relative to the bundle's root. The studio writes SERVED_STATS_ENDPOINT into the
   * bundles it serves itself, and a zip package carries the customer's own endpoint, if any.
   * Absent (a zip without one, a bundle made before issue 31): the reader collects nothing.
   */
  statsEndpoint?: string;
};

export type ManifestPage = {
  index: number;
  /** What the reader shows as this page's number: the individual page number (displayName) or
   * the page's position in the whole ePaper; null when the number is hidden (pageNumberHidden). */
  label: string | null;
  /** Size in PDF points, after rotation: the aspect ratio of every rendition. */
  width: number;
  height: number;
  /** WebP renditions, widest first; use as srcset (`${src} ${width}w`). */
  images: { src: string; width: number; height: number; bytes: number }[];
  thumb: { src: string; width: number; height: number };
  /** Word boxes for the selectable text layer: a classic script that calls
   * window.__epaperWords(index, Word[]). */
  words: string;
  /** The page's text blocks for the text view (issue 47): a classic script that calls
   * window.__epaperText(index, PageBlock[]); absent when the page has none (rendered before them). */
  text?: string;
  /** Single-page PDF when its download is allowed (page flag pdfDownload). */
  pdf: string | null;
  enrichments: Enrichment[];
};

/**
 * One block of a page's text as the render node made it (blocks.json, ADR 0064): headings with a
 * level, paragraphs, lists, and the running heads, feet and page numbers a text leaves out.
 */
export type PageBlock = {
  kind: "heading" | "paragraph" | "list" | "header" | "footer" | "pageNumber";
  level?: number;
  text?: string;
  items?: string[];
  /** An ordered list: numbered ("1") or lettered ("a"), counting from `start` (default 1). */
  ordered?: "1" | "a";
  start?: number;
  size?: number;
  box?: [number, number, number, number];
};

/** [text, x, y, width, height]; the box in fractions of the page (0..1, origin top left). */
export type Word = [string, number, number, number, number];

/** Frame in fractions of the page (0..1, origin top left): x1 < x2, y1 < y2. */
export type Frame = { x1: number; y1: number; x2: number; y2: number };

export type DisplayAs = "tab_blank" | "tab_self" | "overlay";

export type EnrichmentAction =
  | { kind: "internalLink"; pageIndex: number }
  | { kind: "externalLink"; url: string; displayAs: DisplayAs; width: number | null; height: number | null }
  | { kind: "mailtoLink"; recipient: string; subject: string | null; body: string | null }
  | { kind: "video"; url: string; displayAs: DisplayAs; width: number | null; height: number | null }
  | { kind: "gallery"; galleryId: string }
  /** Sandboxed iframe (srcdoc, allow-scripts without allow-same-origin). For editorMode
   * "text" the publisher has already escaped the content into HTML. */
  | { kind: "customHtml"; html: string; width: number; height: number };

export type Enrichment = {
  id: string;
  /** "pdf" marks a link annotation found in the PDF itself: click area only, no frame colour. */
  source: "studio" | "pdf";
  title: string | null;
  description: string | null;
  frame: Frame;
  /** Shown as a click area on the page. */
  frameActive: boolean;
  /** The click area shows its icon. */
  frameIconActive: boolean;
  /** The content is embedded into the click area instead of opening (video, customHtml). */
  frameEmbedded: boolean;
  /** Listed in the media bar, and how. */
  mediaBar: null | "icon" | "short" | "long" | "thumb";
  /** Icon name (linkintern, link, email, video, gallery, pdf, readme, or a player icon file). */
  icon: string;
  /** Relative path of the preview image (thumb in the media bar), or null. */
  previewImage: string | null;
  action: EnrichmentAction;
};

export type TocEntry = {
  title: string;
  description: string | null;
  pageIndex: number;
  /** Nesting depth, 0 for top level. */
  level: number;
  thumb: string | null;
};

export type GalleryImage = { src: string; width: number | null; height: number | null; alt: string };

export type ShareTarget = "email" | "facebook" | "linkedin" | "reddit" | "telegram" | "twitter" | "whatsapp" | "xing";

export type ReaderSettings = {
  /** Interface (toolbar) colour, CSS colour. */
  interfaceColor: string;
  darkControls: boolean;
  /** Page area background: colour and/or image (relative path). */
  backgroundColor: string | null;
  backgroundImage: string | null;
  logo: { src: string; link: string | null } | null;
  clickAreaColor: string;
  clickAreaHoverColor: string;
  cookieBanner: { text: string | null; button: string | null } | null;
  /** Google tag id, loaded only after consent in the cookie banner. */
  analyticsTagId: string | null;
  seo: { author: string | null; keywords: string | null; description: string | null; robots: string };
  openGraph: { title: string | null; description: string | null; image: string | null };
  share: ShareTarget[];
  imprint: { html: string; width: number | null; height: number | null } | null;
  privacyPolicy: { html: string; width: number | null; height: number | null } | null;
  toc: { enabled: boolean; autostart: boolean; thumbs: boolean };
  custom: { headHtml: string | null; css: string | null; javascript: string | null };
};

/** Content of the search script: each visible page's text, by page index. */
export type SearchData = { pages: string[] };

/** Names the reader's classic scripts call; the publisher writes files that call them. */
export const WORDS_CALLBACK = "__epaperWords" as const;
export const SEARCH_CALLBACK = "__epaperSearch" as const;
export const TEXT_CALLBACK = "__epaperText" as const;
/** id of the inline <script type="application/json"> that carries the manifest in index.html. */
export const MANIFEST_ELEMENT_ID = "epaper-manifest" as const;
/** id of the element in index.html the reader mounts into (it holds the static first page). */
export const ROOT_ELEMENT_ID = "reader" as const;
/**
 * The statistics endpoint of a bundle the studio serves, relative to the bundle's root: every
 * served bundle lies in a revision folder right under its publication's root
 * (`/preview/<hash>/<revision>/`, `/previewlink/<hash>/<revision>/`, `/c/<shortPath>/<revision>/`,
 * on a subdomain too), so this names `<publication root>/_stats`, whichever address opened it.
 */
export const SERVED_STATS_ENDPOINT = "../_stats" as const;
