import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { scannedPagePdf } from "./generated-pdf.ts";

/**
 * A page of a PDF as a scanner would deliver it (issue 47, OCR's case): drawn in grey at 300 dpi
 * by pdftoppm, stored as a JPEG in a one-page PDF of the same size, with no text at all. What was
 * printed on the page is what OCR should read back.
 */
export async function scannedCopy(file: string, page: number, size: { widthPt: number; heightPt: number }): Promise<Buffer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "scanned-copy-"));
  try {
    const prefix = path.join(dir, "scan");
    execFileSync("pdftoppm", ["-r", "300", "-gray", "-png", "-f", String(page), "-l", String(page), "-singlefile", file, prefix], {
      stdio: ["ignore", "ignore", "ignore"],
    });
    const { data, info } = await sharp(`${prefix}.png`).toColourspace("b-w").jpeg({ quality: 70 }).toBuffer({ resolveWithObject: true });
    return scannedPagePdf(data, { width: info.width, height: info.height }, size);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
