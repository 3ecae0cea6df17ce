import { z } from "zod";
import { requireApiUser } from "#app/auth/api-user.server";
import { blobs } from "#app/blob/blobs.server";
import { apiErrorResponse, errorToApiResponse } from "#app/errors/responses.server";
import { queues } from "#app/jobs/producer.server";
import {
  cancelStructureOperation,
  loadStructure,
  resetStructureOperation,
  startStructureOperation,
} from "#app/models/page-structure.server";
import { parseIntent } from "#app/rules/intents";
import { PAGES_DEFAULT_SIZE } from "#app/rules/pages-settings";
import { db } from "#app/utils/db.server";
import { readForm } from "#app/utils/read-form.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/page-structure";

/**
 * /epaper/:epaperId/page-structure (studio-admin.md §7 insert-pages, move-page, replace-page, page
 * remove; issue 12): GET ?skip=&take= answers { structure } (pages with their internal-link roles,
 * the running or failed operation); POST intent insert (uploadId, pageId, before), move (pageId,
 * targetPageId, before), replace (pageId, uploadId, sourcePage), delete (pageId), cancel or reset answers
 * { ok: true } at once: the operation runs on the pages queue and reports over SSE.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const studio = await requireApiUser(db, request);
    const search = new URL(request.url).searchParams;
    const structure = await loadStructure(db, studio.subject, {
      epaperId: params.epaperId,
      skip: Number(search.get("skip") ?? 0),
      take: Number(search.get("take") ?? PAGES_DEFAULT_SIZE),
    });
    return Response.json({ structure }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "page structure" });
  }
}

const id = z.string().min(1).max(32);
const flag = z.enum(["true", "false"]).transform((value) => value === "true");
export const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("insert"), uploadId: id, pageId: id, before: flag }),
  z.object({ intent: z.literal("move"), pageId: id, targetPageId: id, before: flag }),
  z.object({ intent: z.literal("replace"), pageId: id, uploadId: id, sourcePage: z.coerce.number().int().min(1).max(100_000) }),
  z.object({ intent: z.literal("delete"), pageId: id }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("reset") }),
]);

export async function action({ request, params }: Route.ActionArgs) {
  try {
    if (request.method !== "POST") return apiErrorResponse(405, "errors.forbidden", {}, { Allow: "POST" });
    const studio = await requireApiUser(db, request);
    const form = parseIntent(await readForm(request), intents);
    const deps = { db, redis, blobs, queue: queues.pages };
    const start = (request: Parameters<typeof startStructureOperation>[3]) =>
      startStructureOperation(deps, studio.subject, params.epaperId, request);
    switch (form.intent) {
      case "cancel":
        await cancelStructureOperation(deps, studio.subject, params.epaperId);
        break;
      case "reset":
        await resetStructureOperation(deps, studio.subject, params.epaperId);
        break;
      case "insert":
        await start({ kind: "insert", pageId: form.pageId, before: form.before, uploadId: form.uploadId });
        break;
      case "move":
        await start({ kind: "move", pageId: form.pageId, targetPageId: form.targetPageId, before: form.before });
        break;
      case "replace":
        await start({ kind: "replace", pageId: form.pageId, uploadId: form.uploadId, sourcePage: form.sourcePage });
        break;
      case "delete":
        await start({ kind: "delete", pageId: form.pageId });
        break;
    }
    return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "page structure" });
  }
}
