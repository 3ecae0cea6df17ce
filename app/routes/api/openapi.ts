import { openApiDocument } from "#app/rules/openapi";
import { getEnv } from "#app/utils/env.server";
import { methodNotAllowed } from "./api-write.server.ts";
import type { Route } from "./+types/openapi";

/** GET /api/v1/openapi.json: the API's OpenAPI 3.1 document, generated from the routes' schemas (ADR 0056). Public. */
export function loader() {
  const document = openApiDocument({ serverUrl: getEnv().PUBLIC_URL, version: "1.0.0" });
  return Response.json(document, { headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" } });
}

/** Only GET (and HEAD) answers here: any other method is a 405 problem naming them. */
export const action = ({ request }: Route.ActionArgs) => methodNotAllowed(request, "GET, HEAD");
