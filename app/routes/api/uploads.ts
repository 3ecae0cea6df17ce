import { checkRateLimit, RATE_LIMITS } from "#app/auth/rate-limit.server";
import { blobs } from "#app/blob/blobs.server";
import { AppError, TooManyRequests } from "#app/errors/app-error";
import { apiUploader } from "#app/models/public-api-writes.server";
import { bodyReadLimit, discardBody, discardUpload, receiveUpload, type StoredUpload, uploadDepsFromEnv } from "#app/models/upload.server";
import { importUpload } from "#app/models/upload-import.server";
import { ImportUploadSchema, UploadSchema } from "#app/rules/public-api";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { redis } from "#app/utils/redis.server";
import { apiWrite, methodNotAllowed } from "./api-write.server.ts";
import type { Route } from "./+types/uploads";

/**
 * POST /api/v1/uploads (scope write): the studio's upload, with the same limits and refusals (not
 * a PDF, too large, too many pages, password, damaged, no render node), either as multipart with
 * one file field `file`, or as JSON `{ url }`: the studio imports the PDF from that public address
 * (upload-import.server.ts; at most 60 an hour per account). Answers the upload, which POST /api/v1/epapers turns into an ePaper
 * within a day.
 */
/**
 * The studio's upload answers 400 for a body without its one file (its own contract); the API's
 * document says 422 naming the field `file` (issue 45).
 */
function asFileFieldError(error: unknown): never {
  if (error instanceof AppError && (error.messageKey === "upload.errors.noFile" || error.messageKey === "upload.errors.oneFileOnly"))
    throw new AppError(error.messageKey, { status: 422, detail: error.message, fields: ["file"] });
  throw error;
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, "POST");
  const env = getEnv();
  const deps = uploadDepsFromEnv(env, { db, blobs, redis });
  const answer = ({ id, fileName, numPages }: StoredUpload) => ({ id, fileName, pageCount: numPages });
  if (/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) {
    return apiWrite(request, {
      scope: "write",
      status: 201,
      body: ImportUploadSchema,
      response: UploadSchema,
      run: async ({ subject }, input) => {
        const allowed = await checkRateLimit(redis, { ...RATE_LIMITS.apiImportAccount, key: subject.accountId });
        if (!allowed.allowed) throw new TooManyRequests(RATE_LIMITS.apiImportAccount.bucket, allowed.retryAfterMs);
        return importUpload(deps, apiUploader(subject), input.url, { signal: request.signal, allowPrivate: env.OUTBOUND_ALLOW_PRIVATE });
      },
      answer,
    });
  }
  const response = await apiWrite(request, {
    scope: "write",
    status: 201,
    body: "multipart",
    response: UploadSchema,
    run: ({ subject }) => receiveUpload(deps, apiUploader(subject), request).catch(asFileFieldError),
    answer,
    // The same key with the same file (by its SHA-256) answers the first upload; the repeat is discarded.
    claimAfterRun: {
      fingerprint: (uploaded) => `multipart ${uploaded.sha256}`,
      discard: (uploaded, { accountId }) => discardUpload(deps, accountId, uploaded.id),
    },
  });
  // Refused before the file was read (no key, over the limit): read it off the connection, or the
  // client still sending sees a reset instead of the answer.
  await discardBody(request, bodyReadLimit(deps.config));
  return response;
}

/** Only POST answers here: GET is a 405 problem naming it. */
export const loader = ({ request }: Route.LoaderArgs) => methodNotAllowed(request, "POST");
