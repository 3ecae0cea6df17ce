import { listApiPublications } from "#app/models/public-api.server";
import { PublicationListQuerySchema, PublicationPageSchema } from "#app/rules/public-api";
import { db } from "#app/utils/db.server";
import { apiRead, apiUrls, parseApiQuery } from "./api-read.server.ts";
import { methodNotAllowed } from "./api-write.server.ts";
import type { Route } from "./+types/publications";

/** GET /api/v1/publications: previews, preview links and zip packages with their addresses (ADR 0056), of one ePaper or type if asked. */
export async function loader({ request }: Route.LoaderArgs) {
  return apiRead(request, PublicationPageSchema, async ({ subject }) =>
    listApiPublications(db, subject, parseApiQuery(request, PublicationListQuerySchema), apiUrls()),
  );
}

/** Only GET (and HEAD) answers here: any other method is a 405 problem naming them. */
export const action = ({ request }: Route.ActionArgs) => methodNotAllowed(request, "GET, HEAD");
