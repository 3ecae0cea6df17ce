import { z } from "zod";
import { ENRICHMENT_KINDS } from "#app/rules/enrichment";

/**
 * The intents of the editor's action (POST /epaper/:epaperId; editor-actions.server.ts). Fields of
 * an element travel as one JSON form field (`fields`, `patch`) that the server validates with the
 * shared rules (app/rules/media-element.ts).
 */
export const editorIntents = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("createMedia"),
    pageId: z.string(),
    kind: z.enum(ENRICHMENT_KINDS),
    fields: z.string(),
    // The creator's id for the new element (cuid2): a retry after a timeout creates nothing twice.
    elementId: z
      .string()
      .regex(/^[a-z][a-z0-9]{15,31}$/)
      .optional(),
  }),
  z.object({ intent: z.literal("updateMedia"), pageMediaId: z.string(), version: z.string(), patch: z.string() }),
  z.object({ intent: z.literal("duplicateMedia"), pageMediaId: z.string() }),
  z.object({ intent: z.literal("deleteMedia"), pageMediaId: z.string() }),
  z.object({ intent: z.literal("deleteAllMedia"), pageId: z.string() }),
  z.object({ intent: z.literal("generatePreviewImage"), pageMediaId: z.string() }),
  z.object({ intent: z.literal("removePreviewImage"), pageMediaId: z.string() }),
  z.object({ intent: z.literal("convertPdfLinks"), pageId: z.string().optional() }),
  z.object({ intent: z.literal("setClickAreaColors"), color: z.string(), hoverColor: z.string() }),
]);
