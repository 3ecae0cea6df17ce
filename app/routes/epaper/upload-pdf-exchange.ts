import { requireApiUser } from "#app/auth/api-user.server";
import { blobs } from "#app/blob/blobs.server";
import { apiErrorResponse, errorToApiResponse } from "#app/errors/responses.server";
import { exchangeUploadAllowed } from "#app/models/page-structure.server";
import { bodyReadLimit, discardBody, receiveUpload, UploadAborted, uploadDepsFromEnv } from "#app/models/upload.server";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/upload-pdf-exchange";

/**
 * POST /upload-pdf-exchange?epaperId= and /upload-pdf-replace?epaperId= (studio-core.md §7, issue
 * 12): the PDF whose pages the pages order and structure dialog inserts (every page, at most the
 * account's pageExchangeMax) or takes one page from to replace a page. Multipart with the one
 * field `file`, checked and analysed like /upload-pdf; 200 `{ id, numPages, fileName }`, otherwise
 * `{ error }`. Allowed only with epaperPagesOrderAndStructure on a changeable ePaper of the account.
 */
export async function action({ request }: Route.ActionArgs) {
  const deps = uploadDepsFromEnv(getEnv(), { db, blobs, redis });
  try {
    if (request.method !== "POST") return apiErrorResponse(405, "errors.forbidden", {}, { Allow: "POST" });
    const studio = await requireApiUser(db, request);
    const url = new URL(request.url);
    const kind = url.pathname.startsWith("/upload-pdf-replace") ? "replace" : "exchange";
    const epaperId = url.searchParams.get("epaperId") ?? "";
    let maxPages: number | undefined;
    const uploaded = await receiveUpload(deps, studio, request, {
      kind,
      check: async () => {
        const max = await exchangeUploadAllowed(db, studio.subject, epaperId);
        if (kind === "exchange") maxPages = max;
      },
      get maxPages() {
        return maxPages;
      },
    });
    const { id, numPages, fileName } = uploaded;
    return Response.json({ id, numPages, fileName }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof UploadAborted) return apiErrorResponse(400, "upload.errors.noFile");
    await discardBody(request, bodyReadLimit(deps.config));
    return errorToApiResponse(error, { log: "page exchange upload" });
  }
}
