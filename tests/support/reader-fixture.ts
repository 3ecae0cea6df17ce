/**
 * A complete published bundle for the reader's end-to-end tests, written straight from a
 * synthetic manifest: WebP page images (made from SVG with sharp: a big page number and a few
 * words), words.js and search.js, one enrichment of each kind, a gallery, a table of contents, a
 * page with a PDF download, and the built reader assets. Variants: language and direction.
 */
import { existsSync, readdirSync } from "node:fs";
import { copyFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { renderIndexHtml } from "../../publisher/src/index-html.ts";
import {
  type Enrichment,
  MANIFEST_VERSION,
  type ManifestPage,
  type ReaderManifest,
  type PageBlock,
  SEARCH_CALLBACK,
  TEXT_CALLBACK,
  WORDS_CALLBACK,
  type Word,
} from "../../publisher/src/manifest.ts";

export const READER_DIST = path.resolve("publisher/dist/reader");
export const PAGE_COUNT = 8;
/** A4 portrait in PDF points. */
const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const RENDITION_WIDTHS = [1600, 800] as const;
const THUMB_WIDTH = 200;

export type ReaderFixtureOptions = {
  language?: string;
  direction?: "ltr" | "rtl";
  name?: string;
  /** Open the table of contents when the reader starts (settings.toc.autostart). */
  tocAutostart?: boolean;
};

/** Words of each page (0-based): the search finds "Zebra" only on page 5. */
export function pageWordsText(index: number): string[][] {
  const second = index === 4 ? ["Zebra", "crossing", "ahead"] : ["Alpha", "Beta", `Gamma${index + 1}`];
  return [["Page", String(index + 1)], second, ["Lorem", "ipsum", "dolor"]];
}

/**
 * Each page's text blocks (the text view, issue 47); the last page has none and shows its words.
 * Page 5 (index 4) is set in two columns: each column's heading comes before its text.
 */
export function pageBlocks(index: number): PageBlock[] | null {
  if (index === PAGE_COUNT - 1) return null;
  const header: PageBlock = { kind: "header", text: "Spring catalogue running head", box: [0.1, 0.02, 0.8, 0.03] };
  const number: PageBlock = { kind: "pageNumber", text: String(index + 1), box: [0.48, 0.95, 0.04, 0.02] };
  if (index === 4) {
    return [
      header,
      { kind: "heading", level: 1, text: "Zebra crossing ahead", box: [0.1, 0.1, 0.8, 0.08] },
      { kind: "heading", level: 2, text: "Left column news", box: [0.1, 0.2, 0.38, 0.04] },
      { kind: "paragraph", text: "The left column tells of zebras crossing the road in spring.", box: [0.1, 0.25, 0.38, 0.3] },
      { kind: "heading", level: 2, text: "Right column news", box: [0.52, 0.2, 0.38, 0.04] },
      { kind: "list", items: ["Stripes", "Hooves"], ordered: "1", box: [0.52, 0.25, 0.38, 0.1] },
      number,
    ];
  }
  return [
    header,
    { kind: "heading", level: 1, text: `Chapter of page ${index + 1}`, box: [0.1, 0.1, 0.8, 0.06] },
    { kind: "paragraph", text: `Alpha Beta Gamma${index + 1}: the text of page ${index + 1}.`, box: [0.1, 0.38, 0.8, 0.2] },
    number,
  ];
}

const LINE_Y = [0.12, 0.45, 0.55];
const LINE_SIZE = [0.08, 0.04, 0.03];
/** DejaVu Sans Mono advances 0.602 em per character: word boxes can be computed exactly. */
const MONO_ADVANCE = 0.602;

/** Word boxes in page fractions, matching where pageSvg draws the words. */
export function pageWords(index: number): Word[] {
  const words: Word[] = [];
  pageWordsText(index).forEach((line, lineIndex) => {
    const size = (LINE_SIZE[lineIndex] ?? 0.03) * PAGE_HEIGHT;
    const top = (LINE_Y[lineIndex] ?? 0.5) * PAGE_HEIGHT;
    let x = 0.1 * PAGE_WIDTH;
    for (const text of line) {
      const width = text.length * MONO_ADVANCE * size;
      words.push([text, x / PAGE_WIDTH, top / PAGE_HEIGHT, width / PAGE_WIDTH, size / PAGE_HEIGHT]);
      x += width + MONO_ADVANCE * size;
    }
  });
  return words;
}

function pageSvg(index: number, pixelWidth: number): string {
  const scale = pixelWidth / PAGE_WIDTH;
  const hue = (index * 45) % 360;
  const texts = pageWords(index)
    .map(([text, x, y, , h]) => {
      const size = h * PAGE_HEIGHT;
      // The SVG baseline sits at the box bottom minus the descent (about 0.2 em).
      return `<text x="${x * PAGE_WIDTH}" y="${y * PAGE_HEIGHT + size * 0.8}" font-size="${size}" font-family="DejaVu Sans Mono" fill="#111">${text}</text>`;
    })
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixelWidth}" height="${Math.round(PAGE_HEIGHT * scale)}" viewBox="0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}">` +
    `<rect width="100%" height="100%" fill="#fff"/>` +
    `<rect x="20" y="20" width="${PAGE_WIDTH - 40}" height="${PAGE_HEIGHT - 40}" fill="none" stroke="hsl(${hue},60%,45%)" stroke-width="6"/>` +
    `<rect x="40" y="${PAGE_HEIGHT * 0.65}" width="${PAGE_WIDTH - 80}" height="${PAGE_HEIGHT * 0.25}" fill="hsl(${hue},60%,85%)"/>` +
    texts +
    `<text x="${PAGE_WIDTH - 40}" y="${PAGE_HEIGHT - 40}" font-size="14" text-anchor="end" font-family="DejaVu Sans" fill="#555">w${pixelWidth}</text>` +
    `</svg>`
  );
}

async function svgToWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 70, effort: 0 }).toBuffer();
}

/** Images are the same for every variant: made once per process. */
const imageCache = new Map<string, Promise<Buffer>>();
function cachedImage(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let image = imageCache.get(key);
  if (!image) {
    image = make();
    imageCache.set(key, image);
  }
  return image;
}

function pageImages(index: number): ManifestPage["images"] {
  return RENDITION_WIDTHS.map((width) => ({
    src: `pages/${index + 1}/w${width}.webp`,
    width,
    height: Math.round((PAGE_HEIGHT * width) / PAGE_WIDTH),
    bytes: 0,
  }));
}

const frame = (x1: number, y1: number, x2: number, y2: number) => ({ x1, y1, x2, y2 });

function enrichment(id: string, partial: Partial<Enrichment> & Pick<Enrichment, "action" | "frame" | "icon">): Enrichment {
  return {
    id,
    source: "studio",
    title: null,
    description: null,
    frameActive: true,
    frameIconActive: true,
    frameEmbedded: false,
    mediaBar: null,
    previewImage: null,
    ...partial,
  };
}

/** Page 2 (index 1) holds the links, page 3 (index 2) the media, page 6 a video file; all in the upper half. */
function enrichmentsOf(index: number): Enrichment[] {
  if (index === 1) {
    return [
      enrichment("internal", {
        title: "Jump to page 7",
        icon: "linkintern",
        frame: frame(0.1, 0.2, 0.45, 0.27),
        mediaBar: "icon",
        action: { kind: "internalLink", pageIndex: 6 },
      }),
      enrichment("external-blank", {
        title: "Example website",
        icon: "link",
        frame: frame(0.55, 0.2, 0.9, 0.27),
        mediaBar: "short",
        action: { kind: "externalLink", url: "https://example.com/blank", displayAs: "tab_blank", width: null, height: null },
      }),
      enrichment("external-overlay", {
        title: "Opening hours",
        icon: "readme",
        frame: frame(0.1, 0.3, 0.45, 0.37),
        action: { kind: "externalLink", url: "media/overlay.html", displayAs: "overlay", width: 480, height: 320 },
      }),
      enrichment("mailto", {
        title: "Write to us",
        icon: "email",
        frame: frame(0.55, 0.3, 0.9, 0.37),
        action: { kind: "mailtoLink", recipient: "info@example.com", subject: "Hello & welcome", body: "Line one" },
      }),
      enrichment("pdf-link", {
        source: "pdf",
        title: null,
        icon: "link",
        frameIconActive: false,
        frame: frame(0.1, 0.02, 0.9, 0.07),
        action: { kind: "externalLink", url: "https://example.org/from-pdf", displayAs: "tab_blank", width: null, height: null },
      }),
    ];
  }
  if (index === 2) {
    return [
      enrichment("video-overlay", {
        title: "Product video",
        icon: "video",
        frame: frame(0.1, 0.2, 0.45, 0.27),
        mediaBar: "thumb",
        previewImage: "media/preview.webp",
        action: { kind: "video", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", displayAs: "overlay", width: 640, height: 360 },
      }),
      enrichment("gallery", {
        title: "Photo gallery",
        description: "Three pictures of the factory",
        icon: "gallery",
        frame: frame(0.55, 0.2, 0.9, 0.27),
        mediaBar: "long",
        action: { kind: "gallery", galleryId: "g1" },
      }),
      enrichment("html-overlay", {
        title: "Price calculator",
        icon: "readme",
        frame: frame(0.1, 0.3, 0.45, 0.37),
        action: {
          kind: "customHtml",
          html: "<p id='calc'>Calculator</p><script>document.body.dataset.ran='yes'</script>",
          width: 400,
          height: 300,
        },
      }),
      enrichment("html-embedded", {
        title: "Embedded poll",
        icon: "readme",
        frameEmbedded: true,
        frame: frame(0.55, 0.3, 0.9, 0.42),
        action: { kind: "customHtml", html: "<p>Poll</p>", width: 300, height: 200 },
      }),
    ];
  }
  if (index === 5) {
    return [
      enrichment("video-file", {
        title: "Assembly clip",
        icon: "video",
        frame: frame(0.1, 0.2, 0.45, 0.27),
        action: { kind: "video", url: "media/clip.mp4", displayAs: "overlay", width: 640, height: 360 },
      }),
    ];
  }
  return [];
}

function findCorpusPdf(): string {
  const candidates = [process.env.CORPUS_DIR, path.resolve("../shared/corpus"), path.resolve("../../shared/corpus")];
  for (const dir of candidates) {
    if (!dir || !existsSync(dir)) {
      continue;
    }
    const preferred = path.join(dir, "pdfjs__Pages-tree-refs.pdf");
    if (existsSync(preferred)) {
      return preferred;
    }
    const any = readdirSync(dir).find((name) => name.endsWith(".pdf"));
    if (any) {
      return path.join(dir, any);
    }
  }
  throw new Error("reader fixture: no PDF found in the shared corpus (set CORPUS_DIR)");
}

export function fixtureManifest(options: ReaderFixtureOptions = {}): ReaderManifest {
  const language = options.language ?? "en";
  const pages: ManifestPage[] = Array.from({ length: PAGE_COUNT }, (_, index) => ({
    index,
    // The cover shows no number (pageNumberHidden); the rest show their position.
    label: index === 0 ? null : String(index + 1),
    width: PAGE_WIDTH,
    height: PAGE_HEIGHT,
    images: pageImages(index),
    thumb: { src: `pages/${index + 1}/thumb.webp`, width: THUMB_WIDTH, height: Math.round((PAGE_HEIGHT * THUMB_WIDTH) / PAGE_WIDTH) },
    words: `pages/${index + 1}/words.js`,
    ...(pageBlocks(index) ? { text: `pages/${index + 1}/text.js` } : {}),
    pdf: index === 3 ? `pages/${index + 1}/page.pdf` : null,
    enrichments: enrichmentsOf(index),
  }));
  return {
    version: MANIFEST_VERSION,
    name: options.name ?? "Spring catalogue <2026>",
    language,
    direction: options.direction ?? "ltr",
    publishedAt: "2026-03-01T10:00:00.000Z",
    pages,
    toc: [
      { title: "Cover", description: null, pageIndex: 0, level: 0, thumb: null },
      { title: "Chapter one", description: "Where it starts", pageIndex: 1, level: 0, thumb: null },
      { title: "Section one point one", description: null, pageIndex: 2, level: 1, thumb: null },
      { title: "Zebra story", description: null, pageIndex: 4, level: 0, thumb: null },
      { title: "Back cover", description: null, pageIndex: 7, level: 0, thumb: null },
    ],
    settings: {
      interfaceColor: "#1f2937",
      darkControls: false,
      backgroundColor: "#e5e7eb",
      backgroundImage: null,
      logo: { src: "media/logo.webp", link: "https://example.com/" },
      clickAreaColor: "rgba(37, 99, 235, 0.25)",
      clickAreaHoverColor: "rgba(37, 99, 235, 0.45)",
      cookieBanner: {
        text: language.startsWith("de") ? "Wir nutzen Cookies für Statistiken." : "We use cookies for statistics.",
        button: null,
      },
      analyticsTagId: "G-TEST12345",
      seo: { author: "Example & Sons", keywords: "catalogue, spring", description: 'Our "spring" catalogue', robots: "index, follow" },
      openGraph: { title: null, description: null, image: "media/preview.webp" },
      share: ["email", "facebook", "linkedin", "reddit", "telegram", "twitter", "whatsapp", "xing"],
      imprint: { html: "<p>Example GmbH, Main street 1</p>", width: 500, height: 300 },
      privacyPolicy: { html: "<p>We process no personal data without consent.</p>", width: null, height: null },
      toc: { enabled: true, autostart: options.tocAutostart ?? false, thumbs: true },
      custom: {
        headHtml: '<meta name="x-custom-head" content="present">',
        css: ".ep-title { letter-spacing: 0.01em; }",
        javascript: "window.__customScriptRan = true;",
      },
    },
    galleries: {
      g1: [1, 2, 3].map((n) => ({ src: `media/gallery-${n}.webp`, width: 800, height: 600, alt: `Factory picture ${n}` })),
    },
    search: "search.js",
  };
}

function solidImage(width: number, height: number, color: string, label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${color}"/><text x="50%" y="55%" font-size="${Math.round(height / 5)}" text-anchor="middle" font-family="DejaVu Sans" fill="#fff">${label}</text></svg>`;
  return svgToWebp(svg);
}

/** Writes the bundle into `dir` (created); returns its manifest. Needs the built reader. */
export async function writeReaderBundle(dir: string, options: ReaderFixtureOptions = {}): Promise<ReaderManifest> {
  const js = path.join(READER_DIST, "reader.js");
  const css = path.join(READER_DIST, "reader.css");
  if (!existsSync(js) || !existsSync(css)) {
    throw new Error(`The reader is not built (${js} is missing): run \`npm run build -w publisher\` first.`);
  }
  const manifest = fixtureManifest(options);
  await mkdir(path.join(dir, "assets"), { recursive: true });
  await mkdir(path.join(dir, "media"), { recursive: true });
  await copyFile(js, path.join(dir, "assets/reader.js"));
  await copyFile(css, path.join(dir, "assets/reader.css"));

  const pageTexts: string[] = [];
  for (const page of manifest.pages) {
    const folder = path.join(dir, `pages/${page.index + 1}`);
    await mkdir(folder, { recursive: true });
    for (const image of page.images) {
      const bytes = await cachedImage(image.src, () => svgToWebp(pageSvg(page.index, image.width)));
      await writeFile(path.join(dir, image.src), bytes);
    }
    await writeFile(path.join(dir, page.thumb.src), await cachedImage(page.thumb.src, () => svgToWebp(pageSvg(page.index, THUMB_WIDTH))));
    await writeFile(path.join(dir, page.words), `window.${WORDS_CALLBACK}(${page.index}, ${JSON.stringify(pageWords(page.index))});\n`);
    if (page.text) {
      await writeFile(path.join(dir, page.text), `window.${TEXT_CALLBACK}(${page.index}, ${JSON.stringify(pageBlocks(page.index))});\n`);
    }
    if (page.pdf) {
      await copyFile(findCorpusPdf(), path.join(dir, page.pdf));
    }
    pageTexts.push(
      pageWordsText(page.index)
        .map((line) => line.join(" "))
        .join("\n"),
    );
  }
  await writeFile(path.join(dir, manifest.search), `window.${SEARCH_CALLBACK}(${JSON.stringify({ pages: pageTexts })});\n`);

  await writeFile(path.join(dir, "media/logo.webp"), await cachedImage("logo", () => solidImage(240, 80, "#b91c1c", "LOGO")));
  await writeFile(path.join(dir, "media/preview.webp"), await cachedImage("preview", () => solidImage(320, 180, "#7c3aed", "VIDEO")));
  for (const [n, color] of [
    [1, "#0f766e"],
    [2, "#1d4ed8"],
    [3, "#a16207"],
  ] as const) {
    await writeFile(
      path.join(dir, `media/gallery-${n}.webp`),
      await cachedImage(`gallery-${n}`, () => solidImage(800, 600, color, `#${n}`)),
    );
  }
  await writeFile(
    path.join(dir, "media/overlay.html"),
    '<!doctype html><html lang="en"><title>Opening hours</title><body><p id="hours">Open Monday to Friday</p></body></html>\n',
  );

  const html = renderIndexHtml({
    manifest,
    pageTexts,
    pageBlocks: manifest.pages.map((page) => pageBlocks(page.index)),
    assets: { js: "assets/reader.js", css: "assets/reader.css" },
  });
  await writeFile(path.join(dir, "index.html"), html);
  await writeFile(path.join(dir, "epaper.json"), JSON.stringify(manifest));
  return manifest;
}
