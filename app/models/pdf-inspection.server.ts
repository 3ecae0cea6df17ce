import { createHash, type Hash } from "node:crypto";
import { Transform } from "node:stream";
import { AppError } from "#app/errors/app-error";
import { truncateText } from "#app/rules/truncate";

/*
 * Checking a PDF as it streams, for every way an upload arrives (a multipart body,
 * upload.server.ts; an address the public API imports from, upload-import.server.ts): its size,
 * `%PDF-` in its first KiB, its SHA-256, and the name it is shown under.
 */

/** `%PDF-` must appear within the first bytes (PDF 32000-1 §7.5.2; readers accept leading junk up to 1 KiB). */
const PDF_HEADER_WINDOW = 1024;
const PDF_MAGIC = Buffer.from("%PDF-", "latin1");
const ORIGINAL_NAME_MAX = 250;

/** What a PDF inspector has seen: its size, its first KiB, its SHA-256 so far, and a refusal once there is one. */
export type InspectedPdf = { refusal: AppError | null; size: number; head: Buffer; hash: Hash };

export const inspectedPdf = (): InspectedPdf => ({ refusal: null, size: 0, head: Buffer.alloc(0), hash: createHash("sha256") });

/** Counts, checks the head, and forwards bytes only while nothing has been refused. */
export function pdfInspector(state: InspectedPdf, refuse: (error: AppError) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      state.size += chunk.length;
      state.hash.update(chunk);
      if (state.head.length < PDF_HEADER_WINDOW) {
        state.head = Buffer.concat([state.head, chunk.subarray(0, PDF_HEADER_WINDOW - state.head.length)]);
        if (state.head.length >= PDF_HEADER_WINDOW && !looksLikePdf(state.head)) refuse(notAPdf());
      }
      callback(null, state.refusal ? undefined : chunk);
    },
  });
}

export function notAPdf() {
  return new AppError("render.errors.pdfNotAPdf", { status: 422 });
}

/** PDF by content, not by name: `%PDF-` within the first KiB. */
export function looksLikePdf(head: Buffer) {
  return head.subarray(0, PDF_HEADER_WINDOW).includes(PDF_MAGIC);
}

/** The name as the user knows it: no folders, no control characters, at most 250 characters. */
export function cleanFileName(raw: string | undefined) {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  const printable = [...base].filter((char) => {
    const code = char.codePointAt(0) ?? 0;
    return code >= 0x20 && code !== 0x7f;
  });
  return truncateText(printable.join("").trim(), ORIGINAL_NAME_MAX);
}
