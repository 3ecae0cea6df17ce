import { z } from "zod";
import { GLOBAL_ERROR_NAMES } from "#app/errors/catalogue";
import { API_KEY_SCOPES } from "./api-keys.ts";
import {
  apiSchemas,
  ChannelPageSchema,
  EpaperDetailSchema,
  EpaperListQuerySchema,
  EpaperPageSchema,
  ListQuerySchema,
  PublicationPageSchema,
} from "./public-api.ts";

/*
 * The OpenAPI 3.1 document of the public API (issue 32, ADR 0056), generated with Zod's own
 * z.toJSONSchema from the schemas the routes parse and serialise with (public-api.ts): OpenAPI
 * 3.1 schemas are JSON Schema 2020-12, which is what Zod writes, so no converter library is needed.
 * Only the operations, their parameters' places and the texts around them are written here.
 */

type JsonSchema = Record<string, unknown>;
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** The named components, without the per-document keywords z.toJSONSchema adds to each. */
function components(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(apiSchemas, { target: "draft-2020-12", io: "output", uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema as JsonSchema;
      return [id, rest];
    }),
  );
}

/** Query parameters from a query schema's input side (what a client sends). */
function queryParameters(schema: z.ZodObject): JsonSchema[] {
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input" }) as { properties: Record<string, JsonSchema> };
  return Object.entries(json.properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: "query", required: false, ...(description ? { description } : {}), schema: rest };
  });
}

const problem = (description: string) => ({ description, content: { "application/problem+json": { schema: ref("Problem") } } });
const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": { description: "Calls allowed per window", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Calls left in this window", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the window ends", schema: { type: "integer" } },
};
const REFUSALS = {
  "401": problem("No key, an unknown or revoked key, or its account is deactivated (NotAuthenticated)"),
  "403": problem("The key lacks the scope (Forbidden)"),
  "422": problem("A parameter is not valid (Unprocessable)"),
  "429": {
    ...problem(
      "Over a rate limit (TooManyRequests): the key's, the account's, or too many bad keys from this address; Retry-After says when to try again",
    ),
    headers: { ...RATE_LIMIT_HEADERS, "Retry-After": { description: "Seconds", schema: { type: "integer" } } },
  },
  "503": problem("The studio is in maintenance (Unavailable)"),
};

function read(summary: string, schemaId: string, options: { parameters?: JsonSchema[]; notFound?: boolean; operationId: string }) {
  return {
    get: {
      operationId: options.operationId,
      summary,
      security: [{ apiKey: ["read"] }],
      parameters: options.parameters ?? [],
      responses: {
        "200": { description: "OK", headers: RATE_LIMIT_HEADERS, content: { "application/json": { schema: ref(schemaId) } } },
        ...REFUSALS,
        ...(options.notFound ? { "404": problem("No such item in the key's account (NotFound)") } : {}),
      },
    },
  };
}

/** The schemas a response of `path` and `status` must match (tests validate every answer against the document). */
export const API_PATHS = {
  "/api/v1/epapers": EpaperPageSchema,
  "/api/v1/epapers/{epaperId}": EpaperDetailSchema,
  "/api/v1/publications": PublicationPageSchema,
  "/api/v1/channels": ChannelPageSchema,
} as const;

export function openApiDocument(options: { serverUrl: string; version: string }) {
  const idParameter = { name: "epaperId", in: "path", required: true, schema: { type: "string", minLength: 1, maxLength: 64 } };
  return {
    openapi: "3.1.0",
    info: {
      title: "ePaper studio API",
      version: options.version,
      description: [
        "Read the ePapers, publications and channels of one account. Send an API key, made in the studio's account drawer, as",
        "`Authorization: Bearer <key>`; no cookie is read and none is set. Every call counts against the key's rate limit",
        "(RateLimit-* headers). Lists are newest first; pass a page's `nextCursor` as `cursor` for the next one.",
        `Errors are RFC 9457 problem details whose \`code\` is one of: ${GLOBAL_ERROR_NAMES.join(", ")}.`,
        "Titles and details follow Accept-Language (en, de; English without one).",
      ].join(" "),
    },
    servers: [{ url: options.serverUrl }],
    security: [{ apiKey: [] }],
    paths: {
      "/api/v1/epapers": read("List and search ePapers", "EpaperList", {
        operationId: "listEpapers",
        parameters: queryParameters(EpaperListQuerySchema),
        notFound: true,
      }),
      "/api/v1/epapers/{epaperId}": read("One ePaper with its process, pages and outline", "Epaper", {
        operationId: "getEpaper",
        parameters: [idParameter],
        notFound: true,
      }),
      "/api/v1/publications": read("Preview links, previews and zip packages", "PublicationList", {
        operationId: "listPublications",
        parameters: queryParameters(ListQuerySchema),
      }),
      "/api/v1/channels": read("Channels with their fixed addresses", "ChannelList", {
        operationId: "listChannels",
        parameters: queryParameters(ListQuerySchema),
      }),
    },
    components: {
      schemas: components(),
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "ep_live_…",
          description: `An API key of the account; its scopes are ${API_KEY_SCOPES.join(", ")} (this version reads only: read).`,
        },
      },
    },
  };
}
