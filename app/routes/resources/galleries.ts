import { data } from "react-router";
import { z } from "zod";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { errorToApiResponse, withErrorToasts } from "#app/errors/responses.server";
import { createGallery, listGalleries } from "#app/models/galleries.server";
import { parseIntent } from "#app/rules/intents";
import { requirePermission } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import { readForm } from "#app/utils/read-form.server";
import type { Route } from "./+types/galleries";

/**
 * The account's galleries for the gallery kind of media element (issue 11): GET lists the newest
 * 50 or the matches of ?search= ({ galleries }); POST intent create (name) answers { gallery }.
 * Needs epaperDetails; every query is the caller's account's.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const studio = await requireStudioUser(db, request);
  try {
    requirePermission(studio.subject, "epaperDetails");
    const search = new URL(request.url).searchParams.get("search") ?? "";
    return data({ galleries: await listGalleries(db, studio.user.accountId, search) }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "galleries" });
  }
}

export const intents = z.discriminatedUnion("intent", [z.object({ intent: z.literal("create"), name: z.string() })]);

export async function action({ request }: Route.ActionArgs) {
  return withErrorToasts(async () => {
    const studio = await requireStudioUser(db, request);
    const form = parseIntent(await readForm(request), intents);
    return { ok: true as const, gallery: await createGallery(db, studio.subject, form.name) };
  });
}
