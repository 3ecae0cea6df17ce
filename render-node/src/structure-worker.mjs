// Runs inside a worker thread: pdf.js parses the document for its outline and link
// annotations (poppler-utils has no tool that reports link rectangles), and draws a page that
// poppler drew blank (the second renderer, issue 46). Kept as plain JavaScript so the thread
// starts the same under tsx, Vitest and plain Node.
import { parentPort } from "node:worker_threads";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

// The metrics of the 14 standard fonts, which pdf.js substitutes for a font it cannot load.
const STANDARD_FONTS = `${path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

parentPort.on("message", async (task) => {
  try {
    if (task.kind === "render") {
      const image = await render(task);
      parentPort.postMessage({ id: task.id, result: image }, [image.pixels.buffer]);
    } else parentPort.postMessage({ id: task.id, result: await analyze(task) });
  } catch (error) {
    parentPort.postMessage({ id: task.id, error: String(error?.message ?? error) });
  }
});

/** Draws one page `width` pixels wide (the frame poppler uses: pdf.js's view is the CropBox) as RGB pixels on white. */
async function render({ file, cacheKey, page: number, width }) {
  const doc = await open(file, cacheKey);
  try {
    const page = await doc.getPage(number);
    const unscaled = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: width / unscaled.width });
    const w = Math.max(1, Math.round(viewport.width));
    const h = Math.max(1, Math.round(viewport.height));
    const { canvas, context } = doc.canvasFactory.create(w, h);
    try {
      await page.render({ canvas, canvasContext: context, viewport, background: "#ffffff" }).promise;
      const rgba = context.getImageData(0, 0, w, h).data;
      const pixels = new Uint8Array(w * h * 3);
      for (let source = 0, target = 0; source < rgba.length; source += 4, target += 3) {
        pixels[target] = rgba[source];
        pixels[target + 1] = rgba[source + 1];
        pixels[target + 2] = rgba[source + 2];
      }
      return { width: w, height: h, pixels };
    } finally {
      doc.canvasFactory.destroy({ canvas, context });
      page.cleanup();
    }
  } finally {
    if (!cacheKey) await doc.destroy();
  }
}

// The last document this thread parsed, by the source's cache key: the chunks of one
// document reach the same node one after another, and parsing is the expensive part.
let cached = null;

async function open(file, cacheKey) {
  if (cacheKey && cached?.key === cacheKey) return cached.doc;
  if (cached) {
    const old = cached.doc;
    cached = null;
    await old.destroy();
  }
  const doc = await getDocument({
    data: new Uint8Array(await readFile(file)),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  if (cacheKey) cached = { key: cacheKey, doc };
  return doc;
}

async function analyze({ file, cacheKey, first, last, includeOutline, includeLinks }) {
  const doc = await open(file, cacheKey);
  try {
    const pageOf = async (dest) => {
      try {
        const explicit = typeof dest === "string" ? await doc.getDestination(dest) : dest;
        if (!Array.isArray(explicit) || explicit.length === 0) return 0;
        const target = explicit[0];
        if (Number.isInteger(target)) return target + 1;
        return (await doc.getPageIndex(target)) + 1;
      } catch {
        return 0;
      }
    };
    const outline = [];
    if (includeOutline) {
      const walk = async (items, level) => {
        for (const item of items ?? []) {
          if (outline.length >= 5000) return;
          outline.push({
            title: String(item.title ?? "").slice(0, 250),
            page: item.dest ? await pageOf(item.dest) : 0,
            level,
            uri: item.url ?? "",
          });
          await walk(item.items, level + 1);
        }
      };
      await walk(await doc.getOutline(), 0);
    }
    const links = [];
    if (includeLinks) {
      const to = Math.min(last || doc.numPages, doc.numPages);
      for (let number = Math.max(1, first); number <= to; number++) {
        const page = await doc.getPage(number);
        const viewport = page.getViewport({ scale: 1 });
        const pageLinks = [];
        for (const annotation of await page.getAnnotations({ intent: "display" })) {
          if (annotation.subtype !== "Link" || !annotation.rect) continue;
          const [x1, y1, x2, y2] = viewport.convertToViewportRectangle(annotation.rect);
          const rect = {
            x: clamp(Math.min(x1, x2) / viewport.width),
            y: clamp(Math.min(y1, y2) / viewport.height),
            width: clamp(Math.abs(x2 - x1) / viewport.width),
            height: clamp(Math.abs(y2 - y1) / viewport.height),
          };
          if (rect.width === 0 || rect.height === 0) continue;
          if (annotation.url) pageLinks.push({ rect, uri: annotation.url });
          else if (annotation.dest) {
            const target = await pageOf(annotation.dest);
            if (target > 0) pageLinks.push({ rect, page: target });
          }
        }
        links.push({ page: number, links: pageLinks });
        page.cleanup();
      }
    }
    return { outline, links };
  } finally {
    if (!cacheKey) await doc.destroy();
  }
}

function clamp(value) {
  return Math.min(1, Math.max(0, Math.round(value * 1e5) / 1e5));
}
