import { z } from "zod";
import { requireApiUser } from "#app/auth/api-user.server";
import { apiErrorResponse, errorToApiResponse } from "#app/errors/responses.server";
import { finishTour, loadTours, resetTours } from "#app/models/tours.server";
import { parseIntent } from "#app/rules/intents";
import { TOUR_IDS } from "#app/rules/tours";
import { db } from "#app/utils/db.server";
import { readForm } from "#app/utils/read-form.server";
import type { Route } from "./+types/tours";

/**
 * /resources/tours (studio-admin.md §4 'Tours and news'): GET answers { tours } (active, start
 * delay, the tours the user finished, whether they may reset them); POST intent finish (tour) or
 * reset answers { ok: true }. The signed-in user's own tours only.
 */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const { subject } = await requireApiUser(db, request);
    return Response.json({ tours: await loadTours(db, subject) }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "tours" });
  }
}

export const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("finish"), tour: z.enum(TOUR_IDS) }),
  z.object({ intent: z.literal("reset") }),
]);

export async function action({ request }: Route.ActionArgs) {
  try {
    if (request.method !== "POST") return apiErrorResponse(405, "errors.forbidden", {}, { Allow: "POST" });
    const { subject } = await requireApiUser(db, request);
    const form = parseIntent(await readForm(request), intents);
    if (form.intent === "finish") await finishTour(db, subject, form.tour);
    else await resetTours(db, subject);
    return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "tours" });
  }
}
