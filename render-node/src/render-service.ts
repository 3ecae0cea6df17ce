import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError, type HandlerContext, type ServiceImpl } from "@connectrpc/connect";
import {
  Reason,
  type RenderDocumentRequest,
  type RenderDocumentResponseSchema,
  RenderedPageSchema,
  type RenderService,
  Supervision,
} from "@ep/proto/epaper/render/v1/render_pb";
import { type EncodeOptions, encodePage, encodePixels, placeholderPage } from "./encode.ts";
import { Channel } from "./channel.ts";
import type { RenderNodeEnv } from "./env.ts";
import type { NodeMetrics } from "./metrics.ts";
import { planRanges } from "./plan.ts";
import { type DocumentInfo, poppler, readDeclaredImagePixels, readDocumentInfo } from "./poppler.ts";
import { refuse } from "./refusal.ts";
import { rasterizeRange } from "./rasterize.ts";
import { type Slots, withSlot } from "./slots.ts";
import type { Source, SourceCache } from "./source-cache.ts";
import type { DocumentStructure, StructureReader } from "./structure.ts";
import { blocksJsonOf } from "./blocks.ts";
import { extractText, type PageText, wordsJsonOf } from "./text.ts";
import { recognizePages } from "./recognize.ts";
import { streamInWorkspace, withWorkspace } from "./workspace.ts";

export type RenderServiceDeps = {
  env: RenderNodeEnv;
  sources: SourceCache;
  slots: Slots;
  structure: StructureReader;
  metrics: NodeMetrics;
  log: (message: string) => void;
  /** One structured line per call (its start and its end), with the caller's request id (ADR 0046). */
  callLog?: (fields: Record<string, unknown>, message: string) => void;
};

/** The request id the worker or studio sent along (gRPC metadata), if any. */
const requestIdOf = (context: HandlerContext) => context.requestHeader.get("x-request-id") ?? undefined;

type Event = MessageInitShape<typeof RenderDocumentResponseSchema>;

export function createRenderService(deps: RenderServiceDeps): ServiceImpl<typeof RenderService> {
  const { env, slots } = deps;
  const INFO_TIMEOUT_MS = env.RENDER_INFO_TIMEOUT_S * 1000;

  /** Downloads the source (or reuses it, see SourceCache) and opens it once with pdfinfo. */
  async function openSource(request: { sourceUrl: string; sourceId: string }, dir: string, signal: AbortSignal) {
    const source = await deps.sources.acquire(request.sourceId, request.sourceUrl, dir, signal);
    try {
      const info = await source.info(() => withSlot(slots, signal, () => readDocumentInfo(source.file, signal, INFO_TIMEOUT_MS)));
      return { source, info };
    } catch (error) {
      source.release();
      throw error;
    }
  }

  /** Outline and links are extras: when pdf.js cannot read them, the pages still render. */
  async function readStructure(
    source: Source,
    task: { first: number; last: number; includeOutline: boolean; includeLinks: boolean },
    signal: AbortSignal,
  ): Promise<DocumentStructure | null> {
    const pages = task.includeLinks ? task.last - task.first + 1 : 0;
    try {
      return await deps.structure.read(
        { file: source.file, cacheKey: source.cacheKey, ...task },
        { timeoutMs: 15_000 + pages * 500, signal },
      );
    } catch (error) {
      if (signal.aborted) throw error;
      deps.log(`structure skipped: ${(error as Error).message}`);
      return null;
    }
  }

  return {
    async analyze(request, context) {
      deps.callLog?.({ call: "analyze", requestId: requestIdOf(context), sourceId: request.sourceId }, "call");
      return withWorkspace(env.tmpDir, async (dir) => {
        const { source, info } = await openSource(request, dir, context.signal);
        try {
          const [structure, declared] = await Promise.all([
            readStructure(
              source,
              { first: 1, last: info.pageCount, includeOutline: true, includeLinks: request.includeLinks },
              context.signal,
            ),
            readDeclaredImagePixels(source.file, context.signal, INFO_TIMEOUT_MS),
          ]);
          // Every page declares an image the node cannot decode within its limits: no page would
          // render, so the upload is refused now, not after minutes of rendering (issue 46).
          const oversized = [...(declared ?? new Map<number, number>()).entries()].filter(
            ([, pixels]) => pixels > env.RENDER_MAX_IMAGE_PIXELS,
          );
          if (oversized.length === info.pageCount)
            throw refuse(Reason.TOO_COMPLEX, `every page declares an image over ${env.RENDER_MAX_IMAGE_PIXELS} pixels`);
          return {
            pageCount: info.pageCount,
            pages: info.pages,
            encryption: info.encryption,
            outline: structure?.outline ?? [],
            links: structure?.links ?? [],
            sizeBytes: BigInt(source.size),
            title: info.title,
          };
        } finally {
          source.release();
        }
      });
    },

    renderDocument(request, context) {
      const options = renderOptions(request);
      const fields = {
        call: "renderDocument",
        requestId: requestIdOf(context),
        sourceId: request.sourceId,
        pages: `${request.firstPage ?? 1}-${request.lastPage ?? "end"}`,
      };
      deps.callLog?.(fields, "render started");
      const started = Date.now();
      const stream = streamInWorkspace(env.tmpDir, (dir) => renderInto(dir, request, options, context), context.signal);
      return (async function* () {
        try {
          yield* stream;
          deps.callLog?.({ ...fields, ms: Date.now() - started }, "render done");
        } catch (error) {
          deps.callLog?.({ ...fields, ms: Date.now() - started, error: (error as Error).message }, "render ended early");
          throw error;
        }
      })();
    },

    splitDocument(request, context) {
      deps.callLog?.({ call: "splitDocument", requestId: requestIdOf(context), sourceId: request.sourceId }, "call");
      return streamInWorkspace(
        env.tmpDir,
        async function* (dir) {
          const { source, info } = await openSource(request, dir, context.signal);
          try {
            const wanted = request.pages.length ? [...new Set(request.pages)].sort((a, b) => a - b) : info.pages.map((p) => p.page);
            for (const page of wanted) {
              if (page < 1 || page > info.pageCount)
                throw new ConnectError(`page ${page} is outside 1..${info.pageCount}`, Code.InvalidArgument);
              const target = path.join(dir, `page-${page}.pdf`);
              await withSlot(slots, context.signal, () =>
                poppler.pdfSeparate(source.file, target, { firstPageToExtract: page, lastPageToExtract: page }, { signal: context.signal }),
              );
              yield { page, pdf: await readFile(target) };
              await rm(target, { force: true });
            }
          } finally {
            source.release();
          }
        },
        context.signal,
      );
    },

    recognize(request, context) {
      const fields = { call: "recognize", requestId: requestIdOf(context), sourceId: request.sourceId, pages: request.pages.length };
      deps.callLog?.(fields, "call");
      return streamInWorkspace(
        env.tmpDir,
        (dir) => recognizePages({ env, slots, log: deps.log, open: openSource }, dir, request, context.signal),
        context.signal,
      );
    },
  };

  async function* renderInto(
    dir: string,
    request: RenderDocumentRequest,
    options: EncodeOptions,
    context: HandlerContext,
  ): AsyncGenerator<Event> {
    const { signal } = context;
    const source = await deps.sources.acquire(request.sourceId, request.sourceUrl, dir, signal);
    try {
      yield* renderSource(source, dir, request, options, signal);
    } finally {
      source.release();
    }
  }

  async function* renderSource(
    source: Source,
    dir: string,
    request: RenderDocumentRequest,
    options: EncodeOptions,
    signal: AbortSignal,
  ): AsyncGenerator<Event> {
    const file = source.file;
    yield { event: { case: "downloaded", value: { sizeBytes: BigInt(source.size) } } };

    const info = await source.info(() => withSlot(slots, signal, () => readDocumentInfo(file, signal, INFO_TIMEOUT_MS)));
    yield { event: { case: "split", value: { pageCount: info.pageCount, pages: info.pages, encryption: info.encryption } } };

    const first = Math.max(1, request.firstPage || 1);
    const last = Math.min(info.pageCount, request.lastPage || info.pageCount);
    if (first > last) throw new ConnectError(`pages ${first}..${last} are outside 1..${info.pageCount}`, Code.InvalidArgument);

    // Parts share one signal: the first failure, or the caller going away, stops them all.
    const stop = new AbortController();
    const onCallerGone = () => stop.abort(signal.reason);
    signal.addEventListener("abort", onCallerGone, { once: true });
    const channel = new Channel<Event>();
    // Split only over the slots free right now: a caller that sends one chunk per slot (the
    // worker does) gets one process per chunk instead of more processes than cores.
    const parts = planRanges(
      info.pages,
      { first, last },
      {
        capacity: Math.max(1, slots.capacity - slots.inFlight),
        width: options.widths[0] ?? 0,
        maxPixels: env.RENDER_MAX_PIXELS,
      },
    );
    const work: Promise<void>[] = parts.map((runs) =>
      renderPart(source, dir, runs, info, options, stop.signal, (page) => channel.push({ event: { case: "page", value: page } })),
    );
    if (request.includeOutline) {
      work.push(
        readStructure(source, { first, last, includeOutline: true, includeLinks: false }, stop.signal).then((structure) => {
          channel.push({ event: { case: "outline", value: { items: structure?.outline ?? [] } } });
        }),
      );
    }
    Promise.all(work).then(
      () => channel.close(),
      (error) => {
        stop.abort(error);
        channel.close(error);
      },
    );
    try {
      yield* channel;
    } finally {
      // Ended early (cancelled or failed): no poppler may outlive the call or its folder.
      stop.abort();
      signal.removeEventListener("abort", onCallerGone);
      await Promise.allSettled(work);
    }
  }

  async function renderPart(
    source: Source,
    dir: string,
    runs: { first: number; last: number; width: number }[],
    info: DocumentInfo,
    options: EncodeOptions,
    signal: AbortSignal,
    emit: (page: MessageInitShape<typeof RenderedPageSchema>) => void,
  ) {
    const file = source.file;
    const release = await slots.acquire(signal);
    try {
      const first = runs[0]?.first ?? 1;
      const last = runs.at(-1)?.last ?? first;
      const displayed = (page: number) => info.pages[page - 1] ?? { widthPt: 0, heightPt: 0 };
      // Text and links are read while poppler rasterizes; each page waits for them before it goes out.
      const text = extractText(file, { first, last }, displayed, signal).catch((error) => {
        if (signal.aborted) throw error;
        deps.log(`text skipped for pages ${first}-${last}: ${(error as Error).message}`);
        return null;
      });
      const structure = readStructure(source, { first, last, includeOutline: false, includeLinks: true }, signal);
      // After a cancel the loop below stops before awaiting these; their rejection is expected.
      text.catch(() => {});
      structure.catch(() => {});
      const outDir = await freshDir(dir, `p${first}`);
      for (const run of runs) {
        let pageStarted = performance.now();
        for await (const result of rasterizeRange(file, run, outDir, {
          pageTimeoutMs: env.RENDER_PAGE_TIMEOUT_S * 1000,
          signal,
        })) {
          const geometry = info.pages[result.page - 1];
          const texts = await text;
          const links = (await structure)?.links.find((entry) => entry.page === result.page)?.links ?? [];
          const pageText: PageText | undefined = texts?.get(result.page);
          let supervision = Supervision.NONE;
          let images: Awaited<ReturnType<typeof encodePage>>;
          if (result.ppm) {
            try {
              images = await encodePage(result.ppm, options);
              if (run.width < (options.widths[0] ?? 0) || texts === null) supervision = Supervision.LOW;
              if (images.blank && pageText?.text.trim()) {
                // Text that draws nothing: fonts poppler could not find, map or load (issue 15 §0c).
                // pdf.js substitutes a font it cannot load; its drawing replaces the blank one when
                // it shows something (issue 46). Otherwise the page stays (its text layer and search
                // work) and is named as a page to check.
                const second = await secondRendering(source, result.page, run.width, options, signal);
                if (second && !second.blank) {
                  deps.log(`page ${result.page} rendered blank by poppler although it has text: drawn by pdf.js`);
                  images = second;
                } else {
                  deps.log(`page ${result.page} renders blank although it has text: fonts missing? supervised`);
                  supervision = Supervision.LOW;
                }
              }
            } catch (error) {
              // A cancelled call's folder is gone (streamInWorkspace): no placeholder, no supervised page.
              if (signal.aborted) throw signal.reason;
              deps.log(`page ${result.page} could not be encoded: ${(error as Error).message}`);
              images = await placeholderPage(aspectOf(geometry), options);
              supervision = Supervision.HIGH;
            } finally {
              await rm(result.ppm, { force: true });
            }
          } else {
            deps.log(`page ${result.page} replaced by a blank page: ${"failure" in result ? result.failure : ""}`);
            images = await placeholderPage(aspectOf(geometry), options);
            supervision = Supervision.HIGH;
          }
          const renderMs = performance.now() - pageStarted;
          pageStarted = performance.now();
          deps.metrics.pageRendered(renderMs / 1000, supervision);
          emit(
            create(RenderedPageSchema, {
              info: geometry ?? { page: result.page },
              renditions: images.renditions,
              thumbnail: images.thumbnail,
              wordsJson: wordsJsonOf(pageText),
              blocksJson: blocksJsonOf(pageText?.blocks),
              links: links.map((link) => ({
                rect: link.rect,
                target: link.uri ? { case: "uri" as const, value: link.uri } : { case: "page" as const, value: link.page ?? 1 },
              })),
              text: pageText?.text ?? "",
              supervision,
              renderMs,
            }),
          );
        }
      }
    } finally {
      release();
    }
  }

  /** The page drawn by pdf.js (structure.ts), encoded like poppler's; null when pdf.js could not draw it in time. */
  async function secondRendering(source: Source, page: number, width: number, options: EncodeOptions, signal: AbortSignal) {
    try {
      const image = await deps.structure.renderPage(
        { file: source.file, cacheKey: source.cacheKey, page, width },
        { timeoutMs: env.RENDER_PAGE_TIMEOUT_S * 1000, signal },
      );
      return await encodePixels(image, options);
    } catch (error) {
      if (signal.aborted) throw error;
      deps.log(`page ${page}: the second renderer failed: ${(error as Error).message}`);
      return null;
    }
  }
}

function renderOptions(request: RenderDocumentRequest): EncodeOptions {
  const widths = [...new Set(request.widths)].filter((w) => w >= 16 && w <= 4096).sort((a, b) => b - a);
  if (widths.length === 0) throw new ConnectError("widths must hold at least one value between 16 and 4096", Code.InvalidArgument);
  return {
    widths,
    thumbnailWidth: clampInt(request.thumbnailWidth || 200, 16, 1024),
    quality: clampInt(request.webpQuality || 80, 1, 100),
    effort: clampInt(request.webpEffort, 0, 6),
  };
}

function clampInt(value: number, min: number, max: number) {
  return Math.min(max, Math.max(min, Math.round(value)));
}

function aspectOf(page: { widthPt: number; heightPt: number } | undefined) {
  return page && page.widthPt > 0 && page.heightPt > 0 ? page.heightPt / page.widthPt : Math.SQRT2;
}

async function freshDir(parent: string, name: string) {
  const dir = path.join(parent, name);
  await mkdir(dir, { recursive: true });
  return dir;
}
