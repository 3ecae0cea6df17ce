import { Reason } from "@ep/proto/epaper/render/v1/render_pb";

/**
 * Why a render ended without pages, as the message key under `render.errors` in the locales.
 * The key is what the database keeps (epaper.process_error, render_process.error) and what
 * events carry, so every screen shows the same translated text.
 */
export const RENDER_FAILURES = [
  "pdfPasswordProtected",
  "pdfNotAPdf",
  "pdfDamaged",
  "pdfTooLarge",
  // Every page broke the node's time or memory limit (a decompression or image bomb; issue 46).
  "pdfTooComplex",
  "renderProcessFailed",
  "renderingCancelled",
] as const;
export type RenderFailure = (typeof RENDER_FAILURES)[number];

/** The document itself is the problem: retrying on another node cannot help. */
export function failureOfReason(reason: Reason): RenderFailure | null {
  switch (reason) {
    case Reason.PASSWORD_PROTECTED:
      return "pdfPasswordProtected";
    case Reason.NOT_A_PDF:
      return "pdfNotAPdf";
    case Reason.DAMAGED:
      return "pdfDamaged";
    case Reason.TOO_LARGE:
      return "pdfTooLarge";
    case Reason.TOO_COMPLEX:
      return "pdfTooComplex";
    default:
      return null;
  }
}
