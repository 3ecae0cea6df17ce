import { z } from "zod";
import { requireApiUser } from "#app/auth/api-user.server";
import { blobs } from "#app/blob/blobs.server";
import { apiErrorResponse, errorToApiResponse } from "#app/errors/responses.server";
import { createGallery } from "#app/models/galleries.server";
import {
  addGalleryMedia,
  deleteGallery,
  deleteMedia,
  listLibraryGalleries,
  listMedia,
  loadGallery,
  moveGalleryMedia,
  removeGalleryMedia,
  renameGallery,
  renameMedia,
} from "#app/models/media-library.server";
import { parseIntent } from "#app/rules/intents";
import { MEDIA_FILTERS, mediaWindow } from "#app/rules/media-library";
import { PAGES_DEFAULT_SIZE } from "#app/rules/pages-settings";
import { db } from "#app/utils/db.server";
import { readForm } from "#app/utils/read-form.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/media";

/**
 * /resources/media (studio-admin.md §7 media, gallery, add-/remove-gallery-media; issue 12): the
 * media library's JSON. GET ?view=images&filter=&skip=&take= answers { media } (a page of images,
 * name ascending, with their uses); ?view=galleries answers { galleries }; ?view=gallery&galleryId=
 * answers { gallery } (its images in order). POST intents rename, delete (images), createGallery,
 * renameGallery, deleteGallery, addToGallery, removeFromGallery, moveInGallery answer { ok: true }.
 * Needs the media permission; everything is the caller's account's, another's id is 404.
 */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const { subject } = await requireApiUser(db, request);
    const search = new URL(request.url).searchParams;
    const view = search.get("view") ?? "images";
    const headers = { "Cache-Control": "no-store" };
    if (view === "galleries") return Response.json({ galleries: await listLibraryGalleries(db, subject) }, { headers });
    if (view === "gallery") return Response.json({ gallery: await loadGallery(db, subject, search.get("galleryId") ?? "") }, { headers });
    const filter = MEDIA_FILTERS.find((entry) => entry === search.get("filter")) ?? "all";
    const window = mediaWindow(search.get("skip"), search.get("take"), PAGES_DEFAULT_SIZE);
    return Response.json({ media: await listMedia(db, subject, { filter, ...window }) }, { headers });
  } catch (error) {
    return errorToApiResponse(error, { log: "media library" });
  }
}

const id = z.string().min(1).max(32);
const ids = z.string().transform((value, context) => {
  const list = value.split(",").filter(Boolean);
  if (list.length < 1 || list.length > 200 || list.some((entry) => entry.length > 32)) {
    context.addIssue({ code: "custom", message: "mediaIds" });
    return z.NEVER;
  }
  return list;
});
export const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), mediaId: id, name: z.string() }),
  z.object({ intent: z.literal("delete"), mediaId: id }),
  z.object({ intent: z.literal("createGallery"), name: z.string() }),
  z.object({ intent: z.literal("renameGallery"), galleryId: id, name: z.string() }),
  z.object({ intent: z.literal("deleteGallery"), galleryId: id }),
  z.object({ intent: z.literal("addToGallery"), galleryId: id, mediaIds: ids }),
  z.object({ intent: z.literal("removeFromGallery"), galleryId: id, mediaIds: ids }),
  z.object({ intent: z.literal("moveInGallery"), galleryId: id, mediaId: id, to: z.coerce.number().int().min(0).max(100_000) }),
]);

export async function action({ request }: Route.ActionArgs) {
  try {
    if (request.method !== "POST") return apiErrorResponse(405, "errors.forbidden", {}, { Allow: "POST" });
    const { subject } = await requireApiUser(db, request);
    const form = parseIntent(await readForm(request), intents);
    const deps = { db, redis };
    let extra: Record<string, unknown> = {};
    switch (form.intent) {
      case "rename":
        await renameMedia(deps, subject, form);
        break;
      case "delete":
        await deleteMedia({ db, blobs }, subject, form.mediaId);
        break;
      case "createGallery":
        extra = { gallery: await createGallery(db, subject, form.name) };
        break;
      case "renameGallery":
        await renameGallery(deps, subject, form);
        break;
      case "deleteGallery":
        await deleteGallery(db, subject, form.galleryId);
        break;
      case "addToGallery":
        await addGalleryMedia(deps, subject, form);
        break;
      case "removeFromGallery":
        await removeGalleryMedia(deps, subject, form);
        break;
      case "moveInGallery":
        await moveGalleryMedia(deps, subject, form);
        break;
    }
    return Response.json({ ok: true, ...extra }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "media library" });
  }
}
