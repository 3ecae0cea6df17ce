import { z } from "zod";

/*
 * The pages settings dialog's rules (studio-admin.md §2 'Pages dialogs', §4 'Pages', §5 'Page
 * displayName', §9 pager; issue 12), shared by the dialog and the server.
 */

export const DISPLAY_NAME_MAX = 8;
/** §9 leaves the default page size open: 25 rows keep the dialog short on a phone (ADR 0034). */
export const PAGES_DEFAULT_SIZE = 25;
const EXTRA_SIZES = [50, 100, 250] as const;
export type PageSize = number | "total";

/** §9: the extra sizes 50, 100, 250 and 'total' are offered when the total exceeds each. */
export function pageSizeOptions(total: number): PageSize[] {
  return [PAGES_DEFAULT_SIZE, ...EXTRA_SIZES.filter((size) => total > size), ...(total > PAGES_DEFAULT_SIZE ? (["total"] as const) : [])];
}

export type PageSettingsRow = {
  id: string;
  number: number;
  displayName: string | null;
  isHidden: boolean;
  pageNumberHidden: boolean;
  pdfDownload: boolean;
};
export type PagesSettingsView = { pages: PageSettingsRow[]; total: number; visible: number; editable: boolean; pagesVersion: number };

export const pagePatchSchema = z
  .object({
    isHidden: z.boolean(),
    pageNumberHidden: z.boolean(),
    pdfDownload: z.boolean(),
    displayName: z
      .string()
      .transform((value) => value.trim())
      .nullable(),
  })
  .partial()
  .strict();
export type PagePatch = z.output<typeof pagePatchSchema>;

/** §5: at most 8 characters. */
export const displayNameProblem = (value: string | null) => ((value?.trim().length ?? 0) > DISPLAY_NAME_MAX ? "displayNameTooLong" : null);
