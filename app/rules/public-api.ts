import type { Selectable } from "kysely";
import { z } from "zod";
import type { Epaper } from "#db/schema.gen";
import { GLOBAL_ERROR_NAMES } from "#app/errors/catalogue";
import { EPAPER_LANGUAGES } from "#db/seed-data";
import { EPAPER_NAME_MAX } from "./upload-contract.ts";

/*
 * The public API's read side (issue 32, ADR 0056): the schemas its routes parse queries with and
 * serialise answers through. The OpenAPI document (openapi.ts) is generated from these same
 * schemas, so the document cannot drift from what the routes do. A schema registered in
 * `apiSchemas` is a named component of the document (answers, as the route sends them); request
 * bodies are written into the document from their input side where they are used.
 */

export const API_LIMIT_DEFAULT = 25;
export const API_LIMIT_MAX = 100;

/** The schemas that become components of the OpenAPI document, by name. */
export const apiSchemas = z.registry<{ id: string }>();

const id = z.string().min(1).max(64);
const instant = z.iso.datetime({ offset: true }).meta({ description: "An instant, ISO 8601 in UTC" });
const url = z.url();

/** Cursor pagination: `limit` items after the opaque `cursor` of the previous page's `nextCursor`. */
export const ListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(API_LIMIT_MAX).default(API_LIMIT_DEFAULT).meta({ description: "Items per page (1–100)" }),
  cursor: z.string().min(1).max(200).optional().meta({ description: "The nextCursor of the previous page; opaque" }),
});

export const EpaperListQuerySchema = ListQuerySchema.extend({
  search: z.string().trim().min(1).max(250).optional().meta({ description: "Every word must begin a word of the name" }),
  folderId: id.optional().meta({ description: "Only the ePapers of this folder (the root folder includes those without one)" }),
});

/** The kinds of an ePaper's process (epaper.process_type). */
export const EPAPER_PROCESS_TYPES = [
  "rendering",
  "publishing_preview",
  "publishing_previewlink",
  "publishing_zip",
  "publishing_channel",
  "inserting_pages",
  "replacing_page",
  "moving_page",
  "deleting_page",
] as const satisfies readonly StoredProcessType[];
type StoredProcessType = NonNullable<Selectable<Epaper>["processType"]>;
// Every stored kind is listed: a new one fails here instead of failing the answer's schema.
const everyProcessType: Exclude<StoredProcessType, (typeof EPAPER_PROCESS_TYPES)[number]> extends never ? true : never = true;
void everyProcessType;

export const ProcessSchema = z
  .object({
    type: z.enum(EPAPER_PROCESS_TYPES).nullable().meta({
      description:
        "The process that runs (running true), or the one that failed (running false, error set); null when none runs and the last one finished or was cancelled (cancelled true)",
    }),
    running: z.boolean(),
    cancelled: z.boolean(),
    error: z.string().nullable(),
    pageCount: z.number().int().min(0),
    pageCountReady: z.number().int().min(0),
  })
  .register(apiSchemas, { id: "Process" });

export const EpaperSummarySchema = z
  .object({
    id,
    name: z.string(),
    folderId: id.nullable(),
    languageCode: z.string(),
    isRendered: z.boolean(),
    isLocked: z.boolean().meta({ description: "Locked by support: no changes" }),
    isDemo: z.boolean(),
    pageCount: z.number().int().min(0),
    process: ProcessSchema,
    createdAt: instant,
    updatedAt: instant,
  })
  .register(apiSchemas, { id: "EpaperSummary" });

const pageOf = <T extends z.ZodType>(item: T, name: string) =>
  z
    .object({
      items: z.array(item),
      nextCursor: z.string().nullable().meta({ description: "Pass as cursor for the next page; null on the last page" }),
    })
    .register(apiSchemas, { id: name });

export const EpaperPageSchema = pageOf(EpaperSummarySchema, "EpaperList");

const ImageSchema = z.object({ width: z.number().int(), height: z.number().int(), url }).register(apiSchemas, { id: "PageImage" });

export const EpaperDetailSchema = EpaperSummarySchema.extend({
  pages: z.array(
    z
      .object({
        number: z.number().int().min(1),
        width: z.number().meta({ description: "PDF points" }),
        height: z.number(),
        isHidden: z.boolean(),
        thumbnail: ImageSchema.nullable(),
        images: z.array(ImageSchema),
      })
      .register(apiSchemas, { id: "Page" }),
  ),
  outline: z.array(
    z
      .object({
        title: z.string(),
        description: z.string().nullable(),
        author: z.string().nullable(),
        indent: z.number().int().min(0).max(3),
        enabled: z.boolean(),
        pageNumber: z.number().int().min(1),
      })
      .register(apiSchemas, { id: "OutlineItem" }),
  ),
}).register(apiSchemas, { id: "Epaper" });

export const PUBLICATION_TYPES = ["preview", "previewlink", "zip"] as const;

export const PublicationSchema = z
  .object({
    id,
    epaperId: id,
    type: z.enum(PUBLICATION_TYPES),
    url: url.meta({
      description: "preview: the reader; previewlink: its password page; zip: the API download (GET with the key)",
    }),
    publishedAt: instant,
    expiresAt: instant.nullable().meta({ description: "A preview link's end" }),
    sizeInByte: z.number().int().min(0),
    createdAt: instant,
  })
  .register(apiSchemas, { id: "Publication" });

export const PublicationPageSchema = pageOf(PublicationSchema, "PublicationList");

export const PublicationListQuerySchema = ListQuerySchema.extend({
  epaperId: id.optional().meta({ description: "Only the publications of this ePaper" }),
  type: z.enum(PUBLICATION_TYPES).optional().meta({ description: "Only publications of this type" }),
});

export const ChannelSchema = z
  .object({
    id,
    name: z.string(),
    url: url.meta({ description: "The channel's fixed address" }),
    epaperId: id.nullable(),
    isDemo: z.boolean(),
    disabled: z.boolean(),
    publishedAt: instant.nullable(),
    removeAt: instant.nullable(),
    subdomain: z.string().nullable(),
    createdAt: instant,
  })
  .register(apiSchemas, { id: "Channel" });

export const ChannelPageSchema = pageOf(ChannelSchema, "ChannelList");

/** RFC 9457 problem details; `code` is a name of the studio's error catalogue. */
export const ProblemSchema = z
  .object({
    type: z.string().meta({ description: "A URI of the problem's kind (the API reference's section)" }),
    title: z.string().meta({ description: "The kind, in the language of Accept-Language (en, de)" }),
    status: z.number().int(),
    detail: z.string().meta({ description: "This occurrence, in the language of Accept-Language" }),
    code: z.enum(GLOBAL_ERROR_NAMES),
    errors: z
      .array(
        z.object({
          field: z.string().meta({ description: "A query parameter, a body field (dotted path) or `file`" }),
          detail: z.string(),
        }),
      )
      .optional()
      .meta({ description: "The request's fields the refusal is about (422)" }),
  })
  .register(apiSchemas, { id: "Problem" });
export type Problem = z.output<typeof ProblemSchema>;

// ---- Writes (issue 32): uploads, creating, changing, deleting and publishing ePapers ----

export const UploadSchema = z
  .object({
    id: id.meta({ description: "Pass as uploadId to create an ePaper (within a day)" }),
    fileName: z.string(),
    pageCount: z.number().int().min(1),
  })
  .register(apiSchemas, { id: "Upload" });

export const ImportUploadSchema = z.object({
  url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .meta({ description: "A public http(s) address of the PDF; the studio fetches it (redirects followed, at most 3)" }),
});

export const CreateEpaperSchema = z.object({
  uploadId: id.meta({ description: "An upload of this account not yet made into an ePaper" }),
  name: z.string().trim().min(1).max(EPAPER_NAME_MAX),
  languageCode: z.enum(EPAPER_LANGUAGES.map((language) => language.code)).meta({ description: "The reader's language" }),
  folderId: id.optional().meta({ description: "A folder of the account; the root folder without one" }),
});

export const UpdateEpaperSchema = z
  .object({
    name: z.string().trim().min(1).max(EPAPER_NAME_MAX).optional().meta({ description: "Rename" }),
    folderId: id.optional().meta({ description: "Move into this folder of the account" }),
  })
  .meta({ description: "The changes; an empty object changes nothing and answers the ePaper as it is" });

export const PUBLISH_REQUEST_TYPES = ["preview", "previewlink", "zip", "channel"] as const;

export const PublishRequestSchema = z.object({
  type: z.enum(PUBLISH_REQUEST_TYPES),
  channelId: id.optional().meta({ description: "type channel: the channel to publish to" }),
  confirmCharge: z
    .boolean()
    .optional()
    .meta({ description: "type zip: agree that this zip takes a unit of the zip contingent (else 409 when it would)" }),
  newPassword: z.boolean().optional().meta({ description: "type previewlink: a new password instead of keeping the old one" }),
});

export const PublishStartedSchema = z
  .object({
    epaperId: id,
    type: z.enum(PUBLISH_REQUEST_TYPES),
    publicationId: id.nullable().meta({
      description:
        "preview, previewlink, zip: the publication's id, the same for every publish of this type of this ePaper; GET /api/v1/publications?epaperId= lists it once its first build is ready. null for a channel (channelId names it)",
    }),
    channelId: id.nullable(),
    password: z.string().nullable().meta({
      description:
        "type previewlink: its password, shown this once (null when the old one stays, and in an Idempotency-Key replay: only its hash is kept)",
    }),
  })
  .register(apiSchemas, { id: "PublishStarted" });
