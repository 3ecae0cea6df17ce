import { readdir } from "node:fs/promises";
import path from "node:path";
import { poppler } from "./poppler.ts";

export type RasterRange = { first: number; last: number; width: number };
export type RasterResult = { page: number; ppm: string } | { page: number; ppm: null; failure: string };
export type RasterOptions = { pageTimeoutMs: number; signal: AbortSignal };

/** After this many failed pages in a row the rest of the range is given up, so a document
 * whose every page hangs costs a few page time limits, not one per page. */
const MAX_CONSECUTIVE_FAILURES = 3;

/**
 * Rasterizes a page range with one pdftoppm process (one process per page costs 20–35 ms per
 * page on long documents) and yields each page as soon as it is complete, in order. pdftoppm
 * writes page n+1's file only after page n is done, so a new file marks its predecessor ready.
 *
 * A page that breaks the time limit (or dies on the memory cap) is reported as failed and the
 * range resumes after it in a fresh process, so one poisoned page never sinks the document.
 */
export async function* rasterizeRange(file: string, range: RasterRange, outDir: string, options: RasterOptions) {
  let start = range.first;
  let consecutiveFailures = 0;
  while (start <= range.last) {
    let resumeAt: number | null = null;
    for await (const result of runPdftoppm(file, { ...range, first: start }, path.join(outDir, `r${start}`), options)) {
      if ("resumeAt" in result) {
        resumeAt = result.resumeAt;
        continue;
      }
      consecutiveFailures = result.ppm ? 0 : consecutiveFailures + 1;
      yield result;
      if (consecutiveFailures >= MAX_CONSECUTIVE_FAILURES) {
        for (let page = result.page + 1; page <= range.last; page++)
          yield { page, ppm: null, failure: "given up after repeated page failures" } satisfies RasterResult;
        return;
      }
    }
    if (options.signal.aborted) throw options.signal.reason ?? new Error("aborted");
    if (resumeAt === null) return;
    start = resumeAt;
  }
}

async function* runPdftoppm(
  file: string,
  range: RasterRange,
  prefix: string,
  options: RasterOptions,
): AsyncGenerator<RasterResult | { resumeAt: number }> {
  const dir = path.dirname(prefix);
  const base = path.basename(prefix);
  const kill = new AbortController();
  let timedOut = false;
  const expire = () => {
    timedOut = true;
    kill.abort();
  };
  let watchdog = setTimeout(expire, options.pageTimeoutMs);
  const onCancel = () => kill.abort();
  options.signal.addEventListener("abort", onCancel, { once: true });

  let finished = false;
  let exitError: Error | null = null;
  let wake = () => {};
  const running = poppler
    .pdfToPpm(
      file,
      prefix,
      {
        firstPageToConvert: range.first,
        lastPageToConvert: range.last,
        scalePageToXAxis: range.width,
        scalePageToYAxis: -1,
        // -scale-to-x then means the displayed width, also on pages with /Rotate 90 or 270.
        scaleDimensionBeforeRotation: true,
        // The frame every PDF viewer shows (poppler clips the CropBox to the MediaBox); word
        // boxes (text.ts) and link rectangles (pdf.js's view) use the same one.
        cropBox: true,
      },
      { signal: kill.signal },
    )
    .catch((error: Error) => {
      exitError = error;
    })
    .finally(() => {
      finished = true;
      wake();
    });

  const files = new Map<number, string>();
  let emitted = range.first - 1;
  try {
    while (true) {
      const ended = finished;
      for (const name of await readdir(dir)) {
        if (!name.startsWith(`${base}-`) || !name.endsWith(".ppm")) continue;
        const page = Number(name.slice(base.length + 1, -4));
        if (Number.isInteger(page) && !files.has(page)) {
          files.set(page, path.join(dir, name));
          clearTimeout(watchdog);
          watchdog = setTimeout(expire, options.pageTimeoutMs);
        }
      }
      const newest = files.size ? Math.max(...files.keys()) : range.first - 1;
      // Complete: every page before the newest file, and the newest too once poppler exited
      // cleanly (after a kill or a crash its last file may be cut short).
      const readyUpTo = ended && !exitError && !kill.signal.aborted ? newest : newest - 1;
      while (emitted < readyUpTo) {
        emitted++;
        const ppm = files.get(emitted);
        yield ppm ? { page: emitted, ppm } : { page: emitted, ppm: null, failure: "poppler skipped the page" };
      }
      if (ended) break;
      // Polling, not fs.watch: pdftoppm writes each page in many chunks, and an inotify event
      // per chunk cost more than a readdir every 15 ms.
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 15);
      });
    }
    if (emitted < range.last && !options.signal.aborted) {
      // Poppler stopped inside the range: the page it was on is lost, the rest gets a new try.
      const reason = timedOut
        ? `page took longer than ${options.pageTimeoutMs} ms`
        : `poppler stopped: ${exitError ? String((exitError as Error).message).split("\n")[0] : "no output"}`;
      yield { page: emitted + 1, ppm: null, failure: reason };
      if (emitted + 2 <= range.last) yield { resumeAt: emitted + 2 };
    }
  } finally {
    clearTimeout(watchdog);
    options.signal.removeEventListener("abort", onCancel);
    if (!finished) kill.abort();
    await running;
  }
}
