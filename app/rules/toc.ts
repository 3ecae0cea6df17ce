import { z } from "zod";

/*
 * The table-of-contents dialog's rules (studio-admin.md §2, §3 'TOC item', §4 'Table of
 * contents', §5 'TOC'; issue 12), shared by the dialog and the server: text cells trimmed and cut
 * to 250 characters, the title required, indent 0 to 3, a page of the ePaper.
 */

export const TOC_TEXT_MAX = 250;
export const TOC_INDENTS = [0, 1, 2, 3] as const;

export type TocItemView = {
  id: string;
  title: string;
  description: string | null;
  author: string | null;
  indent: number;
  enabled: boolean;
  pageNumber: number;
};

export type TocSettings = { tocEnabled: boolean; tocAutostartActive: boolean; tocThumbsActive: boolean };
export type TocView = { items: TocItemView[]; settings: TocSettings; pageCount: number; editable: boolean; pagesVersion: number };

/** §5: trimmed and cut to 250 characters. */
export const tocText = (value: string) => value.trim().slice(0, TOC_TEXT_MAX);

const text = z.string().transform(tocText);
export const tocItemFieldsSchema = z
  .object({
    title: text,
    description: text.nullable(),
    author: text.nullable(),
    indent: z.number().int().min(0).max(3),
    enabled: z.boolean(),
    pageNumber: z.number().int().min(1),
  })
  .partial()
  .strict();
export type TocItemFields = z.output<typeof tocItemFieldsSchema>;

export const tocSettingsSchema = z
  .object({ tocEnabled: z.boolean(), tocAutostartActive: z.boolean(), tocThumbsActive: z.boolean() })
  .partial()
  .strict();

/** The first problem of an entry's fields (keys under toc.validation), or null. */
export function tocProblem(fields: TocItemFields, pageCount: number): { key: "titleRequired" | "pageNotValid" } | null {
  if (fields.title !== undefined && fields.title.trim() === "") return { key: "titleRequired" };
  if (fields.pageNumber !== undefined && (!Number.isInteger(fields.pageNumber) || fields.pageNumber < 1 || fields.pageNumber > pageCount))
    return { key: "pageNotValid" };
  return null;
}
