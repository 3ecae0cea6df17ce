import { z } from "zod";
import { apiSchemas } from "./public-api.ts";

/**
 * The accessibility report of an ePaper (issue 47 item 5, ADR 0067), as the studio's dialog and
 * the public API show it: one entry per check, in the order a customer fixes them. The schema is
 * the API's answer and the OpenAPI document's component, and the types below come from it.
 */
const status = z
  .enum(["pass", "warn", "fail", "info"])
  .meta({ description: "fail: readers are shut out; warn: worth fixing; info: nothing to do" });

/** Pages a check names (at most 20) and how many there are in all. */
const namedPages = z.object({
  pages: z.array(z.number().int().min(1)).meta({ description: "Page numbers concerned, the first 20" }),
  count: z.number().int().min(0),
});

export const AccessibilityCheckSchema = z.discriminatedUnion("id", [
  z.object({ id: z.literal("language"), status, value: z.string().optional() }),
  z.object({ id: z.literal("title"), status, value: z.string().optional() }),
  z.object({
    id: z.literal("text"),
    status,
    total: z.number().int().min(0),
    without: namedPages.meta({ description: "Visible pages without any text, native or recognised" }),
    pending: z.number().int().min(0).meta({ description: "Pages OCR is still reading" }),
    ocr: z.object({
      count: z.number().int().min(0),
      lowestConfidence: z.number().nullable(),
      uncertain: namedPages.meta({ description: "Recognised pages read with a mean confidence under 70" }),
    }),
  }),
  z.object({
    id: z.literal("readingOrder"),
    status,
    source: z.enum(["layout", "tagged"]).meta({ description: "layout: recognised from the page; tagged: the PDF's structure" }),
  }),
  z.object({ id: z.literal("altText"), status, total: z.number().int().min(0), missing: namedPages }),
  z.object({ id: z.literal("linkNames"), status, total: z.number().int().min(0), missing: namedPages }),
  z.object({
    id: z.literal("contrast"),
    status,
    ratio: z.number().nullable().meta({ description: "The reader controls' contrast against the interface colour (WCAG AA: 4.5)" }),
  }),
  z.object({ id: z.literal("toc"), status }),
]);

export const AccessibilityReportSchema = z
  .object({
    epaperId: z.string(),
    rendered: z.boolean(),
    checks: z.array(AccessibilityCheckSchema),
    summary: z.object({ failed: z.number().int().min(0), warned: z.number().int().min(0) }),
  })
  .register(apiSchemas, { id: "AccessibilityReport" });

export type CheckStatus = z.infer<typeof status>;
export type NamedPages = z.infer<typeof namedPages>;
export type AccessibilityCheck = z.infer<typeof AccessibilityCheckSchema>;
export type AccessibilityReport = z.infer<typeof AccessibilityReportSchema>;
