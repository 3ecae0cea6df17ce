import { createWriteStream } from "node:fs";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ConnectError } from "@connectrpc/connect";
import { Reason } from "@ep/proto/epaper/render/v1/render_pb";
import { refuse } from "./refusal.ts";

export type DownloadLimits = { maxBytes: number; timeoutMs: number };

/**
 * Streams the source behind a signed URL to `target`, never holding it in memory, and stops
 * at the size cap or the time limit. Returns the byte count.
 */
export async function downloadSource(url: string, target: string, limits: DownloadLimits, signal: AbortSignal) {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const combined = AbortSignal.any([signal, timeout]);
  let response: Response;
  try {
    response = await fetch(url, { signal: combined, redirect: "error" });
  } catch (error) {
    if (signal.aborted) throw error;
    throw refuse(Reason.DOWNLOAD_FAILED, `source could not be fetched: ${(error as Error).message}`);
  }
  if (!response.ok || !response.body) {
    throw refuse(Reason.DOWNLOAD_FAILED, `source answered HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > limits.maxBytes) {
    await response.body.cancel();
    throw refuse(Reason.TOO_LARGE, `source is ${declared} bytes, the limit is ${limits.maxBytes}`);
  }
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > limits.maxBytes) callback(refuse(Reason.TOO_LARGE, `source exceeds ${limits.maxBytes} bytes`));
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream), counter, createWriteStream(target), {
      signal: combined,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    if (error instanceof ConnectError) throw error;
    throw refuse(Reason.DOWNLOAD_FAILED, `source download failed: ${(error as Error).message}`);
  }
  return bytes;
}
