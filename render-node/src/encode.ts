import { readFile } from "node:fs/promises";
import sharp from "sharp";

export type EncodedImage = { width: number; height: number; webp: Buffer };
export type EncodeOptions = { widths: number[]; thumbnailWidth: number; quality: number; effort: number };

// One libvips thread per image: the node already runs a page per core, more threads only contend.
sharp.concurrency(1);

/** Reads a binary PPM (P6) as written by pdftoppm: header, then raw RGB rows. */
export function parsePpm(data: Buffer): { width: number; height: number; pixels: Buffer } {
  const fields: string[] = [];
  let offset = 0;
  while (fields.length < 4) {
    while (offset < data.length && isSpace(data[offset])) offset++;
    if (data[offset] === 0x23) {
      while (offset < data.length && data[offset] !== 0x0a) offset++;
      continue;
    }
    const start = offset;
    while (offset < data.length && !isSpace(data[offset])) offset++;
    if (start === offset) throw new Error("truncated PPM header");
    fields.push(data.toString("latin1", start, offset));
  }
  offset++; // the single whitespace byte before the pixels
  const [magic, w, h, max] = fields;
  const width = Number(w);
  const height = Number(h);
  if (magic !== "P6" || max !== "255" || !(width > 0) || !(height > 0)) throw new Error("not an 8-bit P6 PPM");
  const pixels = data.subarray(offset, offset + width * height * 3);
  if (pixels.length !== width * height * 3) throw new Error("PPM pixel data is cut short");
  return { width, height, pixels };
}

function isSpace(byte: number | undefined) {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/**
 * Encodes one rasterized page into WebP renditions (largest first) and a thumbnail, all from
 * the same pixels: poppler renders once at the largest width and libvips scales down.
 */
export async function encodePage(ppmFile: string, options: EncodeOptions) {
  return encodePixels(parsePpm(await readFile(ppmFile)), options);
}

/** The same from RGB pixels in memory (the second renderer's page, see structure.ts). */
export async function encodePixels(image: { width: number; height: number; pixels: Buffer }, options: EncodeOptions) {
  const { width, height, pixels } = image;
  const blank = isBlank(pixels);
  // A fresh pipeline per size over the same pixels: sharp's clone() copies the input each time.
  const source = () => sharp(pixels, { raw: { width, height, channels: 3 } });
  const widths = [...new Set(options.widths.map((w) => Math.min(w, width)))].sort((a, b) => b - a);
  const webp = { quality: options.quality, effort: options.effort };
  const encode = async (target: number): Promise<EncodedImage> => {
    const pipeline = target === width ? source() : source().resize({ width: target });
    const { data, info } = await pipeline.webp(webp).toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, webp: data };
  };
  const [thumbnail, ...renditions] = await Promise.all([Math.min(options.thumbnailWidth, width), ...widths].map(encode));
  return { renditions, thumbnail: thumbnail as EncodedImage, blank };
}

/**
 * Whether a page image shows nothing: every pixel within a few levels of the first. A page with
 * text that renders blank lacks its fonts (a CID font poppler cannot map without poppler-data,
 * say) and goes to support as a supervised page. Every pixel, as one word of small print must
 * count; a page with anything on it ends the scan at its first mark (~10 ms for a blank page).
 */
export function isBlank(pixels: Buffer): boolean {
  const count = pixels.length / 3;
  const [red = 0, green = 0, blue = 0] = [pixels[0], pixels[1], pixels[2]];
  for (let pixel = 0; pixel < count; pixel++) {
    const offset = pixel * 3;
    if (
      Math.abs((pixels[offset] ?? 0) - red) > 8 ||
      Math.abs((pixels[offset + 1] ?? 0) - green) > 8 ||
      Math.abs((pixels[offset + 2] ?? 0) - blue) > 8
    )
      return false;
  }
  return true;
}

/** A blank white page of the page's proportions, standing in for a page that could not render. */
export async function placeholderPage(aspect: number, options: EncodeOptions) {
  const make = async (w: number): Promise<EncodedImage> => {
    const h = Math.max(1, Math.round(w * aspect));
    const data = await sharp({ create: { width: w, height: h, channels: 3, background: "#ffffff" } })
      .webp({ quality: 50, effort: 0 })
      .toBuffer();
    return { width: w, height: h, webp: data };
  };
  const widths = [...new Set(options.widths)].sort((a, b) => b - a);
  return { renditions: await Promise.all(widths.map(make)), thumbnail: await make(options.thumbnailWidth), blank: true };
}
