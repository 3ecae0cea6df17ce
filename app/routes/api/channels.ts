import { listApiChannels } from "#app/models/public-api.server";
import { ChannelPageSchema, ListQuerySchema } from "#app/rules/public-api";
import { db } from "#app/utils/db.server";
import { apiRead, apiUrls, parseApiQuery } from "./api-read.server.ts";
import { methodNotAllowed } from "./api-write.server.ts";
import type { Route } from "./+types/channels";

/** GET /api/v1/channels: the account's channels with their fixed addresses (ADR 0056). */
export async function loader({ request }: Route.LoaderArgs) {
  return apiRead(request, ChannelPageSchema, async ({ subject }) =>
    listApiChannels(db, subject, parseApiQuery(request, ListQuerySchema), apiUrls()),
  );
}

/** Only GET (and HEAD) answers here: any other method is a 405 problem naming them. */
export const action = ({ request }: Route.ActionArgs) => methodNotAllowed(request, "GET, HEAD");
