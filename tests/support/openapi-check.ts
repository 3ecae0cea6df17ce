import { Ajv2020 } from "ajv/dist/2020.js";
import { openApiDocument } from "#app/rules/openapi";

/*
 * Every answer of the public API that a test receives, checked against the generated OpenAPI
 * document (issue 32, ADR 0056): the document must list its path, method and status, its content
 * type, and the schema there must accept its body. Used by the Vitest calls of the route modules
 * (public-api.ts) and by the end-to-end journey's outside program (tests/e2e/api-journey.test.ts),
 * so the document and what the running studio answers cannot drift.
 */

export const API_BASE = "http://localhost:3000";
export const document = openApiDocument({ serverUrl: API_BASE, version: "test" });

// Formats are left to the patterns Zod writes (date-time); the document's own validity is checked by the OpenAPI validator.
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema({ $id: "openapi.json", components: document.components });

const TEMPLATES = Object.keys(document.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
}));

/** Headers a client acts on: an answer that carries one must have it in the document. */
const DOCUMENTED_HEADERS = [
  "ratelimit-limit",
  "ratelimit-remaining",
  "ratelimit-reset",
  "retry-after",
  "etag",
  "idempotent-replayed",
  "allow",
];

/** The document's path template of a concrete path ("/api/v1/epapers/abc" → "/api/v1/epapers/{epaperId}"), or null. */
export function templateOf(pathname: string): string | null {
  return TEMPLATES.find((candidate) => candidate.pattern.test(pathname))?.template ?? null;
}

/**
 * What the document says against one answer; empty when it matches. `body` is the parsed JSON,
 * undefined for an answer without one (204) or a file (zip, image), whose type alone is checked.
 */
export function documentProblems(
  template: string,
  method: string,
  answer: { status: number; contentType: string; setCookie: string | null; body: unknown; headers?: Iterable<[string, string]> },
): string[] {
  const where = `${method.toUpperCase()} ${template} ${answer.status}`;
  const paths = document.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
  const operation = paths[template]?.[method.toLowerCase()];
  if (!operation) return [`${method.toUpperCase()} ${template} is not in the document`];
  // An unexpected error (500) is the document's `default` answer.
  const listed = operation.responses[String(answer.status)] ?? (answer.status >= 500 ? operation.responses.default : undefined);
  const documented = listed as { content?: Record<string, { schema: { $ref?: string } }>; headers?: Record<string, unknown> } | undefined;
  if (!documented) return [`${where}: the document does not list this status`];
  // The API never sets a cookie (bearer only, ADR 0056).
  if (answer.setCookie !== null) return [`${where}: sets a cookie`];
  // Every header a client may act on is in the document for this answer (issue 45: RateLimit-* on every answer that has them).
  const named = new Set(Object.keys(documented.headers ?? {}).map((name) => name.toLowerCase()));
  const undocumented = [...(answer.headers ?? [])]
    .map(([name]) => name.toLowerCase())
    .filter((name) => DOCUMENTED_HEADERS.includes(name) && !named.has(name));
  if (undocumented.length > 0) return [`${where}: answers the headers ${undocumented.join(", ")}, which the document does not name`];
  if (answer.body === undefined && !documented.content) return []; // 204, 304: no body, none documented
  const schema = documented.content?.[answer.contentType]?.schema;
  if (!schema) return [`${where}: answers ${answer.contentType}, which the document does not list`];
  if (!schema.$ref) return []; // a file (application/zip, image/webp)
  const validate = ajv.compile({ $ref: `openapi.json${schema.$ref}` });
  if (validate(answer.body)) return [];
  return (validate.errors ?? []).map(
    (error) => `${where}: ${error.instancePath} ${error.message} in ${JSON.stringify(answer.body).slice(0, 200)}`,
  );
}
