/**
 * index.html of a published bundle. It shows the first page before any script runs (the image is
 * in the markup: its narrowest rendition, with high fetch priority), carries everything search engines
 * and link previews read (meta tags, the text of every page), and inlines the manifest so the
 * reader needs no request to start. Every value is escaped; only the customer's own head HTML
 * and CSS go in as written, on purpose.
 */
import { HEADER_HEIGHT, hasMediaBar, MEDIA_BAR_COLUMN, MEDIA_BAR_MIN_SCREEN, STAGE_PADDING, TOOLBAR_HEIGHT } from "../reader/src/layout.ts";
import { format, textsFor } from "../reader/src/texts.ts";
import { MANIFEST_ELEMENT_ID, type PageBlock, ROOT_ELEMENT_ID, type ReaderManifest } from "./manifest.ts";

export type IndexHtmlInput = {
  manifest: ReaderManifest;
  /** Each visible page's text, by page index. */
  pageTexts: string[];
  /** Each visible page's text blocks (blocks.json), by page index; null where a page has none. */
  pageBlocks?: (PageBlock[] | null)[];
  /** Relative paths of the reader's assets in the bundle. */
  assets: { js: string; css: string };
};

import { escapeHtml, jsonForScript } from "./html-safe.ts";

export { escapeHtml, jsonForScript };

/** A CSS colour from settings, or null when it holds anything that could break out of the rule. */
export function safeCssColor(value: string | null): string | null {
  return value && /^[#\w\s(),.%-]+$/.test(value) ? value.trim() : null;
}

/** A relative path as a CSS url() argument. */
export function cssUrl(path: string): string {
  return `url("${path.replace(/["\\\n\r]/g, (char) => `\\${char.charCodeAt(0).toString(16)} `)}")`;
}

/** Keeps customer CSS from closing its <style> element early. */
function styleText(css: string): string {
  return css.replace(/<\/(style)/gi, "<\\/$1");
}

function meta(name: string, content: string | null): string {
  return content ? `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}">` : "";
}

function property(name: string, content: string | null): string {
  return content ? `<meta property="${escapeHtml(name)}" content="${escapeHtml(content)}">` : "";
}

function criticalCss(manifest: ReaderManifest): string {
  const background = safeCssColor(manifest.settings.backgroundColor) ?? "#e9eaee";
  const image = manifest.settings.backgroundImage ? ` ${cssUrl(manifest.settings.backgroundImage)} center/cover no-repeat` : "";
  return [
    `html,body{margin:0;height:100%;overflow:hidden}`,
    `body{background:${background}${image};font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}`,
    `#${ROOT_ELEMENT_ID}{position:fixed;inset:0}`,
    `.ep-static{position:absolute;left:0;right:0;top:${HEADER_HEIGHT}px;bottom:calc(${TOOLBAR_HEIGHT}px + env(safe-area-inset-bottom));padding:${STAGE_PADDING}px;display:flex;align-items:center;justify-content:center;box-sizing:border-box;container-type:size}`,
    `.ep-static img{max-width:100%;max-height:100%;width:auto;height:auto;background:#fff;box-shadow:0 2px 12px rgba(0,0,0,.25)}`,
    staticPageBox(manifest),
    // The reader's media bar column (see hasMediaBar): the first page must not move at takeover.
    hasMediaBar(manifest) ? `@media (min-width:${MEDIA_BAR_MIN_SCREEN}px){.ep-static{inset-inline-end:${MEDIA_BAR_COLUMN}px}}` : "",
    `.ep-visually-hidden{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}`,
  ].join("");
}

/**
 * The first page's box before its image has loaded: the largest box of the page's proportions
 * that fits the stage (container query units), so that nothing moves when the image arrives
 * (without it the image is 0 × 0 until loaded: a layout shift of 0.08 in Lighthouse's mobile
 * run). A browser without container units keeps `width:auto`, as before.
 */
function staticPageBox(manifest: ReaderManifest): string {
  const page = manifest.pages[0];
  if (!page || page.width <= 0 || page.height <= 0) return "";
  const ratio = Number((page.width / page.height).toFixed(4));
  return `.ep-static img{width:min(100cqw,calc(100cqh * ${ratio}));aspect-ratio:${page.width}/${page.height}}`;
}

function staticFirstPage(manifest: ReaderManifest): string {
  const page = manifest.pages[0];
  if (!page) {
    return "";
  }
  const texts = textsFor(manifest.language);
  const fallback = page.images[page.images.length - 1] ?? page.images[0];
  if (!fallback) {
    return "";
  }
  const alt = page.label ? `${manifest.name} – ${format(texts.page, { page: page.label })}` : manifest.name;
  // Only the narrowest rendition, no srcset: on a 2.6x phone srcset picks the 1600 px file (3x
  // the bytes of a text page), which doubled the first paint on a throttled line
  // (`npm run bench:reader`). The reader swaps in a sharper rendition right after this one shows.
  return (
    `<div class="ep-static" data-ep-static>` +
    `<img src="${escapeHtml(fallback.src)}" ` +
    `width="${fallback.width}" height="${fallback.height}" alt="${escapeHtml(alt)}" fetchpriority="high" decoding="async">` +
    `</div>`
  );
}

/**
 * A page's blocks as HTML below its h2 (issue 47 item 6): headings one to three levels below it,
 * paragraphs, lists; running heads, feet and page numbers left out, as a reader skips them.
 */
export function blocksHtml(blocks: PageBlock[]): string {
  return blocks
    .map((block) => {
      if (block.kind === "heading" && block.text) {
        const tag = `h${Math.min(6, 2 + Math.max(1, Math.min(3, block.level ?? 1)))}`;
        return `<${tag}>${escapeHtml(block.text)}</${tag}>`;
      }
      if (block.kind === "paragraph" && block.text) return `<p>${escapeHtml(block.text)}</p>`;
      if (block.kind === "list" && block.items?.length) {
        const items = block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join("");
        if (!block.ordered) return `<ul>${items}</ul>`;
        const start = block.start && Number.isInteger(block.start) ? ` start="${block.start}"` : "";
        return `<ol type="${block.ordered === "a" ? "a" : "1"}"${start}>${items}</ol>`;
      }
      return "";
    })
    .join("");
}

function pageTextSection(manifest: ReaderManifest, pageTexts: string[], pageBlocks: (PageBlock[] | null)[]): string {
  const texts = textsFor(manifest.language);
  const articles = manifest.pages.map((page, index) => {
    const heading = format(texts.page, { page: page.label ?? String(index + 1) });
    const structured = blocksHtml(pageBlocks[index] ?? []);
    if (structured) return `<article><h2>${escapeHtml(heading)}</h2>${structured}</article>`;
    const text = (pageTexts[index] ?? "").trim();
    return `<article><h2>${escapeHtml(heading)}</h2>${text ? `<p>${escapeHtml(text)}</p>` : ""}</article>`;
  });
  // Visually hidden but present (not display:none): search engines index it, screen readers reach it.
  return `<section class="ep-visually-hidden" aria-label="${escapeHtml(texts.pageText)}">${articles.join("")}</section>`;
}

/** A search result's length of text (about 160 characters), cut at a word, or null when there is no text. */
function excerpt(text: string): string | null {
  const words = text.replace(/\s+/g, " ").trim();
  if (!words) return null;
  if (words.length <= DESCRIPTION_LENGTH) return words;
  const cut = words.slice(0, DESCRIPTION_LENGTH);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 80 ? cut.lastIndexOf(" ") : cut.length)} …`;
}

const DESCRIPTION_LENGTH = 160;

export function renderIndexHtml(input: IndexHtmlInput): string {
  const { manifest, pageTexts, assets } = input;
  const { settings } = manifest;
  const lang = manifest.language.replace(/_/g, "-");
  // Without a description of their own, search results show the start of the first page's text.
  const description = settings.seo.description ?? excerpt(pageTexts[0] ?? "");
  const head = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">`,
    `<title>${escapeHtml(manifest.name)}</title>`,
    meta("description", description),
    meta("author", settings.seo.author),
    meta("keywords", settings.seo.keywords),
    meta("robots", settings.seo.robots),
    property("og:type", "website"),
    property("og:title", settings.openGraph.title ?? manifest.name),
    property("og:description", settings.openGraph.description ?? description),
    property("og:image", settings.openGraph.image),
    meta("twitter:card", settings.openGraph.image ? "summary_large_image" : "summary"),
    `<style>${criticalCss(manifest)}</style>`,
    settings.custom.headHtml ?? "",
  ];
  const body = [
    `<div id="${ROOT_ELEMENT_ID}">${staticFirstPage(manifest)}</div>`,
    // The stylesheet sits after the first page so the page paints before it arrives.
    `<link rel="stylesheet" href="${escapeHtml(assets.css)}">`,
    settings.custom.css ? `<style data-ep-custom>${styleText(settings.custom.css)}</style>` : "",
    `<script type="application/json" id="${MANIFEST_ELEMENT_ID}">${jsonForScript(manifest)}</script>`,
    // A plain script before the page text: the reader starts as soon as it (and the stylesheet
    // above) arrived, not after the whole text of a 400-page document has been downloaded and
    // parsed, as `defer` would; the first page is already requested and painting meanwhile.
    `<script src="${escapeHtml(assets.js)}"></script>`,
    pageTextSection(manifest, pageTexts, input.pageBlocks ?? []),
  ];
  return (
    `<!doctype html>\n<html lang="${escapeHtml(lang)}" dir="${manifest.direction === "rtl" ? "rtl" : "ltr"}">\n` +
    `<head>\n${head.filter(Boolean).join("\n")}\n</head>\n<body>\n${body.filter(Boolean).join("\n")}\n</body>\n</html>\n`
  );
}
