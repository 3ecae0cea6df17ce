import { Readable } from "node:stream";
import { requireApiUser } from "#app/auth/api-user.server";
import { blobs } from "#app/blob/blobs.server";
import { errorToApiResponse } from "#app/errors/responses.server";
import { findPageFileKey } from "#app/models/epaper-pages.server";
import { requirePermission } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import type { Route } from "./+types/page-file";

/**
 * GET /epaper/:epaperId/pages/:pageNumber/:file: one rendered file of a page (the thumbnail
 * 'thumb.webp' or a rendition 'w800.webp' …) for the editor's thumbnail strip and canvas (issue
 * 11). Only users of the ePaper's account with epaperDetails; other files and other accounts'
 * pages are 404. The ETag is the file's blob key, which a new render revision changes.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { user, subject } = await requireApiUser(db, request);
    requirePermission(subject, "epaperDetails");
    const key = await findPageFileKey(db, user.accountId, params.epaperId, Number(params.pageNumber), params.file);
    const size = key ? await blobs.size(key) : null;
    if (!key || size === null) return new Response("not found", { status: 404 });
    const etag = `"${Buffer.from(key).toString("base64url")}"`;
    const headers = { "Cache-Control": "private, max-age=86400", ETag: etag };
    if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
    const body = Readable.toWeb(await blobs.stream(key)) as ReadableStream<Uint8Array>;
    return new Response(body, { headers: { ...headers, "Content-Type": "image/webp", "Content-Length": String(size) } });
  } catch (error) {
    return errorToApiResponse(error, { log: "editor page file" });
  }
}
