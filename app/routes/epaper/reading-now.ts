import { requireApiUser } from "#app/auth/api-user.server";
import { errorToApiResponse } from "#app/errors/responses.server";
import { keepWatchingReadingNow } from "#app/models/reading-now.server";
import { requirePermission } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/reading-now";

/**
 * POST /epaper/:epaperId/reading-now (issue 31 item 4, ADR 0053 'Reading now'): the statistics
 * screen's heartbeat while it is open. It has the worker publish the ePaper's 'reading now' over
 * the event stream for the next 90 seconds and answers the count now ({ readingNow }, null while
 * Redis is away). A POST, not a GET: it starts work on the server. Needs epaperDetails; another
 * account's or a deleted ePaper is 404; a read, so neither the demo rule nor a lock refuses it.
 */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { subject } = await requireApiUser(db, request);
    requirePermission(subject, "epaperDetails");
    const readingNow = await keepWatchingReadingNow({ db, redis }, subject, params.epaperId);
    return Response.json({ readingNow }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "reading now" });
  }
}
