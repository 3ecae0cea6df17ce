import { publishApiEpaper } from "#app/models/public-api-writes.server";
import { PublishRequestSchema, PublishStartedSchema } from "#app/rules/public-api";
import { apiWriteDeps } from "./api-deps.server.ts";
import { apiWrite, methodNotAllowed } from "./api-write.server.ts";
import type { Route } from "./+types/epaper-publications";

/**
 * POST /api/v1/epapers/:epaperId/publications (scope publish): publishes the ePaper as a preview,
 * a preview link, a zip or to a channel, under the studio's rules (rendered, one process at a
 * time, the zip contingent, the channel's subscription). 202: started; the ePaper's process and
 * the publication.ready webhook say when it is ready.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, "POST");
  return apiWrite(request, {
    scope: "publish",
    status: 202,
    body: PublishRequestSchema,
    response: PublishStartedSchema,
    run: async ({ subject }, input) => publishApiEpaper(apiWriteDeps(), subject, params.epaperId, input),
    // A preview link's password is in this answer once; a replay says null (only its hash is kept).
    stored: (answer) => ({ ...answer, password: null }),
  });
}

/** Only POST answers here: GET is a 405 problem naming it. */
export const loader = ({ request }: Route.LoaderArgs) => methodNotAllowed(request, "POST");
