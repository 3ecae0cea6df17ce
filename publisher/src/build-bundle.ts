import { renderIndexHtml } from "./index-html.ts";
import { type PageBlock, type ReaderManifest, SEARCH_CALLBACK, type SearchData, TEXT_CALLBACK, WORDS_CALLBACK } from "./manifest.ts";
import { scriptSafeJson } from "./html-safe.ts";

/** The reader's built files, as the publisher copies them into every bundle. */
export type ReaderAssets = { js: Uint8Array; css: Uint8Array };

export const READER_ASSET_PATHS = { js: "assets/reader.js", css: "assets/reader.css" } as const;

/** One generated file of a bundle: its path relative to the bundle's root and its bytes. */
export type GeneratedFile = { path: string; data: Uint8Array | string };

/**
 * Writes the text parts of a bundle: index.html (first page, SEO text, inline manifest),
 * epaper.json, the search script, the word scripts of every page and the reader's assets.
 * Binary files the manifest names (page images, PDFs, media) are copied by the caller, which
 * knows where they are stored: this module does not touch storage, so it stays testable.
 *
 * `pageWords` holds each page's word list as stored by the render node (a JSON array of
 * [text, x, y, w, h]); it is wrapped unparsed, so a big document costs no JSON round trip.
 */
export function generateBundleFiles(input: {
  manifest: ReaderManifest;
  pageTexts: string[];
  pageWords: string[];
  /** Each visible page's text blocks, by page index (null: the page has none). */
  pageBlocks?: (PageBlock[] | null)[];
  reader: ReaderAssets;
}): GeneratedFile[] {
  const { manifest, pageTexts, pageWords, reader, pageBlocks } = input;
  if (pageTexts.length !== manifest.pages.length || pageWords.length !== manifest.pages.length)
    throw new Error("every visible page needs its text and words");
  const search: SearchData = { pages: pageTexts };
  // The text view's blocks, a script beside the words (it loads from a zip opened from disk too),
  // named in the manifest before index.html and epaper.json carry it.
  manifest.pages.forEach((page, index) => {
    if (pageBlocks?.[index]?.length) page.text = page.words.replace(/words\.js$/, "text.js");
    else delete page.text;
  });
  const files: GeneratedFile[] = [
    { path: "index.html", data: renderIndexHtml({ manifest, pageTexts, pageBlocks, assets: READER_ASSET_PATHS }) },
    { path: "epaper.json", data: JSON.stringify(manifest) },
    { path: manifest.search, data: callbackScript(SEARCH_CALLBACK, scriptSafeJson(JSON.stringify(search))) },
    { path: READER_ASSET_PATHS.js, data: reader.js },
    { path: READER_ASSET_PATHS.css, data: reader.css },
  ];
  manifest.pages.forEach((page, index) => {
    files.push({ path: page.words, data: callbackScript(WORDS_CALLBACK, `${index},${scriptSafeJson(pageWords[index] ?? "[]")}`) });
    const blocks = pageBlocks?.[index];
    if (page.text && blocks)
      files.push({ path: page.text, data: callbackScript(TEXT_CALLBACK, `${index},${scriptSafeJson(JSON.stringify(blocks))}`) });
  });
  return files;
}

/**
 * A classic script that hands data to the reader. Classic scripts load from file:// where
 * fetch() does not, which is why the zip works when opened from a folder.
 */
function callbackScript(callback: string, args: string) {
  return `window.${callback}&&window.${callback}(${args});\n`;
}
