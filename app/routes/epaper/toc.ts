import { z } from "zod";
import { requireApiUser } from "#app/auth/api-user.server";
import { apiErrorResponse, errorToApiResponse } from "#app/errors/responses.server";
import { createTocItem, deleteTocItem, loadToc, updateTocItem, updateTocSettings } from "#app/models/toc.server";
import { parseIntent } from "#app/rules/intents";
import { db } from "#app/utils/db.server";
import { readForm } from "#app/utils/read-form.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/toc";

/**
 * /epaper/:epaperId/toc (studio-admin.md §7 'epaper-toc', 'page-toc'; issue 12): GET answers
 * { toc }; POST intent create (fields), update (tocItemId, fields), delete (tocItemId) or
 * settings (settings) answers { toc } again. `fields` and `settings` are JSON. Refusals answer
 * { error: { messageKey, params } }.
 */
const noStore = { "Cache-Control": "no-store" };

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const studio = await requireApiUser(db, request);
    return Response.json({ toc: await loadToc(db, studio.subject, params.epaperId) }, { headers: noStore });
  } catch (error) {
    return errorToApiResponse(error, { log: "toc" });
  }
}

export const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), fields: z.string() }),
  z.object({ intent: z.literal("update"), tocItemId: z.string(), fields: z.string() }),
  z.object({ intent: z.literal("delete"), tocItemId: z.string() }),
  z.object({ intent: z.literal("settings"), settings: z.string() }),
]);

const json = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export async function action({ request, params }: Route.ActionArgs) {
  try {
    if (request.method !== "POST") return apiErrorResponse(405, "errors.forbidden", {}, { Allow: "POST" });
    const studio = await requireApiUser(db, request);
    const form = parseIntent(await readForm(request), intents);
    const deps = { db, redis };
    const epaperId = params.epaperId;
    const toc = await (() => {
      switch (form.intent) {
        case "create":
          return createTocItem(deps, studio.subject, { epaperId, fields: json(form.fields) });
        case "update":
          return updateTocItem(deps, studio.subject, { epaperId, tocItemId: form.tocItemId, fields: json(form.fields) });
        case "delete":
          return deleteTocItem(deps, studio.subject, { epaperId, tocItemId: form.tocItemId });
        case "settings":
          return updateTocSettings(deps, studio.subject, { epaperId, settings: json(form.settings) });
      }
    })();
    return Response.json({ toc }, { headers: noStore });
  } catch (error) {
    return errorToApiResponse(error, { log: "toc" });
  }
}
