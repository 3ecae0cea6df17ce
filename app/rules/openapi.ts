import { z } from "zod";
import { GLOBAL_ERROR_NAMES } from "#app/errors/catalogue";
import type { ProblemType } from "#app/errors/problem-types";
import { API_KEY_SCOPES } from "./api-keys.ts";
// Registers the AccessibilityReport component (issue 47) in apiSchemas.
import "./accessibility-report.ts";
import {
  apiSchemas,
  CreateEpaperSchema,
  EpaperListQuerySchema,
  ImportUploadSchema,
  ListQuerySchema,
  PublicationListQuerySchema,
  PublishRequestSchema,
  UpdateEpaperSchema,
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

const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": { description: "Calls allowed per window", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Calls left in this window", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the window ends", schema: { type: "integer" } },
};
const problemContent = { "application/problem+json": { schema: ref("Problem") } };
/** A refusal after the key was accepted: it carries the key's RateLimit-* headers like a success. */
const problem = (description: string, headers: Record<string, unknown> = {}) => ({
  description,
  headers: { ...RATE_LIMIT_HEADERS, ...headers },
  content: problemContent,
});
const RETRY_AFTER = { description: "Seconds to wait before trying again", schema: { type: "integer" } };
const REFUSALS = {
  // Before any key is accepted: no rate-limit headers.
  "401": { description: "No key, an unknown or revoked key, or its account is deactivated (NotAuthenticated)", content: problemContent },
  "403": problem(
    "The key lacks the scope, or the account may not do this: demo content, locked by support, its plan (Forbidden, DemoError)",
  ),
  "422": problem("A parameter or the body is not valid, or the studio refuses it (Unprocessable); `errors` names the parameters or fields"),
  "429": problem(
    "Over a rate limit (TooManyRequests): the key's, the account's, or too many bad keys from this address (then without RateLimit-*); Retry-After says when to try again",
    { "Retry-After": RETRY_AFTER },
  ),
  "503": problem("The studio is in maintenance, or no render node is available for an upload (Unavailable)", {
    "Retry-After": RETRY_AFTER,
  }),
  default: problem("An unexpected error (GeneralError): its detail names a reference for support"),
};

/** What each problem type of problem-types.ts means, for the document's description. */
const PROBLEM_TYPE_TEXTS: Record<ProblemType, string> = {
  "unknown-path": "404: nothing under /api/v1/ answers at the address",
  "method-not-allowed": "405: the address does not answer the method; Allow names the ones it does",
  "epaper-busy": "409: the ePaper runs a process; try again after Retry-After",
  "channel-busy": "409: the channel is being published to or cleared; try again after Retry-After",
};

type Scope = (typeof API_KEY_SCOPES)[number];
type Operation = { operationId: string; summary: string; description?: string; parameters?: JsonSchema[] };

const ETAG = { description: "The image's version, for If-None-Match", schema: { type: "string" } };
const json = (schemaId: string) => ({ "application/json": { schema: ref(schemaId) } });
const NOT_FOUND = { "404": problem("No such item in the key's account (NotFound)") };

function read(operation: Operation & { schemaId: string; notFound?: boolean }) {
  const { schemaId, notFound, ...rest } = operation;
  return {
    ...rest,
    security: [{ apiKey: ["read"] }],
    parameters: rest.parameters ?? [],
    responses: {
      "200": { description: "OK", headers: RATE_LIMIT_HEADERS, content: json(schemaId) },
      ...REFUSALS,
      ...(notFound ? NOT_FOUND : {}),
    },
  };
}

/** A request body from a schema's input side (what a client sends: defaults optional). */
const requestBody = (schema: z.ZodType) => {
  const { $schema: _schema, ...body } = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input" }) as JsonSchema;
  return { required: true, content: { "application/json": { schema: body } } };
};

const IDEMPOTENT_REPLAYED = {
  description: "true when this is the stored answer of an earlier call with the same Idempotency-Key",
  schema: { type: "string", enum: ["true"] },
};
const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Any unique text (1–255 visible ASCII characters, e.g. a UUID). A retry with the same key and the same request within a day answers the first call's result (header Idempotent-Replayed: true) instead of doing it again; the same key with another request is 422, while the first call still runs 409. An upload is the same request when its file is the same (SHA-256). A preview link's password is in the first answer only; a replay answers null.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

function write(
  operation: Operation & {
    scope: Scope;
    status: "200" | "201" | "202" | "204";
    schemaId: string | null;
    requestBody?: JsonSchema;
    conflict?: string;
    /** The call acts on an ePaper that may be running a process: 409 epaper-busy. */
    busy?: string;
    idempotent?: boolean;
    /** 413's text: the file of an upload (a JSON body's limit otherwise). */
    tooLarge?: string;
  },
) {
  const { scope, status, schemaId, requestBody: body, conflict, busy, idempotent, tooLarge, ...rest } = operation;
  const conflicts = [
    busy ? `${busy} (problem type epaper-busy, code Conflict)` : null,
    conflict,
    idempotent ? "A call with this Idempotency-Key still runs (Conflict)" : null,
  ].filter(Boolean);
  return {
    ...rest,
    security: [{ apiKey: [scope] }],
    parameters: [...(rest.parameters ?? []), ...(idempotent ? [IDEMPOTENCY_KEY] : [])],
    ...(body ? { requestBody: body } : {}),
    responses: {
      [status]: {
        description: { "200": "Changed", "201": "Created", "202": "Started", "204": "Done" }[status],
        headers: { ...RATE_LIMIT_HEADERS, ...(idempotent ? { "Idempotent-Replayed": IDEMPOTENT_REPLAYED } : {}) },
        ...(schemaId ? { content: json(schemaId) } : {}),
      },
      ...REFUSALS,
      ...NOT_FOUND,
      ...(conflicts.length > 0 ? { "409": problem(conflicts.join("; "), { "Retry-After": RETRY_AFTER }) } : {}),
      ...(body || tooLarge ? { "413": problem(tooLarge ?? "The body is larger than 64 KiB (Unprocessable)") } : {}),
    },
  };
}

export function openApiDocument(options: { serverUrl: string; version: string }) {
  const idParameter = { name: "epaperId", in: "path", required: true, schema: { type: "string", minLength: 1, maxLength: 64 } };
  return {
    openapi: "3.1.0",
    info: {
      title: "ePaper studio API",
      version: options.version,
      description: [
        "Upload PDFs, make and change ePapers, publish them, and read the ePapers, publications and channels of one account.",
        "Send an API key, made in the studio's account drawer, as",
        "`Authorization: Bearer <key>`; no cookie is read and none is set. Every call counts against the key's rate limit",
        "(RateLimit-* headers). Lists are newest first; pass a page's `nextCursor` as `cursor` for the next one.",
        `Errors are RFC 9457 problem details (application/problem+json) whose \`code\` is one of: ${GLOBAL_ERROR_NAMES.join(", ")}.`,
        "Their `type` is the reference's section of the problem: for most the code's, for these its own:",
        Object.entries(PROBLEM_TYPE_TEXTS)
          .map(([type, text]) => `\`${type}\` (${text})`)
          .join("; ")
          .concat("."),
        "Titles and details follow Accept-Language (en, de; English without one).",
      ].join(" "),
    },
    servers: [{ url: options.serverUrl }],
    security: [{ apiKey: [] }],
    paths: {
      "/api/v1/epapers": {
        get: read({
          operationId: "listEpapers",
          summary: "List and search ePapers",
          schemaId: "EpaperList",
          parameters: queryParameters(EpaperListQuerySchema),
          notFound: true,
        }),
        post: write({
          operationId: "createEpaper",
          summary: "Make an upload into an ePaper and start its rendering",
          description: "Poll the ePaper (process.running, isRendered) or subscribe to the epaper.rendered webhook.",
          scope: "write",
          status: "201",
          schemaId: "Epaper",
          requestBody: requestBody(CreateEpaperSchema),
          idempotent: true,
        }),
      },
      "/api/v1/epapers/{epaperId}": {
        get: read({
          operationId: "getEpaper",
          summary: "One ePaper with its process, pages and outline",
          schemaId: "Epaper",
          parameters: [idParameter],
          notFound: true,
        }),
        patch: write({
          operationId: "updateEpaper",
          summary: "Rename an ePaper or move it into a folder",
          scope: "write",
          status: "200",
          description: "Only the fields sent change; an empty object changes nothing and answers the ePaper as it is.",
          schemaId: "Epaper",
          parameters: [idParameter],
          requestBody: requestBody(UpdateEpaperSchema),
        }),
        delete: write({
          operationId: "deleteEpaper",
          summary: "Delete an ePaper",
          description:
            "Deletes the ePaper, its publications and its channel's content. While a process runs (rendering, publishing, a page operation) nothing is deleted and the answer is 409 epaper-busy: wait for the process to end (Retry-After, or the epaper.rendered webhook) and delete then. A failed or cancelled process does not refuse.",
          scope: "write",
          status: "204",
          schemaId: null,
          parameters: [idParameter],
          busy: "A process runs: nothing was deleted",
        }),
      },
      "/api/v1/epapers/{epaperId}/publications": {
        post: write({
          operationId: "publishEpaper",
          summary: "Publish an ePaper as a preview, a preview link, a zip package or to a channel",
          description: "Starts the publication; the publication.ready webhook, or the ePaper's process, says when it is ready.",
          scope: "publish",
          status: "202",
          schemaId: "PublishStarted",
          parameters: [idParameter],
          requestBody: requestBody(PublishRequestSchema),
          busy: "The ePaper runs a process (another publish, a render, a page operation), or the channel is being published to (problem type channel-busy)",
          conflict: "A zip would take a unit of the zip contingent, and confirmCharge is not true (Conflict)",
          idempotent: true,
        }),
      },
      "/api/v1/epapers/{epaperId}/accessibility": {
        get: read({
          operationId: "getAccessibilityReport",
          summary: "The ePaper's accessibility report",
          description:
            "A checklist of what readers with a screen reader, large text or a phone get: language, title, text on every page (native or recognised, with OCR confidence), reading order source, media titles, link names, the reader's contrast and a table of contents.",
          schemaId: "AccessibilityReport",
          parameters: [idParameter],
          notFound: true,
        }),
      },
      "/api/v1/epapers/{epaperId}/zip": {
        get: {
          operationId: "downloadZip",
          summary: "Download the ePaper's zip package",
          security: [{ apiKey: ["read"] }],
          parameters: [idParameter],
          responses: {
            "200": {
              description: "The zip package",
              headers: RATE_LIMIT_HEADERS,
              content: { "application/zip": { schema: { type: "string", contentMediaType: "application/zip" } } },
            },
            ...REFUSALS,
            ...NOT_FOUND,
          },
        },
      },
      "/api/v1/epapers/{epaperId}/pages/{pageNumber}/{file}": {
        get: {
          operationId: "getPageImage",
          summary: "A page's thumbnail or rendition (WebP), as an ePaper's pages name them",
          security: [{ apiKey: ["read"] }],
          parameters: [
            idParameter,
            { name: "pageNumber", in: "path", required: true, schema: { type: "integer", minimum: 1 } },
            { name: "file", in: "path", required: true, schema: { type: "string", pattern: "^[a-z0-9]+\\.webp$" } },
            {
              name: "v",
              in: "query",
              required: false,
              description:
                "The ePaper's pages version, as its image URLs carry it: it changes whenever a render or a page operation changes which image a page number shows, so a URL with it can be cached; the answer does not depend on it",
              schema: { type: "integer", minimum: 0 },
            },
            {
              name: "If-None-Match",
              in: "header",
              required: false,
              description: "The ETag of an earlier answer: 304 without a body when the image is the same",
              schema: { type: "string" },
            },
          ],
          responses: {
            "200": {
              description: "The image",
              headers: { ...RATE_LIMIT_HEADERS, ETag: ETAG },
              content: { "image/webp": { schema: { type: "string", format: "binary", contentMediaType: "image/webp" } } },
            },
            "304": { description: "Not modified: the image of If-None-Match; no body", headers: { ...RATE_LIMIT_HEADERS, ETag: ETAG } },
            ...REFUSALS,
            ...NOT_FOUND,
          },
        },
      },
      "/api/v1/uploads": {
        post: write({
          operationId: "uploadPdf",
          summary: "Upload a PDF, or import it from an address",
          description:
            "Multipart with the file, or JSON { url } to have the studio fetch the PDF from a public address. The studio's limits and refusals apply (size, pages, not a PDF, password-protected, damaged); an address the studio may not or cannot fetch is 422.",
          scope: "write",
          status: "201",
          schemaId: "Upload",
          tooLarge: "The file is larger than the studio accepts, or a JSON body larger than 64 KiB (Unprocessable)",
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  required: ["file"],
                  properties: {
                    file: {
                      type: "string",
                      format: "binary",
                      contentMediaType: "application/pdf",
                      description: "The PDF. Without it (or with two) the answer is 422 naming the field file",
                    },
                  },
                },
              },
              ...requestBody(ImportUploadSchema).content,
            },
          },
          idempotent: true,
        }),
      },
      "/api/v1/publications": {
        get: read({
          operationId: "listPublications",
          summary: "Preview links, previews and zip packages",
          schemaId: "PublicationList",
          parameters: queryParameters(PublicationListQuerySchema),
        }),
      },
      "/api/v1/channels": {
        get: read({
          operationId: "listChannels",
          summary: "Channels with their fixed addresses",
          schemaId: "ChannelList",
          parameters: queryParameters(ListQuerySchema),
        }),
      },
    },
    components: {
      schemas: components(),
      responses: {
        UnknownPath: { description: "Nothing under /api/v1/ answers at this address (problem type unknown-path)", content: problemContent },
        MethodNotAllowed: {
          description: "The address does not answer this method (problem type method-not-allowed); Allow names the ones it does",
          headers: { Allow: { description: "The methods the address answers", schema: { type: "string" } } },
          content: problemContent,
        },
      },
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "ep_live_…",
          description: `An API key of the account; its scopes are ${API_KEY_SCOPES.join(", ")}: read for GET, write for uploads and changes, publish for publications.`,
        },
      },
    },
  };
}
