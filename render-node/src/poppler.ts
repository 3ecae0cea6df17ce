import { open } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { Encryption, Reason } from "@ep/proto/epaper/render/v1/render_pb";
import { Poppler } from "node-poppler";
import { refuse } from "./refusal.ts";

/**
 * node-poppler pointed at wrappers that run each tool under prlimit (address space and CPU
 * caps, see bin/limited/_limit.sh). Cancelling goes through AbortSignal, which kills the tool.
 */
export const poppler = new Poppler(fileURLToPath(new URL("../bin/limited/", import.meta.url)));

export type PageGeometry = { page: number; widthPt: number; heightPt: number; rotation: number };
export type DocumentInfo = { pageCount: number; pages: PageGeometry[]; encryption: Encryption; title: string };

/** A PDF starts with %PDF- within its first KiB (some producers put junk before it). */
export async function looksLikePdf(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1024), 0, 1024, 0);
    return buffer.subarray(0, bytesRead).includes("%PDF-");
  } finally {
    await handle.close();
  }
}

/**
 * Opens the document with pdfinfo and lists every page as displayed (rotation applied).
 * Refuses password-protected, damaged and non-PDF files with their own reasons.
 */
export async function readDocumentInfo(file: string, signal: AbortSignal, timeoutMs: number): Promise<DocumentInfo> {
  if (!(await looksLikePdf(file))) throw refuse(Reason.NOT_A_PDF, "the file has no PDF header");
  let output: string;
  try {
    output = String(
      await poppler.pdfInfo(
        file,
        { firstPageToConvert: 1, lastPageToConvert: 1_000_000 },
        { signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) },
      ),
    );
  } catch (error) {
    if (signal.aborted) throw error;
    const message = (error as Error).message ?? "";
    if (/incorrect password/i.test(message)) throw refuse(Reason.PASSWORD_PROTECTED, "the PDF needs a password to open");
    if ((error as Error).name === "AbortError" || (error as Error).name === "TimeoutError")
      throw refuse(Reason.DAMAGED, `pdfinfo did not finish within ${timeoutMs} ms`);
    throw refuse(Reason.DAMAGED, `pdfinfo failed: ${firstLine(message)}`);
  }
  return parseDocumentInfo(output);
}

export function parseDocumentInfo(output: string): DocumentInfo {
  const pageCount = Number(/^Pages:\s+(\d+)/m.exec(output)?.[1] ?? 0);
  if (!pageCount) throw refuse(Reason.DAMAGED, "the PDF has no pages poppler can read");
  const sizes = new Map<number, { w: number; h: number }>();
  const rotations = new Map<number, number>();
  for (const match of output.matchAll(/^Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+) pts/gm)) {
    sizes.set(Number(match[1]), { w: Number(match[2]), h: Number(match[3]) });
  }
  for (const match of output.matchAll(/^Page\s+(\d+) rot:\s+(-?\d+)/gm)) {
    rotations.set(Number(match[1]), (((Number(match[2]) % 360) + 360) % 360) as number);
  }
  const pages: PageGeometry[] = [];
  for (let page = 1; page <= pageCount; page++) {
    const size = sizes.get(page) ?? { w: 0, h: 0 };
    const rotation = rotations.get(page) ?? 0;
    const quarter = rotation === 90 || rotation === 270;
    pages.push({ page, widthPt: quarter ? size.h : size.w, heightPt: quarter ? size.w : size.h, rotation });
  }
  const encrypted = /^Encrypted:\s+yes/m.test(output);
  return {
    pageCount,
    pages,
    // It opened without a password, so any encryption is owner-only.
    encryption: encrypted ? Encryption.OWNER_ONLY : Encryption.NONE,
    title: /^Title:\s+(.*)$/m.exec(output)?.[1]?.trim() ?? "",
  };
}

function firstLine(text: string) {
  return text.split("\n").find((line) => line.trim() !== "") ?? "unknown error";
}

/**
 * The pixels each page's largest image declares (Width × Height of its image dictionaries), as
 * `pdfimages -list` reads them without decoding a single pixel (30 ms for an image declaring
 * 60,000² pixels that pdftoppm works on for minutes). Null when the listing did not finish in
 * time or failed: it says nothing then, and the pages are rendered under their limits as always.
 */
export async function readDeclaredImagePixels(file: string, signal: AbortSignal, timeoutMs: number): Promise<Map<number, number> | null> {
  try {
    const output = String(
      await poppler.pdfImages(file, undefined, { list: true }, { signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) }),
    );
    return parseImageList(output);
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
}

export function parseImageList(output: string): Map<number, number> {
  const largest = new Map<number, number>();
  for (const match of output.matchAll(/^\s*(\d+)\s+\d+\s+\S+\s+(\d+)\s+(\d+)\s/gm)) {
    const page = Number(match[1]);
    const pixels = Number(match[2]) * Number(match[3]);
    if (pixels > (largest.get(page) ?? 0)) largest.set(page, pixels);
  }
  return largest;
}
