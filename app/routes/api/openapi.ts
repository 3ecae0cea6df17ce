import { openApiDocument } from "#app/rules/openapi";
import { getEnv } from "#app/utils/env.server";

/** GET /api/v1/openapi.json: the API's OpenAPI 3.1 document, generated from the routes' schemas (ADR 0056). Public. */
export function loader() {
  const document = openApiDocument({ serverUrl: getEnv().PUBLIC_URL, version: "1.0.0" });
  return Response.json(document, { headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" } });
}
