import { ConnectError } from "@connectrpc/connect";
import { type RenderedPage, RenderFailureSchema } from "@ep/proto/epaper/render/v1/render_pb";
import type { Redis } from "ioredis";
import { publishToAccount } from "#app/events/publish.server";
import type { Database } from "#db/client";
import { listRenderNodes, pickNode, type RenderNode } from "./node-registry.server.ts";
import { SUPERVISION_OF } from "./page-store.server.ts";
import { renderClientFor } from "./render-client.server.ts";
import { failureOfReason } from "./render-failure.ts";
import type { OutlineEntry } from "./render-outcome.server.ts";
import { RenderCancelled, type RenderDeps, RenderRefused } from "./render-types.server.ts";

export type Supervision = (typeof SUPERVISION_OF)[keyof typeof SUPERVISION_OF];

export type DispatchProgress = {
  pageCount: number;
  downloadDone: boolean;
  splitDone: boolean;
  /** Pages stored so far, and of them the ones that broke a limit (blank stand-ins). */
  ready: number;
  failed: number;
  /** The node that delivered last (support's render process table). */
  nodeUrl: string;
};

/** What to render of one source PDF, and where each rendered page goes. */
export type DispatchWork = {
  /** The blob key of the source PDF (never rewritten, so it names the bytes for a node's cache). */
  sourceKey: string;
  /** The source's page count when known; 0 asks for page 1 first and learns the rest from `split`. */
  pageCount: number;
  /** The pages to render (default: every page of the source). */
  pages?: readonly number[];
  /** Pages already stored by an earlier attempt: never rendered again. */
  done: Map<number, Supervision>;
  downloadDone?: boolean;
  splitDone?: boolean;
  /** Ask one chunk for the PDF's outline. */
  wantOutline: boolean;
  /**
   * Stores one page. Several run at once (STORES_IN_FLIGHT per chunk), so a store's latency (an
   * object store's round trips) never holds the node's stream back. Must be idempotent (retries,
   * resumed jobs) and independent of other pages' stores.
   */
  store: (page: RenderedPage) => Promise<void>;
  /** After each step (download, split, page): called one at a time, so `ready` only ever goes up. */
  onProgress: (progress: DispatchProgress) => Promise<void>;
};

export type DispatchDeps = Pick<
  RenderDeps,
  "redis" | "signedUrl" | "token" | "settings" | "log" | "onPageStored" | "noNodeTimeoutMs" | "chunkIdleTimeoutMs"
>;

/**
 * Records one step of a dispatch where the card and support read it: the render process row and
 * a renderProgress event to the account's browsers. `pageCount` is what the card counts to (the
 * document's pages for a render, the new pages for a page operation).
 */
export async function recordProgress(
  deps: { db: Database; redis: Redis },
  target: { renderProcessId: string | null; accountId: string; epaperId: string },
  pageCount: number,
  progress: DispatchProgress,
) {
  if (target.renderProcessId)
    await deps.db
      .updateTable("renderProcess")
      .set({
        pageCount,
        pageCountReady: progress.ready,
        pagesFailed: progress.failed,
        renderserverUrl: progress.nodeUrl,
        downloadDone: progress.downloadDone,
        splitDone: progress.splitDone,
      })
      .where("id", "=", target.renderProcessId)
      .execute();
  await publishToAccount(deps.redis, target.accountId, {
    type: "renderProgress",
    epaperId: target.epaperId,
    pageCount,
    pageCountReady: progress.ready,
    downloadDone: progress.downloadDone,
    splitDone: progress.splitDone,
  });
}

// Each chunk costs a download, pdfinfo and a pdf.js parse on the node: big chunks, fewer costs.
const MAX_CHUNK = 64;
const MAX_PAGE_ATTEMPTS = 3;
const AVOID_FAILED_NODE_MS = 10_000;

/**
 * Renders pages of one PDF on the farm (ADR 0007): the pages are cut into chunks that go to the
 * least-loaded nodes as slots free up, so one document uses every node, a node that joins is
 * used at once, and a node that dies only costs its unfinished chunk, which goes to another
 * node. Each page is handed to `work.store` as it arrives. The render of an ePaper and the page
 * operations (insert, replace) both run through here.
 *
 * Returns the outline when it was asked for; throws RenderRefused (the document itself is the
 * problem), RenderCancelled (the signal), or another error for the queue to retry.
 */
/** Progress records (row update and event) at most this often while pages arrive. */
const PROGRESS_INTERVAL_MS = 250;
/** Pages of one chunk stored at once while its stream goes on (bounds the memory they hold). */
const STORES_IN_FLIGHT = 8;

export async function dispatchPages(deps: DispatchDeps, work: DispatchWork, signal: AbortSignal): Promise<OutlineEntry[] | null> {
  const done = work.done;
  const progress = { pageCount: work.pageCount, downloadDone: work.downloadDone ?? false, splitDone: work.splitDone ?? false };
  const wanted = work.pages ? new Set(work.pages) : null;
  let outline: OutlineEntry[] | null = null;
  let outlineAsked = !work.wantOutline;
  let pending: number[] = [];
  const setPending = (pages: Iterable<number>) => {
    pending = [...new Set(pages)].filter((page) => !done.has(page) && (!wanted || wanted.has(page))).sort((a, b) => a - b);
  };
  // Unknown page count: the first chunk asks for page 1 and learns the rest from `split`.
  setPending(work.pages ?? (progress.pageCount > 0 ? range(1, progress.pageCount) : [1]));

  const stop = new AbortController();
  const onAbort = () => stop.abort(signal.reason);
  signal.addEventListener("abort", onAbort, { once: true });
  const assigned = new Map<string, number>();
  const avoidUntil = new Map<string, number>();
  const attempts = new Map<number, number>();
  const active = new Set<Promise<void>>();
  let fatal: unknown = null;
  let wake: () => void = () => {};
  const woken = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
    });

  // Progress events run one at a time, so pageCountReady only ever goes up.
  let serial: Promise<unknown> = Promise.resolve();
  const inOrder = <T>(work: () => Promise<T>) => {
    const next = serial.then(work);
    serial = next.catch(() => {});
    return next;
  };
  // At most one progress record every PROGRESS_INTERVAL_MS (a row update and an event each); the
  // first page and the last state always go out at once.
  let publishedAt = 0;
  let trailing: NodeJS.Timeout | null = null;
  let lastNodeUrl = "";
  const publishNow = async (nodeUrl: string) => {
    if (trailing) clearTimeout(trailing);
    trailing = null;
    publishedAt = Date.now();
    const failed = [...done.values()].filter((supervision) => supervision === "high").length;
    await work.onProgress({ ...progress, ready: done.size, failed, nodeUrl });
  };
  const publishProgress = async (nodeUrl: string) => {
    lastNodeUrl = nodeUrl;
    const wait = publishedAt + PROGRESS_INTERVAL_MS - Date.now();
    if (wait <= 0 || done.size <= 1) return publishNow(nodeUrl);
    trailing ??= setTimeout(() => void inOrder(() => publishNow(lastNodeUrl)).catch(() => {}), wait);
  };

  const runChunk = async (node: RenderNode, pages: number[]) => {
    const outstanding = new Set(pages);
    // Pages being stored while the stream goes on; the first failure ends the chunk like a node failure.
    const storing = new Set<Promise<void>>();
    // (Set in callbacks: the cast keeps the compiler from taking it for null forever.)
    let storeFailure = null as { error: unknown } | null;
    const chunk = new AbortController();
    const onStop = () => chunk.abort(stop.signal.reason);
    stop.signal.addEventListener("abort", onStop, { once: true });
    const idleMs = deps.chunkIdleTimeoutMs ?? 120_000;
    let idle = setTimeout(() => chunk.abort(new Error(`node ${node.url} sent nothing for ${idleMs} ms`)), idleMs);
    const alive = () => {
      clearTimeout(idle);
      idle = setTimeout(() => chunk.abort(new Error(`node ${node.url} sent nothing for ${idleMs} ms`)), idleMs);
    };
    assigned.set(node.id, (assigned.get(node.id) ?? 0) + 1);
    // One chunk per document brings the outline; if it fails first, the next one asks again.
    const wantOutline = !outlineAsked && outline === null;
    if (wantOutline) outlineAsked = true;
    try {
      const client = renderClientFor(node.url, deps.token);
      const stream = client.renderDocument(
        {
          sourceUrl: await deps.signedUrl(work.sourceKey),
          sourceId: work.sourceKey,
          firstPage: pages[0],
          lastPage: pages.at(-1),
          widths: deps.settings.widths,
          thumbnailWidth: deps.settings.thumbnailWidth,
          webpQuality: deps.settings.quality,
          webpEffort: deps.settings.effort,
          includeOutline: wantOutline,
        },
        { signal: chunk.signal },
      );
      for await (const response of stream) {
        alive();
        const event = response.event;
        if (event.case === "downloaded" && !progress.downloadDone) {
          progress.downloadDone = true;
          await inOrder(() => publishProgress(node.url));
        } else if (event.case === "split") {
          if (progress.pageCount === 0) {
            progress.pageCount = event.value.pageCount;
            setPending([...pending, ...range(1, progress.pageCount).filter((page) => !outstanding.has(page))]);
            wake();
          }
          if (!progress.splitDone) {
            progress.splitDone = true;
            await inOrder(() => publishProgress(node.url));
          }
        } else if (event.case === "outline") {
          outline = event.value.items.map((item) => ({ title: item.title, page: item.page, level: item.level }));
        } else if (event.case === "page") {
          const page: RenderedPage = event.value;
          const number = page.info?.page ?? 0;
          if (!outstanding.has(number)) continue;
          const stored: Promise<void> = work
            .store(page)
            .then(() =>
              inOrder(async () => {
                done.set(number, SUPERVISION_OF[page.supervision]);
                await publishProgress(node.url);
              }),
            )
            .then(
              () => {
                outstanding.delete(number);
                deps.onPageStored?.(page.renderMs);
              },
              (error: unknown) => {
                storeFailure ??= { error };
              },
            )
            .finally(() => storing.delete(stored));
          storing.add(stored);
          if (storing.size >= STORES_IN_FLIGHT) await Promise.race(storing);
          if (storeFailure) throw storeFailure.error;
        }
      }
      await Promise.all(storing);
      if (storeFailure) throw storeFailure.error;
      if (outstanding.size) throw new Error(`node ${node.url} ended the stream without pages ${[...outstanding].join(", ")}`);
    } catch (error) {
      // Stores in flight finish first: nothing is written after the dispatch ended (a cancel's
      // clean-up runs after it), and a page stored meanwhile does not move to another node.
      await Promise.allSettled(storing);
      if (wantOutline && outline === null) outlineAsked = false;
      if (stop.signal.aborted) return;
      const reason = ConnectError.from(error).findDetails(RenderFailureSchema)[0];
      const failure = reason ? failureOfReason(reason.reason) : null;
      if (failure) {
        fatal = new RenderRefused(failure, reason?.detail ?? failure);
        stop.abort(fatal);
        return;
      }
      // The node failed (died, timed out, restarted): its unfinished pages go to another node.
      deps.log(`chunk ${pages[0]}-${pages.at(-1)} on ${node.url} failed, ${outstanding.size} page(s) move: ${(error as Error).message}`);
      avoidUntil.set(node.id, Date.now() + AVOID_FAILED_NODE_MS);
      for (const page of outstanding) {
        const count = (attempts.get(page) ?? 0) + 1;
        attempts.set(page, count);
        if (count >= MAX_PAGE_ATTEMPTS && !fatal) {
          fatal = new Error(`page ${page} failed on ${count} render attempts: ${(error as Error).message}`);
          stop.abort(fatal);
        }
      }
      setPending([...pending, ...outstanding]);
    } finally {
      clearTimeout(idle);
      stop.signal.removeEventListener("abort", onStop);
      assigned.set(node.id, (assigned.get(node.id) ?? 1) - 1);
      wake();
    }
  };

  let nodes: RenderNode[] = [];
  let nodesReadAt = 0;
  let waitingSince: number | null = null;
  try {
    while (!fatal && !signal.aborted) {
      if (pending.length === 0 && active.size === 0) break;
      if (Date.now() - nodesReadAt > 1_000) {
        nodes = await listRenderNodes(deps.redis);
        nodesReadAt = Date.now();
      }
      const now = Date.now();
      const avoid = new Set([...avoidUntil].filter(([, until]) => until > now).map(([id]) => id));
      const usable = nodes.filter((node) => !node.draining && !avoid.has(node.id));
      // One chunk per slot of the farm; with only failed nodes left, try them again.
      const slots = usable.reduce((sum, node) => sum + node.capacity, 0);
      // Until the first page is stored, it runs alone: nothing competes with what the user sees first.
      const limit = done.size === 0 ? 1 : Math.max(slots, 1);
      while (pending.length && active.size < limit && (progress.pageCount > 0 || active.size === 0)) {
        const node = pickNode(nodes, assigned, avoid) ?? pickNode(nodes, assigned);
        if (!node) break;
        const pages = takeChunk(pending, slots, done.size === 0 && active.size === 0);
        pending = pending.slice(pages.length);
        const run = runChunk(node, pages).finally(() => active.delete(run));
        active.add(run);
      }
      if (active.size === 0 && pending.length) {
        waitingSince ??= Date.now();
        if (Date.now() - waitingSince > (deps.noNodeTimeoutMs ?? 60_000)) throw new Error("no render node is available");
        await sleep(500);
        nodesReadAt = 0;
        continue;
      }
      waitingSince = null;
      await Promise.race([woken(), sleep(1_000)]);
    }
  } finally {
    signal.removeEventListener("abort", onAbort);
    if (fatal || signal.aborted) stop.abort(fatal ?? signal.reason);
    await Promise.allSettled([...active]);
    await serial;
    // The last state is recorded before the caller records the end (a pending trailing one goes now).
    if (trailing && !fatal && !signal.aborted) await inOrder(() => publishNow(lastNodeUrl));
    if (trailing) clearTimeout(trailing);
  }
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new RenderCancelled("cancelled");
  if (fatal) throw fatal;
  return outline;
}

/**
 * The next pages to send: contiguous, and smaller as the document nears its end so every
 * node finishes at about the same time (guided self-scheduling). The very first chunk is one
 * page, so the first page shows as soon as possible.
 */
export function takeChunk(pending: number[], slots: number, first: boolean) {
  const size = first ? 1 : Math.min(MAX_CHUNK, Math.max(1, Math.ceil(pending.length / (2 * Math.max(1, slots)))));
  const pages: number[] = [];
  for (const page of pending) {
    if (pages.length >= size || (pages.length && page !== (pages.at(-1) as number) + 1)) break;
    pages.push(page);
  }
  return pages;
}

function range(from: number, to: number) {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
}

function sleep(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
}
