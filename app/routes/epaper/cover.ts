import { Readable } from "node:stream";
import { requireUser } from "#app/auth/require-user.server";
import { blobs } from "#app/blob/blobs.server";
import { findCoverKey } from "#app/models/epaper-downloads.server";
import { db } from "#app/utils/db.server";
import type { Route } from "./+types/cover";

/**
 * GET /epaper/:epaperId/cover: the card's cover image (the render's WebP thumbnail), only for
 * users of the ePaper's account. Private caching keyed by the cover's blob key, so a re-render's
 * new cover is fetched once and then served from the browser's cache.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user } = await requireUser(db, request);
  const coverKey = await findCoverKey(db, user.accountId, params.epaperId);
  if (!coverKey) return new Response("not found", { status: 404 });
  const etag = `"${Buffer.from(coverKey).toString("base64url")}"`;
  const headers = { "Cache-Control": "private, max-age=300", ETag: etag };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  const size = await blobs.size(coverKey);
  if (size === null) return new Response("not found", { status: 404 });
  const body = Readable.toWeb(await blobs.stream(coverKey)) as ReadableStream<Uint8Array>;
  return new Response(body, { headers: { ...headers, "Content-Type": "image/webp", "Content-Length": String(size) } });
}
