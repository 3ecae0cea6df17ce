import { Readable, Transform } from "node:stream";
import { cleanFileName, type InspectedPdf, inspectedPdf, looksLikePdf, notAPdf, pdfInspector } from "./pdf-inspection.server.ts";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { Code, ConnectError } from "@connectrpc/connect";
import { createId } from "@paralleldrive/cuid2";
import busboy from "busboy";
import type { StudioUser } from "#app/auth/studio-user.server";
import type { BlobStore } from "#app/blob/blob-store.server";
import { blobSourceUrl } from "#app/blob/source-url.server";
import type { Env } from "#app/utils/env.server";
import { type Analysis, analyzeBlob } from "#app/render/analyze.server";
import { listRenderNodes, pickNode, type RenderNode } from "#app/render/node-registry.server";
import { RenderRefused, type RenderDeps } from "#app/render/render-types.server";
import { AppError } from "#app/errors/app-error";
import { requirePermission } from "#app/rules/permissions";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import {
  GENERATED_ACCOUNT_EPAPER_LIMIT,
  GENERATED_UPLOAD_COOLDOWN_MS,
  UPLOAD_FILE_FIELD,
  UPLOAD_TTL_MS,
  type UploadLimits,
  type UploadPdfSuccess,
  UPLOAD_MULTIPART_OVERHEAD_BYTES,
  uploadBodyLimitBytes,
} from "#app/rules/upload-contract";

/**
 * Step 1 of the main job (architecture.md): the PDF arrives as multipart at /upload-pdf, streams
 * into the blob store (never whole into memory), is checked by its content, analysed by a render
 * node, and becomes an `upload` row that /epaper/create turns into an ePaper within a day.
 * Every refusal removes what was stored: no blob, no row. Decisions: docs/decisions/0018-upload.md.
 */

export type UploadConfig = {
  /** The largest file accepted, in bytes (UPLOAD_MAX_MB). */
  maxBytes: number;
  /** The most pages a PDF may have (UPLOAD_MAX_PAGES). */
  maxPages: number;
};

export type UploadDeps = {
  db: Database;
  blobs: BlobStore;
  /** The render farm's registry and the signed source URL nodes download the upload from. */
  render: Pick<RenderDeps, "redis" | "signedUrl" | "token">;
  config: UploadConfig;
  now?: () => Date;
};

/** Signed source URLs for the analysis: a node downloads the upload at once. */
const ANALYZE_URL_TTL_MS = 5 * 60_000;

/** The upload's dependencies from the validated settings (the PDF upload routes). */
export function uploadDepsFromEnv(
  env: Pick<Env, "WORKER_URL" | "SESSION_SECRET" | "RENDER_NODE_TOKEN" | "UPLOAD_MAX_MB" | "UPLOAD_MAX_PAGES">,
  services: { db: Database; blobs: BlobStore; redis: RenderDeps["redis"] },
): UploadDeps {
  return {
    db: services.db,
    blobs: services.blobs,
    render: {
      redis: services.redis,
      // The store's presigned URL, or the worker's signed URL over the folder (ADR 0007, 0045).
      signedUrl: (key) => blobSourceUrl(services.blobs, { url: env.WORKER_URL, secret: env.SESSION_SECRET }, key, ANALYZE_URL_TTL_MS),
      token: env.RENDER_NODE_TOKEN,
    },
    config: { maxBytes: env.UPLOAD_MAX_MB * 1024 * 1024, maxPages: env.UPLOAD_MAX_PAGES },
  };
}

const MB = 1024 * 1024;
/** Besides the file, a multipart body carries boundaries, part headers and small fields. */
const MULTIPART_OVERHEAD_BYTES = UPLOAD_MULTIPART_OVERHEAD_BYTES;

/** The largest upload body: the file's limit plus the multipart framing around it. */
export function uploadBodyLimit(config: UploadConfig) {
  return uploadBodyLimitBytes(config.maxBytes);
}

/**
 * After a refusal the rest of the body is still read (and thrown away), up to this many bytes in
 * all: a client that is still sending when the server answers and closes gets a reset instead of
 * the answer. Beyond it the connection is cut; the upload card checks the size first (GET limits).
 */
export function bodyReadLimit(config: UploadConfig) {
  return 2 * config.maxBytes + MULTIPART_OVERHEAD_BYTES;
}

/**
 * Reads and discards a request body nobody is going to use (a refusal before the upload was
 * read), so the client receives the answer; stops at `limit` bytes.
 */
export async function discardBody(request: Request, limit: number) {
  if (!request.body || request.bodyUsed || request.body.locked) return;
  const reader = request.body.getReader();
  let read = 0;
  try {
    while (read <= limit) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to discard.
  }
}

/** The blob key of an upload's source PDF. */
export function uploadBlobKey(uploadId: string) {
  return `uploads/${uploadId}.pdf`;
}

/** The client went away during the upload: nothing is kept, and nobody reads an answer. */
export class UploadAborted extends Error {
  override readonly name = "UploadAborted";
}

export const tooLarge = (config: UploadConfig) =>
  new AppError("upload.errors.fileUploadExceeded", { status: 413, params: { size: Math.round(config.maxBytes / MB) } });

/** Seconds a generated user still waits before the next upload (0: may upload now). */
export function remainingCooldownSeconds(documentUploadedAt: Date | null, now: Date): number {
  if (!documentUploadedAt) return 0;
  const left = documentUploadedAt.getTime() + GENERATED_UPLOAD_COOLDOWN_MS - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

function cooldownError(seconds: number) {
  return new AppError("upload.errors.cooldown", { status: 429, params: { seconds }, headers: { "Retry-After": String(seconds) } });
}

/** What the upload card may show before sending anything (GET /upload-pdf). */
export function uploadLimitsFor(user: StudioUser["user"], config: UploadConfig, now = new Date()): UploadLimits {
  return {
    maxSizeMb: Math.round(config.maxBytes / MB),
    maxPages: config.maxPages,
    cooldownSeconds: user.isGenerated ? GENERATED_UPLOAD_COOLDOWN_MS / 1000 : 0,
    remainingCooldownSeconds: user.isGenerated ? remainingCooldownSeconds(user.documentUploadedAt, now) : 0,
  };
}

/** ePapers a generated account has created, deleted ones included (ADR 0018: deleting gives no try back). */
export async function generatedAccountEpaperLimitReached(db: Database, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom("epaper")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("accountId", "=", accountId)
    .executeTakeFirstOrThrow();
  return Number(row.count) >= GENERATED_ACCOUNT_EPAPER_LIMIT;
}

export function epaperLimitReachedError() {
  return new AppError("upload.errors.epaperLimitReached", { status: 429, params: { max: GENERATED_ACCOUNT_EPAPER_LIMIT } });
}

/**
 * Who uploads: a studio user, or an API key of the account (issue 32), which is no user: its
 * upload and ePaper name no user, and the try-it cooldown (a generated user's) never applies.
 */
export type Uploader = {
  subject: StudioUser["subject"];
  user: Pick<StudioUser["user"], "accountId" | "isGenerated" | "documentUploadedAt" | "accountIsGenerated"> & { id: string | null };
};

/**
 * POST /upload-pdf for a signed-in user. Cheap refusals come before a byte is read: permission,
 * the generated user's cooldown, the try-it ePaper limit, no render node. Then the body streams
 * to `uploads/<id>.pdf`; a refusal on the way (too large, not a PDF, a second file) or from the
 * render node (password, damaged, too large), too many pages, or the client leaving deletes the
 * blob and writes no row.
 */
export async function receiveUpload(
  deps: UploadDeps,
  studio: Uploader,
  request: Request,
  purpose: UploadPurpose = { kind: "epaper" },
): Promise<StoredUpload> {
  return acceptUpload(deps, studio, purpose, request.signal, (target) => receivePdf(request, target));
}

/**
 * The upload's steps around storing the PDF, for every way it arrives (a multipart body here, an
 * address the public API imports from, upload-import.server.ts): the cheap refusals first, then
 * `store` writes the PDF under its key, the render node analyses it, and the row is written. Any
 * refusal, or `signal` ending, deletes the blob and writes no row.
 */
export async function acceptUpload(
  deps: UploadDeps,
  studio: Uploader,
  purpose: UploadPurpose,
  signal: AbortSignal,
  store: (target: { blobs: BlobStore; key: string; config: UploadConfig }) => Promise<Received>,
): Promise<StoredUpload> {
  const now = deps.now ?? (() => new Date());
  const { user } = studio;
  if (purpose.kind === "epaper") {
    requirePermission(studio.subject, "upload");
    if (user.isGenerated) {
      const seconds = remainingCooldownSeconds(user.documentUploadedAt, now());
      if (seconds > 0) throw cooldownError(seconds);
    }
    if (user.accountIsGenerated && (await generatedAccountEpaperLimitReached(deps.db, user.accountId))) throw epaperLimitReachedError();
  } else {
    await purpose.check();
  }
  // Picked before the body is read: without a node the upload is refused before it costs anything.
  const node = pickNode(await listRenderNodes(deps.render.redis), new Map());
  if (!node) throw noRenderNode();

  const id = createId();
  const key = uploadBlobKey(id);
  try {
    const received = await store({ blobs: deps.blobs, key, config: deps.config });
    const analysis = await analyze(deps, key, node, signal);
    if (analysis.pageCount < 1) throw new AppError("render.errors.pdfDamaged", { status: 422, detail: "the PDF has no pages" });
    if (purpose.kind !== "epaper" && purpose.maxPages !== undefined && analysis.pageCount > purpose.maxPages) {
      throw new AppError("pageStructure.errors.tooManyPages", { status: 422, params: { max: purpose.maxPages } });
    }
    if (analysis.pageCount > deps.config.maxPages) {
      throw new AppError("upload.errors.tooManyPages", { status: 422, params: { max: deps.config.maxPages } });
    }
    const at = now();
    await retryTransaction(deps.db, async (trx) => {
      if (user.isGenerated && purpose.kind === "epaper") {
        // The cooldown is claimed with the row: of two uploads finishing together, one wins.
        const claimed = await trx
          .updateTable("user")
          .set({ documentUploadedAt: at })
          .where("id", "=", user.id ?? "")
          .where((eb) =>
            eb.or([
              eb("documentUploadedAt", "is", null),
              eb("documentUploadedAt", "<=", new Date(at.getTime() - GENERATED_UPLOAD_COOLDOWN_MS)),
            ]),
          )
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) {
          const row = await trx
            .selectFrom("user")
            .select("documentUploadedAt")
            .where("id", "=", user.id ?? "")
            .executeTakeFirst();
          throw cooldownError(Math.max(1, remainingCooldownSeconds(row?.documentUploadedAt ?? at, at)));
        }
      }
      await trx
        .insertInto("upload")
        .values({
          id,
          accountId: user.accountId,
          userId: user.id,
          purpose: purpose.kind,
          blobKey: key,
          originalName: received.fileName,
          sizeInByte: received.size,
          numPages: analysis.pageCount,
          analysis: JSON.stringify(analysis),
          expiresAt: new Date(at.getTime() + UPLOAD_TTL_MS),
        })
        .execute();
      // Gone while we analysed: roll back rather than keep an upload nobody will use.
      if (signal.aborted) throw new UploadAborted("the client left before the upload was stored");
    });
    return { id, numPages: analysis.pageCount, fileName: received.fileName, sha256: received.sha256 };
  } catch (error) {
    await deps.blobs.delete(key);
    if (signal.aborted && !(error instanceof AppError)) throw new UploadAborted("the client left during the upload");
    throw error;
  }
}

function noRenderNode() {
  return new AppError("upload.errors.noRenderNode", { status: 503, headers: { "Retry-After": "30" } });
}

/** The render node's description of the stored PDF; its refusals become the upload's answer. */
async function analyze(deps: UploadDeps, key: string, node: RenderNode, signal: AbortSignal): Promise<Analysis> {
  try {
    return await analyzeBlob(deps.render, key, { signal, node });
  } catch (error) {
    if (error instanceof RenderRefused) {
      throw new AppError(`render.errors.${error.failure}`, { status: error.failure === "pdfTooLarge" ? 413 : 422, detail: error.message });
    }
    if (signal.aborted) throw new UploadAborted("the client left during the analysis");
    // The node picked at the start is gone (stopped during the upload, or between heartbeat and call).
    if ((error instanceof Error && error.message === "no render node is available") || ConnectError.from(error).code === Code.Unavailable) {
      console.warn(`[upload] no render node for the analysis: ${(error as Error).message}`);
      throw noRenderNode();
    }
    throw error;
  }
}

/** A stored PDF: its name, size and SHA-256 (the public API's Idempotency-Key compares uploads by it). */
export type Received = { fileName: string; size: number; sha256: string };

/** An accepted upload: the studio's answer and the file's SHA-256. */
export type StoredUpload = UploadPdfSuccess & { sha256: string };

/**
 * What an upload is for: a new ePaper (/upload-pdf), or pages to insert into or exchange in an
 * ePaper (/upload-pdf-exchange, /upload-pdf-replace; issue 12), which `check` allows before a byte
 * is read and `maxPages` (the account's pageExchangeMax) limits.
 */
export type UploadPurpose = { kind: "epaper" } | { kind: "exchange" | "replace"; check: () => Promise<unknown>; maxPages?: number };

/**
 * Streams the one file of a multipart body into the blob store under `key`. Bytes are counted on
 * the way: the file may have at most `maxBytes`, the whole body that plus a little for the
 * multipart framing. A refusal found on the way (too large, the first KiB has no `%PDF-`, a second
 * file) stops storing at once, but the rest of the body is read and thrown away (up to
 * bodyReadLimit), so the browser receives the answer instead of a reset connection. The key
 * holds the stored bytes only after success; the caller deletes it on any error.
 */
async function receivePdf(request: Request, target: { blobs: BlobStore; key: string; config: UploadConfig }): Promise<Received> {
  const { config } = target;
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) throw new AppError("upload.errors.noFile", { status: 400 });
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // UTF-8 file names as browsers send them; one file; the few fields a form adds.
      defParamCharset: "utf8",
      limits: { files: 1, fileSize: config.maxBytes + 1, fields: 20, fieldSize: 64 * 1024, parts: 25, headerPairs: 50 },
    });
  } catch {
    throw new AppError("upload.errors.noFile", { status: 400, detail: "malformed multipart content type" });
  }

  // Written by the parser's callbacks: an object, so the checks below are not narrowed away.
  const state: InspectedPdf & { stored: Promise<void> | null; fileName: string } = {
    ...inspectedPdf(),
    stored: null,
    fileName: "",
  };
  const refuse = (error: AppError) => {
    state.refusal ??= error;
  };

  parser.on("file", (field, file, info) => {
    if (field !== UPLOAD_FILE_FIELD) {
      file.resume();
      return;
    }
    state.fileName = cleanFileName(info.filename);
    // Past the limit busboy discards the rest of the file itself.
    file.on("limit", () => refuse(tooLarge(config)));
    const inspect = pdfInspector(state, refuse);
    // Settled only when both are: put() removes its temporary file before it rejects.
    const stored = Promise.allSettled([pipeline(file, inspect), target.blobs.put(target.key, inspect)]).then((results) => {
      for (const result of results) if (result.status === "rejected") throw result.reason;
    });
    // Awaited once the body is read; until then a failure must not count as unhandled.
    stored.catch(() => {});
    state.stored = stored;
  });
  parser.on("filesLimit", () => refuse(new AppError("upload.errors.oneFileOnly", { status: 400 })));

  let bodyBytes = 0;
  const bodyLimit = uploadBodyLimit(config);
  const readLimit = bodyReadLimit(config);
  const count = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bodyBytes += chunk.length;
      if (bodyBytes > bodyLimit) refuse(tooLarge(config));
      // Enough read to answer politely: cut the connection.
      if (bodyBytes > readLimit) return callback(tooLarge(config));
      callback(null, chunk);
    },
  });

  try {
    await pipeline(Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>), count, parser, {
      signal: request.signal,
    });
    await state.stored;
  } catch (error) {
    await state.stored?.catch(() => {});
    if (state.refusal) throw state.refusal;
    if (request.signal.aborted) throw new UploadAborted("the client left during the upload");
    // Not a readable multipart body (cut off, malformed): nothing usable arrived.
    throw new AppError("upload.errors.noFile", { status: 400, detail: (error as Error).message });
  }
  if (state.refusal) throw state.refusal;
  if (!state.stored || (state.size === 0 && state.fileName === "")) throw new AppError("upload.errors.noFile", { status: 400 });
  if (!looksLikePdf(state.head)) throw notAPdf();
  return { fileName: state.fileName || "document.pdf", size: state.size, sha256: state.hash.digest("hex") };
}

/** Removes an upload nobody will use (the public API's retry of an upload it answered already): row and file. */
export async function discardUpload(deps: Pick<UploadDeps, "db" | "blobs">, accountId: string, uploadId: string) {
  await deps.db
    .deleteFrom("upload")
    .where("id", "=", uploadId)
    .where("accountId", "=", accountId)
    .where("consumedAt", "is", null)
    .execute();
  await deps.blobs.delete(uploadBlobKey(uploadId));
}
