import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "#app/errors/app-error";
import type { TranslationKey } from "#app/locales/translation-key";
import { SafeFetchRefused, type SafeFetchRefusal, safeFetchStream } from "#app/utils/safe-fetch.server";
import { cleanFileName, inspectedPdf, looksLikePdf, notAPdf, pdfInspector } from "./pdf-inspection.server.ts";
import { acceptUpload, type Received, type StoredUpload, tooLarge, type UploadDeps, type Uploader } from "./upload.server.ts";

/*
 * An upload from an address instead of a multipart body (the public API's import, issue 32): the
 * PDF is fetched through the SSRF-safe fetch (public addresses only, redirects checked, one
 * deadline) and streamed into the blob store as an uploaded file is, never whole into memory,
 * under the same limits and checks (the size, `%PDF-` in the first KiB), then analysed like any
 * upload. A fetch the rules refuse is a 422 naming why.
 */

/** The whole download, redirects included: a PDF of the largest size on a slow server takes a while. */
export const IMPORT_TIMEOUT_MS = 5 * 60_000;
/** What a server may call a PDF (many send octet-stream); the content decides anyway. */
const ACCEPTED_TYPES = ["application/pdf", "application/x-pdf", "application/octet-stream", "binary/octet-stream"];

const IMPORT_REFUSALS: Record<Exclude<SafeFetchRefusal, "size">, TranslationKey> = {
  scheme: "api.errors.import.scheme",
  address: "api.errors.import.address",
  redirects: "api.errors.import.redirects",
  status: "api.errors.import.status",
  type: "api.errors.import.type",
  timeout: "api.errors.import.timeout",
  network: "api.errors.import.network",
};

function importRefusal(error: SafeFetchRefused, config: UploadDeps["config"]): AppError {
  if (error.reason === "size") return tooLarge(config);
  return new AppError(IMPORT_REFUSALS[error.reason], { status: 422, detail: error.message });
}

/** The file's name from the address it came from (after redirects), as the studio shows uploads. */
function fileNameOf(address: string): string {
  const raw = new URL(address).pathname.split("/").pop() ?? "";
  let last = raw;
  try {
    last = decodeURIComponent(raw);
  } catch {
    // Not valid percent-encoding (…/a%ZZ.pdf): the name as it was sent.
  }
  return cleanFileName(last) || "document.pdf";
}

export async function importUpload(
  deps: UploadDeps,
  uploader: Uploader,
  address: string,
  options: { signal: AbortSignal; allowPrivate: readonly string[] },
): Promise<StoredUpload> {
  return acceptUpload(deps, uploader, { kind: "epaper" }, options.signal, async (target): Promise<Received> => {
    const state = inspectedPdf();
    let body: Readable | null = null;
    // A refusal on the way (not a PDF) ends the download too: nothing more of it is wanted.
    const refuse = (error: AppError) => {
      state.refusal ??= error;
      body?.destroy();
    };
    try {
      const fetched = await safeFetchStream(address, {
        maxBytes: target.config.maxBytes,
        timeoutMs: IMPORT_TIMEOUT_MS,
        accept: ACCEPTED_TYPES,
        allowPrivate: options.allowPrivate,
        signal: options.signal,
      });
      body = fetched.body;
      const inspect = pdfInspector(state, refuse);
      // Settled only when both are: put() removes its temporary file before it rejects.
      const results = await Promise.allSettled([pipeline(fetched.body, inspect), target.blobs.put(target.key, inspect)]);
      if (state.refusal) throw state.refusal;
      for (const result of results) if (result.status === "rejected") throw result.reason;
      if (!looksLikePdf(state.head)) throw notAPdf();
      return { fileName: fileNameOf(fetched.url), size: state.size, sha256: state.hash.digest("hex") };
    } catch (error) {
      if (state.refusal) throw state.refusal;
      if (error instanceof SafeFetchRefused) throw importRefusal(error, target.config);
      throw error;
    }
  });
}
