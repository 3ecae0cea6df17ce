import { createId } from "@paralleldrive/cuid2";
import type { RecognizeResponse } from "@ep/proto/epaper/render/v1/render_pb";
import type { Job } from "bullmq";
import { sql } from "kysely";
import { publishToAccount } from "#app/events/publish.server";
import { RecognizeJob } from "#app/jobs/render";
import { enqueueUnlessLive, type LookupQueue } from "#app/jobs/queues.server";
import type { Database } from "#db/client";
import { createLogger } from "#app/utils/logger.server";
import { listRenderNodes, pickNode } from "./node-registry.server.ts";
import type { StoredRenditions } from "./page-store.server.ts";
import { renderClientFor } from "./render-client.server.ts";
import type { RenderDeps } from "./render-types.server.ts";

/*
 * OCR after the render (issue 47 item 2, docs/decisions/0066-ocr.md): pages whose PDF gives no
 * usable text are marked `pending` when their render or page operation ends, and a
 * `recognize-pages` job has a render node read them (Tesseract) one page at a time. Each page's
 * words, text and blocks replace its empty ones as they arrive; the card counts the pages still
 * waiting. A job that fails for good marks what is left `failed`: nothing waits for ever.
 */

const log = createLogger("worker");

/** A page with fewer letters than this in its PDF text is read by OCR (a scan, perhaps with a stamped page number). */
const MIN_LETTERS = 8;

/** A Chinese, Japanese or Korean character says as much as a short word: it counts three letters. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Letters of a text, a CJK character counting three. */
function lettersOf(text: string | null): number {
  let letters = 0;
  for (const char of text?.match(/\p{L}/gu) ?? []) letters += CJK.test(char) ? 3 : 1;
  return letters;
}

export function needsRecognition(text: string | null): boolean {
  return lettersOf(text) < MIN_LETTERS;
}

/** OCR's reading replaces the PDF's own text only when it found more (a short real text stays as the PDF has it). */
export function ocrReadsMore(pdfText: string | null, ocrText: string): boolean {
  return lettersOf(ocrText) > lettersOf(pdfText);
}

type Db = Pick<Database, "selectFrom" | "updateTable">;

/** Counts the ePaper's pages still waiting for OCR where the card reads it. */
export async function refreshOcrPending(db: Db, epaperId: string) {
  const row = await db
    .selectFrom("page")
    .select((eb) => eb.fn.countAll<number>().as("pending"))
    .where("epaperId", "=", epaperId)
    .where("ocrState", "=", "pending")
    .executeTakeFirstOrThrow();
  await db
    .updateTable("epaper")
    .set({ ocrPending: Number(row.pending) })
    .where("id", "=", epaperId)
    .execute();
  return Number(row.pending);
}

/**
 * Marks the ePaper's rendered pages without usable text for OCR (not the blank stand-ins of pages
 * that broke a limit, not pages already read); answers how many now wait. Idempotent.
 */
export async function markForRecognition(db: Db, epaperId: string): Promise<number> {
  const candidates = await db
    .selectFrom("page")
    .select(["id", "text"])
    .where("epaperId", "=", epaperId)
    .where("renderedAt", "is not", null)
    .where("ocrState", "is", null)
    .where("supervision", "!=", "high")
    .where((eb) => eb.or([eb("text", "is", null), eb(eb.fn("char_length", ["text"]), "<", 200)]))
    .execute();
  const ids = candidates.filter((page) => needsRecognition(page.text)).map((page) => page.id);
  if (ids.length) await db.updateTable("page").set({ ocrState: "pending" }).where("id", "in", ids).execute();
  return refreshOcrPending(db, epaperId);
}

/**
 * Enqueues the ePaper's OCR job unless one is alive (a finished one of its id is replaced). Best
 * effort: Redis away leaves the pages pending, and the reconciler enqueues them later.
 */
export async function enqueueRecognition(queue: LookupQueue, epaperId: string) {
  return enqueueUnlessLive(queue, RecognizeJob, { epaperId });
}

/**
 * After a commit that marked pages: the job, within a moment or not at all (the studio's producer
 * queue fails fast while Redis is away; the reconciler enqueues it then, ADR 0047).
 */
export async function enqueueRecognitionSoon(epaperId: string, queue?: LookupQueue) {
  let timer: NodeJS.Timeout | undefined;
  try {
    const adding = (async () => enqueueRecognition(queue ?? (await import("#app/jobs/producer.server")).queues.ocr, epaperId))();
    adding.catch(() => undefined);
    await Promise.race([
      adding,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("enqueue took over 2 s")), 2_000);
        timer.unref();
      }),
    ]);
  } catch (error) {
    log.warn({ err: error, epaperId }, "pages wait for OCR, their job not enqueued; the reconciler will");
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The reconciler's step for OCR (ADR 0047): an ePaper with pages waiting longer than the grace
 * and no live job gets its job again. Answers how many were enqueued.
 */
export async function requeueRecognition(deps: { db: Database; queue: LookupQueue }, graceMs: number): Promise<number> {
  const since = new Date(Date.now() - graceMs);
  const rows = await deps.db
    .selectFrom("epaper")
    .select("epaper.id")
    .where("epaper.ocrPending", ">", 0)
    .where("epaper.deletedAt", "is", null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("page")
          .select("page.id")
          .whereRef("page.epaperId", "=", "epaper.id")
          .where("page.ocrState", "=", "pending")
          .where("page.updatedAt", "<", since),
      ),
    )
    .limit(500)
    .execute();
  let enqueued = 0;
  for (const { id } of rows) if (await enqueueRecognition(deps.queue, id)) enqueued++;
  return enqueued;
}

export type RecognizeDeps = Pick<RenderDeps, "db" | "redis" | "blobs" | "signedUrl" | "token" | "log" | "noNodeTimeoutMs">;

class RecognitionStopped extends Error {
  override name = "RecognitionStopped";
}

async function isDeleted(db: Database, epaperId: string) {
  const row = await db.selectFrom("epaper").select("deletedAt").where("id", "=", epaperId).executeTakeFirst();
  return !row || row.deletedAt !== null;
}

type PendingPage = {
  id: string;
  page: number;
  sourcePage: number;
  blobPrefix: string | null;
  renditions: unknown;
  text: string | null;
  blobKey: string | null;
};

/**
 * Reads every pending page of the ePaper; answers how many were read (the worker then marks its
 * publications for republishing). Throws for the queue to retry.
 */
export async function recognizeEpaper(
  deps: RecognizeDeps,
  data: { epaperId: string },
  signal: AbortSignal,
  options: { lastAttempt: boolean },
) {
  const { db } = deps;
  const epaper = await db
    .selectFrom("epaper")
    .select(["accountId", "languageCode", "deletedAt", "sourceUploadId"])
    .where("id", "=", data.epaperId)
    .executeTakeFirst();
  if (!epaper || epaper.deletedAt) return 0;
  let read = 0;
  try {
    // Pages marked while this job ran (a page operation) are read in the same run.
    for (;;) {
      const pending = await pendingPages(db, data.epaperId, epaper.sourceUploadId);
      if (pending.length === 0) break;
      const bySource = new Map<string, PendingPage[]>();
      for (const page of pending) bySource.set(page.blobKey ?? "", [...(bySource.get(page.blobKey ?? "") ?? []), page]);
      for (const [blobKey, pages] of bySource) {
        if (!blobKey) {
          await settle(deps, data.epaperId, epaper.accountId, pages, null);
          continue;
        }
        read += await readSource(
          deps,
          { epaperId: data.epaperId, accountId: epaper.accountId, language: epaper.languageCode },
          blobKey,
          pages,
          signal,
        );
      }
    }
    return read;
  } catch (error) {
    if (error instanceof RecognitionStopped) return read;
    if (options.lastAttempt && !signal.aborted) {
      // Given up: the pages keep no text, and the card stops saying "recognising".
      await db
        .updateTable("page")
        .set({ ocrState: "failed" })
        .where("epaperId", "=", data.epaperId)
        .where("ocrState", "=", "pending")
        .execute();
      await refreshOcrPending(db, data.epaperId);
      await publishToAccount(deps.redis, epaper.accountId, { type: "refreshEpaperList" }).catch(() => undefined);
    }
    throw error;
  }
}

async function pendingPages(db: Database, epaperId: string, epaperUploadId: string | null): Promise<PendingPage[]> {
  const rows = await db
    .selectFrom("page")
    .leftJoin("upload", (join) => join.onRef("upload.id", "=", "page.sourceUploadId"))
    .select([
      "page.id",
      "page.page",
      "page.sourcePage",
      "page.blobPrefix",
      "page.renditions",
      "page.text",
      "page.sourceUploadId",
      "upload.blobKey",
    ])
    .where("page.epaperId", "=", epaperId)
    .where("page.ocrState", "=", "pending")
    .orderBy("page.page")
    .execute();
  const own = epaperUploadId
    ? await db.selectFrom("upload").select("blobKey").where("id", "=", epaperUploadId).executeTakeFirst()
    : undefined;
  return rows.map((row) => ({ ...row, blobKey: row.sourceUploadId ? row.blobKey : (own?.blobKey ?? null) }));
}

/** One source's pending pages on one node; a node that fails throws (the job retries, read pages stay read). */
async function readSource(
  deps: RecognizeDeps,
  target: { epaperId: string; accountId: string; language: string },
  blobKey: string,
  pages: PendingPage[],
  signal: AbortSignal,
): Promise<number> {
  const node = await waitForNode(deps, signal);
  const bySourcePage = new Map(pages.map((page) => [page.sourcePage, page]));
  const stream = renderClientFor(node.url, deps.token).recognize(
    { sourceUrl: await deps.signedUrl(blobKey), sourceId: blobKey, pages: [...bySourcePage.keys()], language: target.language },
    { signal },
  );
  let read = 0;
  for await (const result of stream) {
    const page = bySourcePage.get(result.page);
    if (!page) continue;
    bySourcePage.delete(result.page);
    // A deleted ePaper stops here: leaving the loop gives up the node's stream.
    if (await isDeleted(deps.db, target.epaperId)) throw new RecognitionStopped();
    read += await settle(deps, target.epaperId, target.accountId, [page], result);
  }
  // A page the node did not answer for is not asked again and again: it failed.
  if (bySourcePage.size) await settle(deps, target.epaperId, target.accountId, [...bySourcePage.values()], null);
  return read;
}

async function waitForNode(deps: RecognizeDeps, signal: AbortSignal) {
  const since = Date.now();
  for (;;) {
    const node = pickNode(await listRenderNodes(deps.redis), new Map());
    if (node) return node;
    if (Date.now() - since > (deps.noNodeTimeoutMs ?? 60_000)) throw new Error("no render node is available for OCR");
    await new Promise((resolve) => setTimeout(resolve, 500));
    signal.throwIfAborted();
  }
}

/**
 * Stores a page's OCR (or that it failed) and tells the account's browsers; answers how many
 * pages got the OCR's text. Every write is guarded by the page as the job found it (still
 * pending, same files): a page replaced or rendered again meanwhile is left alone. The OCR's
 * files get names of their own, so a write that lost never touches a file a page row names.
 */
async function settle(deps: RecognizeDeps, epaperId: string, accountId: string, pages: PendingPage[], result: RecognizeResponse | null) {
  const { db, blobs } = deps;
  let stored = 0;
  const unchanged = (page: PendingPage) =>
    db
      .updateTable("page")
      .where("id", "=", page.id)
      .where("ocrState", "=", "pending")
      .where((eb) => (page.blobPrefix === null ? eb("blobPrefix", "is", null) : eb("blobPrefix", "=", page.blobPrefix)));
  for (const page of pages) {
    if (!result || result.failure || !page.blobPrefix) {
      if (result?.failure) deps.log(`ePaper ${epaperId} page ${page.page}: OCR failed: ${result.failure}`);
      await unchanged(page).set({ ocrState: "failed", ocrConfidence: null }).execute();
      continue;
    }
    // A page whose PDF text stays (OCR read no more, a photo) is no recognised page: no confidence.
    if (!ocrReadsMore(page.text, result.text)) {
      await unchanged(page).set({ ocrState: "done", ocrConfidence: null }).execute();
      continue;
    }
    const suffix = createId();
    const files = { words: `ocr-words-${suffix}.json`, blocks: `ocr-blocks-${suffix}.json` };
    await Promise.all([
      blobs.put(`${page.blobPrefix}/${files.words}`, result.wordsJson),
      blobs.put(`${page.blobPrefix}/${files.blocks}`, result.blocksJson),
    ]);
    const updated = await unchanged(page)
      .set({
        text: result.text,
        // Only the two names change: the images the row names stay as they are.
        renditions: sql<string>`JSON_SET(renditions, '$.words', ${files.words}, '$.blocks', ${files.blocks})`,
        ocrState: "done",
        ocrConfidence: Math.round(result.confidence * 100) / 100,
      })
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) stored++;
    // The page went meanwhile (a new render, a replaced page): this write's own files go.
    else
      await Promise.all([blobs.delete(`${page.blobPrefix}/${files.words}`), blobs.delete(`${page.blobPrefix}/${files.blocks}`)]).catch(
        () => undefined,
      );
  }
  await refreshOcrPending(db, epaperId);
  await publishToAccount(deps.redis, accountId, { type: "refreshEpaperList" }).catch(() => undefined);
  return stored;
}
