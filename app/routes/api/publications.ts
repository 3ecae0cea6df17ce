import { listApiPublications } from "#app/models/public-api.server";
import { ListQuerySchema, PublicationPageSchema } from "#app/rules/public-api";
import { db } from "#app/utils/db.server";
import { apiRead, apiUrls, parseApiQuery } from "./api-read.server.ts";
import type { Route } from "./+types/publications";

/** GET /api/v1/publications: previews, preview links and zip packages with their addresses (ADR 0056). */
export async function loader({ request }: Route.LoaderArgs) {
  return apiRead(request, PublicationPageSchema, async ({ subject }) =>
    listApiPublications(db, subject, parseApiQuery(request, ListQuerySchema), apiUrls()),
  );
}
