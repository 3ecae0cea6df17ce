import { z } from "zod";
import type { Frame } from "./click-area.ts";
import {
  contentReady,
  DISPLAY_AS,
  type DisplayAs,
  type EnrichmentKind,
  ENRICHMENT_KINDS,
  completeUrl,
  isLinkTarget,
  isOverlaySize,
  isVideoUrl,
  MEDIA_BAR_CONTENTS,
  type MediaBarContent,
  mediaBarContentMissing,
  textProblem,
  TEXT_LENGTH,
} from "./enrichment.ts";

/**
 * A media element (enrichment) as the editor reads and writes it (studio-core.md §3
 * 'Enrichment' and its detail objects, §4 'Enrichment creator' and 'Editing an enrichment', §5;
 * issue 11): one flat shape for all six kinds, the fields of other kinds null. The creator, the
 * edit panel and the server validate with the same function (fieldProblems), so a message the
 * browser shows is the refusal the server would give.
 */

export const EDITOR_MODES = ["text", "html"] as const;
export type EditorMode = (typeof EDITOR_MODES)[number];

export type MediaFields = {
  title: string | null;
  description: string | null;
  customIcon: string | null;
  previewImageAuto: boolean;
  frame: Frame;
  frameActive: boolean;
  frameIconActive: boolean;
  frameEmbedded: boolean;
  mediaBarActive: boolean;
  mediaBarContent: MediaBarContent | null;
  internalLinkPageId: string | null;
  url: string | null;
  displayAs: DisplayAs | null;
  width: number | null;
  height: number | null;
  recipient: string | null;
  subject: string | null;
  body: string | null;
  galleryId: string | null;
  content: string | null;
  editorMode: EditorMode | null;
};

export type MediaElement = MediaFields & {
  id: string;
  kind: EnrichmentKind;
  /** When it was last saved (ISO, milliseconds): a save names the version it changes (stale-version conflict). */
  version: string;
  /** The page number the internal link leads to, for showing it. */
  internalLinkPageNumber: number | null;
  previewImage: { id: string; name: string } | null;
};

/** Overlay size the creator suggests (§5: required for overlays; the user may change it). */
export const DEFAULT_OVERLAY = { width: 800, height: 450 } as const;
/** A new click area without a drawn frame: a fifth of the page wide and tall, near the centre. */
export const DEFAULT_FRAME: Frame = { x1: 0.4, y1: 0.4, x2: 0.6, y2: 0.6 };

/**
 * Where a new click area without a drawn frame goes: the page's element count picks a cell of a
 * 4 × 4 grid, so new areas never cover each other (nor the elements before them) until 16.
 */
export function cascadedFrame(existing: number): Frame {
  const cell = existing % 16;
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  const x1 = round(0.05 + (cell % 4) * 0.23);
  const y1 = round(0.05 + Math.floor(cell / 4) * 0.23);
  return { x1, y1, x2: round(x1 + 0.18), y2: round(y1 + 0.18) };
}

/** The fields a new element of a kind starts with (§4 defaults). */
export function newMediaFields(kind: EnrichmentKind, frame: Frame = DEFAULT_FRAME): MediaFields {
  const linkLike = kind === "externalLink" || kind === "video";
  return {
    title: null,
    description: null,
    customIcon: null,
    previewImageAuto: false,
    frame,
    frameActive: true,
    frameIconActive: true,
    frameEmbedded: false,
    mediaBarActive: false,
    mediaBarContent: null,
    internalLinkPageId: null,
    url: linkLike ? "" : null,
    displayAs: linkLike ? (kind === "video" ? "overlay" : "tab_blank") : null,
    width: kind === "customHtml" || kind === "video" ? DEFAULT_OVERLAY.width : null,
    height: kind === "customHtml" || kind === "video" ? DEFAULT_OVERLAY.height : null,
    recipient: kind === "mailtoLink" ? "" : null,
    subject: null,
    body: null,
    galleryId: null,
    content: kind === "customHtml" ? "" : null,
    editorMode: kind === "customHtml" ? "text" : null,
  };
}

const nullableText = (max: number) =>
  z
    .string()
    .max(max * 4)
    .nullable()
    .transform((value) => (value === null || value.trim() === "" ? null : value.trim()));
const size = z.number().int().nullable();
const frameSchema = z.object({ x1: z.number(), y1: z.number(), x2: z.number(), y2: z.number() }).strict();

/** What a save may send: any subset of the fields, typed; the rules come after (fieldProblems). */
export const mediaPatchSchema = z
  .object({
    title: nullableText(TEXT_LENGTH.max),
    description: nullableText(TEXT_LENGTH.max),
    customIcon: z.string().max(32).nullable(),
    previewImageAuto: z.boolean(),
    frame: frameSchema,
    frameActive: z.boolean(),
    frameIconActive: z.boolean(),
    frameEmbedded: z.boolean(),
    mediaBarActive: z.boolean(),
    mediaBarContent: z.enum(MEDIA_BAR_CONTENTS).nullable(),
    internalLinkPageId: z.string().max(32).nullable(),
    // Saved with its protocol: `example.com/page` is stored as https://example.com/page (issue 46).
    url: z
      .string()
      .max(2048)
      .nullable()
      .transform((url) => (url === null ? null : completeUrl(url))),
    displayAs: z.enum(DISPLAY_AS).nullable(),
    width: size,
    height: size,
    recipient: z.string().max(254).nullable(),
    subject: nullableText(TEXT_LENGTH.max),
    body: z.string().max(20_000).nullable(),
    galleryId: z.string().max(32).nullable(),
    content: z.string().max(1_000_000).nullable(),
    editorMode: z.enum(EDITOR_MODES).nullable(),
  })
  .partial()
  .strict();
export type MediaPatch = z.infer<typeof mediaPatchSchema>;

export const mediaCreateSchema = z.object({ kind: z.enum(ENRICHMENT_KINDS), fields: mediaPatchSchema }).strict();

/** A problem of one field: the message key under editor.validation and its values. */
export type FieldProblem = { key: ValidationKey; params?: Record<string, number> };
export type ValidationKey =
  | "textTooShort"
  | "textTooLong"
  | "urlNotValid"
  | "notPathOrUrl"
  | "videoUrlNotValid"
  | "validEmailRequired"
  | "numberValueNotValid"
  | "targetPageRequired"
  | "galleryRequired"
  | "displayRequired"
  | "mediaBarContentRequired"
  | "needsTitle"
  | "needsDescription"
  | "needsPreviewImage";
export type FieldName = keyof MediaFields | "display";
export type FieldProblems = Partial<Record<FieldName, FieldProblem>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * Every rule of §4 and §5 for an element of this kind with these fields: an empty answer means
 * it may be saved. `hasPreviewImage` says whether a preview image is uploaded or generated.
 */
export function fieldProblems(kind: EnrichmentKind, fields: MediaFields, hasPreviewImage: boolean): FieldProblems {
  const problems: FieldProblems = {};
  for (const name of ["title", "description"] as const) {
    const problem = textProblem(fields[name]);
    if (problem) problems[name] = { key: problem, params: { min: TEXT_LENGTH.min, max: TEXT_LENGTH.max } };
  }
  if (!fields.frameActive && !fields.mediaBarActive) problems.display = { key: "displayRequired" };
  if (fields.mediaBarActive) {
    if (!fields.mediaBarContent) problems.mediaBarContent = { key: "mediaBarContentRequired" };
    else {
      const missing = mediaBarContentMissing(fields.mediaBarContent, {
        title: fields.title,
        description: fields.description,
        hasPreviewImage,
        previewImageAuto: fields.previewImageAuto,
      });
      const keys = { title: "needsTitle", description: "needsDescription", previewImage: "needsPreviewImage" } as const;
      if (missing) problems.mediaBarContent = { key: keys[missing] };
    }
  }
  const url = completeUrl(fields.url ?? "");
  switch (kind) {
    case "internalLink":
      if (!fields.internalLinkPageId) problems.internalLinkPageId = { key: "targetPageRequired" };
      break;
    case "mailtoLink":
      if (!EMAIL.test(fields.recipient?.trim() ?? "")) problems.recipient = { key: "validEmailRequired" };
      break;
    case "externalLink":
      if (!isLinkTarget(url)) problems.url = { key: url === "" || /^https?:/i.test(url) ? "urlNotValid" : "notPathOrUrl" };
      break;
    case "video":
      if (!isVideoUrl(url)) problems.url = { key: "videoUrlNotValid" };
      break;
    case "gallery":
      if (!fields.galleryId) problems.galleryId = { key: "galleryRequired" };
      break;
    case "customHtml":
      break;
  }
  const needsSize = kind === "customHtml" || ((kind === "externalLink" || kind === "video") && fields.displayAs === "overlay");
  if (needsSize) {
    if (!isOverlaySize(fields.width ?? "")) problems.width = { key: "numberValueNotValid" };
    if (!isOverlaySize(fields.height ?? "")) problems.height = { key: "numberValueNotValid" };
  }
  return problems;
}

/** The creator's step readiness (§4): step 2 'content' is ready when contentReady says so and no content field has a problem. */
export function contentStepReady(kind: EnrichmentKind, fields: MediaFields): boolean {
  return contentReady({ kind, ...fields });
}

/** The fields of an element, as a draft the forms edit. */
export function fieldsOf(element: MediaElement): MediaFields {
  const { id: _id, kind: _kind, version: _version, internalLinkPageNumber: _number, previewImage: _image, ...fields } = element;
  return fields;
}

const OPTIONAL_TEXTS = new Set<keyof MediaFields>(["title", "description", "subject"]);
/** An optional text as it is stored: empty is null (§4: 'empty title or description is sent as null'). */
const stored = (key: keyof MediaFields, value: unknown) =>
  OPTIONAL_TEXTS.has(key) && typeof value === "string" && value.trim() === "" ? null : value;

/**
 * Only the fields that differ from the saved element: what a save sends. An emptied title or
 * description goes as null, and not at all when it was null already (§4).
 */
export function changedFields(saved: MediaFields, draft: MediaFields): MediaPatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(draft) as (keyof MediaFields)[]) {
    const value = stored(key, draft[key]);
    if (JSON.stringify(saved[key]) !== JSON.stringify(value)) patch[key] = value;
  }
  return patch as MediaPatch;
}
