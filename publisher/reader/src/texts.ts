/**
 * Every text the reader shows, in the ePaper's language. German and English are complete; any
 * other language falls back to English. The static index.html uses the same dictionary, so
 * there is one place to translate.
 */
const en = {
  readerLabel: "ePaper",
  controls: "Reader controls",
  pages: "Pages",
  pageOf: "Page {page} of {total}",
  pagesOf: "Pages {page} of {total}",
  page: "Page {page}",
  pageText: "Text of the pages",
  previous: "Previous page",
  next: "Next page",
  zoomIn: "Zoom in",
  zoomOut: "Zoom out",
  thumbnails: "Page overview",
  toc: "Table of contents",
  search: "Search",
  searchLabel: "Search in this ePaper",
  searchLoading: "Loading search…",
  searchNoResults: "No results",
  searchResult: "1 result",
  searchResults: "{count} results",
  searchFailed: "The search could not be loaded.",
  close: "Close",
  share: "Share",
  shareVia: "Share via {target}",
  shareLink: "Link",
  shareThisPage: "Link to page {page}",
  shareDevice: "Share with an app …",
  copyLink: "Copy link",
  linkCopied: "The link was copied.",
  copyFailed: "The link could not be copied here: it is selected, copy it with your device.",
  more: "More",
  imprint: "Imprint",
  privacy: "Privacy policy",
  downloadPdf: "Download page {page} as PDF",
  cookieRegion: "Cookie notice",
  cookieText: "This ePaper uses cookies for statistics.",
  cookieAccept: "Accept",
  goToPage: "Go to page {page}",
  openLink: "Open link",
  sendMail: "Send e-mail",
  playVideo: "Play video",
  openGallery: "Open gallery",
  openContent: "Open content",
  embeddedContent: "Embedded content",
  gallery: "Gallery",
  imageOf: "Image {n} of {total}",
  previousImage: "Previous image",
  nextImage: "Next image",
  mediaBar: "Media on this page",
  logo: "Logo",
  email: "E-mail",
};

export type TextKey = keyof typeof en;
export type Texts = Record<TextKey, string>;

const de: Texts = {
  readerLabel: "ePaper",
  controls: "Reader-Steuerung",
  pages: "Seiten",
  pageOf: "Seite {page} von {total}",
  pagesOf: "Seiten {page} von {total}",
  page: "Seite {page}",
  pageText: "Text der Seiten",
  previous: "Vorherige Seite",
  next: "Nächste Seite",
  zoomIn: "Vergrößern",
  zoomOut: "Verkleinern",
  thumbnails: "Seitenübersicht",
  toc: "Inhaltsverzeichnis",
  search: "Suche",
  searchLabel: "In diesem ePaper suchen",
  searchLoading: "Suche wird geladen …",
  searchNoResults: "Keine Treffer",
  searchResult: "1 Treffer",
  searchResults: "{count} Treffer",
  searchFailed: "Die Suche konnte nicht geladen werden.",
  close: "Schließen",
  share: "Teilen",
  shareVia: "Teilen über {target}",
  shareLink: "Adresse",
  shareThisPage: "Link zu Seite {page}",
  shareDevice: "Mit einer App teilen …",
  copyLink: "Link kopieren",
  linkCopied: "Der Link wurde kopiert.",
  copyFailed: "Der Link konnte hier nicht kopiert werden: Er ist markiert, kopieren Sie ihn mit Ihrem Gerät.",
  more: "Mehr",
  imprint: "Impressum",
  privacy: "Datenschutzerklärung",
  downloadPdf: "Seite {page} als PDF herunterladen",
  cookieRegion: "Cookie-Hinweis",
  cookieText: "Dieses ePaper verwendet Cookies für Statistiken.",
  cookieAccept: "Akzeptieren",
  goToPage: "Gehe zu Seite {page}",
  openLink: "Link öffnen",
  sendMail: "E-Mail senden",
  playVideo: "Video abspielen",
  openGallery: "Galerie öffnen",
  openContent: "Inhalt öffnen",
  embeddedContent: "Eingebetteter Inhalt",
  gallery: "Galerie",
  imageOf: "Bild {n} von {total}",
  previousImage: "Vorheriges Bild",
  nextImage: "Nächstes Bild",
  mediaBar: "Medien auf dieser Seite",
  logo: "Logo",
  email: "E-Mail",
};

const dictionaries: Record<string, Texts> = { en, de };

/** "de", "de_AT", "de-CH" → German; anything without a dictionary → English. */
export function textsFor(language: string): Texts {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? "en";
  return dictionaries[base] ?? en;
}

/** Fills {name} placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export const SUPPORTED_LANGUAGES = Object.keys(dictionaries);
