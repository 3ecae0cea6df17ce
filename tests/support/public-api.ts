import { Ajv2020 } from "ajv/dist/2020.js";
import { expect } from "vitest";
import { loader as channelsLoader } from "#app/routes/api/channels";
import { loader as epaperLoader } from "#app/routes/api/epaper";
import { loader as epapersLoader } from "#app/routes/api/epapers";
import { loader as publicationsLoader } from "#app/routes/api/publications";
import { openApiDocument } from "#app/rules/openapi";

/*
 * Calls of the public API's route modules (issue 32, ADR 0056) as React Router makes them, each
 * answer checked against the generated OpenAPI document: the schema the document gives for that
 * path, status and content type must accept the body. So the document and the routes cannot drift.
 */

export const API_BASE = "http://localhost:3000";
export const document = openApiDocument({ serverUrl: API_BASE, version: "test" });

type LoaderArgs = { request: Request; params: Record<string, string>; context: never };
const ROUTES: { template: string; pattern: RegExp; loader: (args: LoaderArgs) => Promise<Response> }[] = [
  { template: "/api/v1/epapers/{epaperId}", pattern: /^\/api\/v1\/epapers\/(?<epaperId>[^/]+)$/, loader: epaperLoader as never },
  { template: "/api/v1/epapers", pattern: /^\/api\/v1\/epapers$/, loader: epapersLoader as never },
  { template: "/api/v1/publications", pattern: /^\/api\/v1\/publications$/, loader: publicationsLoader as never },
  { template: "/api/v1/channels", pattern: /^\/api\/v1\/channels$/, loader: channelsLoader as never },
];

// Formats are left to the patterns Zod writes (date-time); the document's own validity is checked by the OpenAPI validator.
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema({ $id: "openapi.json", components: document.components });

export type ApiAnswer = { status: number; headers: Headers; body: Record<string, unknown> };

/** Every answer received, by test; the document check runs on each as it arrives. */
export const checkedAnswers: string[] = [];

/** One call with `key` (a bearer token) or other headers; the answer is validated against the document. */
export async function callApi(path: string, options: { key?: string | null; headers?: Record<string, string> } = {}): Promise<ApiAnswer> {
  const url = new URL(path, API_BASE);
  const route = ROUTES.find((candidate) => candidate.pattern.test(url.pathname));
  if (!route) throw new Error(`no API route for ${url.pathname}`);
  const headers = new Headers(options.headers);
  if (options.key) headers.set("Authorization", `Bearer ${options.key}`);
  const request = new Request(url, { headers });
  const params = (route.pattern.exec(url.pathname)?.groups ?? {}) as Record<string, string>;
  const response = await route.loader({ request, params, context: undefined as never });
  const body = (await response.json()) as Record<string, unknown>;
  expectDocumented(route.template, response, body);
  checkedAnswers.push(`${response.status} ${route.template}`);
  return { status: response.status, headers: response.headers, body };
}

function expectDocumented(template: string, response: Response, body: unknown) {
  const operation = (document.paths as Record<string, { get: { responses: Record<string, unknown> } }>)[template]?.get;
  const documented = operation?.responses[String(response.status)] as
    | { content?: Record<string, { schema: { $ref: string } }> }
    | undefined;
  expect(documented, `${template} answers ${response.status}, which the document does not list`).toBeDefined();
  const type = response.headers.get("content-type")?.split(";")[0] ?? "";
  const schema = documented?.content?.[type]?.schema;
  expect(schema, `${template} ${response.status} answers ${type}, which the document does not list`).toBeDefined();
  const validate = ajv.compile({ $ref: `openapi.json${schema?.$ref}` });
  const valid = validate(body);
  expect(validate.errors ?? [], `${template} ${response.status}: ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
  expect(valid).toBe(true);
  // The API never sets a cookie (bearer only, ADR 0056).
  expect(response.headers.get("set-cookie")).toBeNull();
}
