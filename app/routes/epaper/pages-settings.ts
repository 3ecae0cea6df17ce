import { z } from "zod";
import { requireApiUser } from "#app/auth/api-user.server";
import { apiErrorResponse, errorToApiResponse } from "#app/errors/responses.server";
import { listPagesSettings, setPdfDownloadForAll, updatePageSettings } from "#app/models/pages-settings.server";
import { PAGES_DEFAULT_SIZE } from "#app/rules/pages-settings";
import { parseIntent } from "#app/rules/intents";
import { db } from "#app/utils/db.server";
import { readForm } from "#app/utils/read-form.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/pages-settings";

/**
 * /epaper/:epaperId/pages-settings (studio-admin.md §7 'epaper-page', 'page', 'update-epaper-
 * pages-setting'; issue 12): GET ?skip=&take= answers { pages } (rows and totals); POST intent
 * update (pageId, patch JSON) or allPdfDownload (pdfDownload true|false) answers { ok: true }.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const studio = await requireApiUser(db, request);
    const search = new URL(request.url).searchParams;
    const pages = await listPagesSettings(db, studio.subject, {
      epaperId: params.epaperId,
      skip: Number(search.get("skip") ?? 0),
      take: Number(search.get("take") ?? PAGES_DEFAULT_SIZE),
    });
    return Response.json({ pages }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "pages settings" });
  }
}

export const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update"), pageId: z.string(), patch: z.string() }),
  z.object({ intent: z.literal("allPdfDownload"), pdfDownload: z.enum(["true", "false"]) }),
]);

export async function action({ request, params }: Route.ActionArgs) {
  try {
    if (request.method !== "POST") return apiErrorResponse(405, "errors.forbidden", {}, { Allow: "POST" });
    const studio = await requireApiUser(db, request);
    const form = parseIntent(await readForm(request), intents);
    const deps = { db, redis };
    if (form.intent === "update") {
      let patch: unknown = null;
      try {
        patch = JSON.parse(form.patch);
      } catch {
        return apiErrorResponse(400, "errors.invalidRequest");
      }
      await updatePageSettings(deps, studio.subject, { epaperId: params.epaperId, pageId: form.pageId, patch });
    } else {
      await setPdfDownloadForAll(deps, studio.subject, { epaperId: params.epaperId, pdfDownload: form.pdfDownload === "true" });
    }
    return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "pages settings" });
  }
}
