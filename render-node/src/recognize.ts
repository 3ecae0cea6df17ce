import { rm } from "node:fs/promises";
import path from "node:path";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { RecognizeResponseSchema } from "@ep/proto/epaper/render/v1/render_pb";
import { blocksJsonOf } from "./blocks.ts";
import type { RenderNodeEnv } from "./env.ts";
import { listInstalledLanguages, type OcrLimits, recognizePage, tesseractLanguages } from "./ocr.ts";
import type { DocumentInfo } from "./poppler.ts";
import { type Slots, withSlot } from "./slots.ts";
import type { Source } from "./source-cache.ts";
import { wordsJsonOf } from "./text.ts";

type RecognizeDeps = {
  env: RenderNodeEnv;
  slots: Slots;
  log: (message: string) => void;
  /** Downloads (or reuses) the source and opens it (render-service.ts). */
  open: (
    request: { sourceUrl: string; sourceId: string },
    dir: string,
    signal: AbortSignal,
  ) => Promise<{ source: Source; info: DocumentInfo }>;
};

/**
 * The Recognize call (issue 47, ADR 0066): OCR of the pages asked, in that order, one slot each,
 * each under its own time, memory and CPU limits. A page that fails says why and the next goes
 * on; only the caller going away ends the stream early.
 */
export async function* recognizePages(
  deps: RecognizeDeps,
  dir: string,
  request: { sourceUrl: string; sourceId: string; pages: number[]; language: string },
  signal: AbortSignal,
): AsyncGenerator<MessageInitShape<typeof RecognizeResponseSchema>> {
  const { env, slots } = deps;
  const { source, info } = await deps.open(request, dir, signal);
  try {
    const languages = tesseractLanguages(request.language, await listInstalledLanguages());
    const limits: OcrLimits = {
      dpi: env.RENDER_OCR_DPI,
      maxPixels: env.RENDER_OCR_MAX_PIXELS,
      timeoutMs: env.RENDER_OCR_TIMEOUT_S * 1000,
      memoryBytes: env.memoryLimitBytes,
      cpuSeconds: Math.ceil(env.RENDER_OCR_TIMEOUT_S * 2),
    };
    for (const page of [...new Set(request.pages)]) {
      const geometry = info.pages[page - 1];
      const started = Date.now();
      // One page the document does not have fails alone; the others are read.
      if (!geometry) {
        yield { page, failure: `page ${page} is outside 1..${info.pageCount}`, recognizeMs: 0 };
        continue;
      }
      try {
        const read = await withSlot(slots, signal, () => recognizePage(source.file, geometry, { languages, dir, limits }, signal));
        yield {
          page,
          wordsJson: wordsJsonOf(read),
          blocksJson: blocksJsonOf(read.blocks),
          text: read.text,
          confidence: read.confidence,
          recognizeMs: Date.now() - started,
        };
      } catch (error) {
        if (signal.aborted) throw error;
        deps.log(`page ${page}: OCR failed: ${(error as Error).message}`);
        yield { page, failure: firstLineOf((error as Error).message), recognizeMs: Date.now() - started };
      } finally {
        await rm(path.join(dir, `ocr-${page}.pgm`), { force: true });
      }
    }
  } finally {
    source.release();
  }
}

function firstLineOf(message: string) {
  return (message.split("\n").find((line) => line.trim()) ?? "unknown error").slice(0, 300);
}
