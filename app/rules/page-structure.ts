import { z } from "zod";

/*
 * The pages order and structure dialog's rules (studio-admin.md §2 'Pages dialogs', §4 'Pages',
 * §7 insert-pages / move-page / replace-page; issue 12), shared by the dialog and the server:
 * what each operation is allowed to do and the page order it leads to.
 */

/** The account's pageExchangeMax when support left it empty ('account default: not shown'; ADR 0035). */
export const PAGE_EXCHANGE_MAX_DEFAULT = 50;

export function pageExchangeMaxOf(account: { pageExchangeMax: number | null }) {
  return account.pageExchangeMax ?? PAGE_EXCHANGE_MAX_DEFAULT;
}

export const PAGE_OPERATION_KINDS = ["insert", "move", "replace", "delete"] as const;
export type PageOperationKind = (typeof PAGE_OPERATION_KINDS)[number];

/** The ePaper process type of each operation (studio-core.md §4). */
export const PROCESS_OF_OPERATION = {
  insert: "inserting_pages",
  move: "moving_page",
  replace: "replacing_page",
  delete: "deleting_page",
} as const satisfies Record<PageOperationKind, string>;
export type PageProcessType = (typeof PROCESS_OF_OPERATION)[PageOperationKind];
export const PAGE_PROCESS_TYPES: readonly string[] = Object.values(PROCESS_OF_OPERATION);

export function isPageProcess(type: string | null | undefined): type is PageProcessType {
  return type !== null && type !== undefined && PAGE_PROCESS_TYPES.includes(type);
}

/** §8 failure texts, under render.errors like every process failure the card shows. */
export const PAGE_OPERATION_FAILURE = {
  insert: "pagesNotInserted",
  move: "pageNotMoved",
  replace: "pageNotReplaced",
  delete: "pageNotRemoved",
} as const satisfies Record<PageOperationKind, string>;

export const insertSchema = z.object({
  uploadId: z.string().min(1).max(32),
  /** The page the new pages go before or behind. */
  pageId: z.string().min(1).max(32),
  before: z.boolean(),
});
export const moveSchema = z.object({ pageId: z.string().min(1).max(32), targetPageId: z.string().min(1).max(32), before: z.boolean() });
export const replaceSchema = z.object({
  pageId: z.string().min(1).max(32),
  uploadId: z.string().min(1).max(32),
  /** Which page of the uploaded PDF takes the page's place. */
  sourcePage: z.number().int().min(1),
});
export const deleteSchema = z.object({ pageId: z.string().min(1).max(32) });

/**
 * §4: move is disabled when the target is the page itself or the place the page already has
 * (before its successor, behind its predecessor). Positions are 0-based.
 */
export function moveChangesNothing(from: number, target: number, before: boolean) {
  return target === from || (before && target === from + 1) || (!before && target === from - 1);
}

/** The order after moving the item at `from` before or behind the item at `target` (0-based). */
export function movedOrder<T>(items: readonly T[], from: number, target: number, before: boolean): T[] {
  const moving = items[from];
  const anchor = items[target];
  if (moving === undefined || anchor === undefined || from === target) return [...items];
  const rest = items.filter((_, index) => index !== from);
  const at = rest.indexOf(anchor) + (before ? 0 : 1);
  return [...rest.slice(0, at), moving, ...rest.slice(at)];
}

/** §4: delete and move need at least two pages. */
export const structureChangeAllowed = (pageCount: number) => pageCount >= 2;

/**
 * The three delete confirmations of §4: the page holds internal links (source), internal links
 * point at it (target; both, when it is both), or neither.
 */
export type InternalLinkRole = "source" | "target" | "both" | "none";
export function internalLinkRole(page: { linksFrom: number; linksTo: number }): InternalLinkRole {
  if (page.linksFrom > 0 && page.linksTo > 0) return "both";
  if (page.linksTo > 0) return "target";
  if (page.linksFrom > 0) return "source";
  return "none";
}

/** A page's PDF link (render farm) points at an ePaper page number; numbers change with the order. */
export type NumberedLink = { page?: number; uri?: string };

/**
 * The PDF's own links follow the pages: `renumber` gives a target's new number, or null when the
 * target is gone (the link is dropped). Links to web addresses stay as they are.
 */
export function renumberLinks<L extends NumberedLink>(links: readonly L[], renumber: (page: number) => number | null): L[] {
  return links.flatMap((link) => {
    if (link.page === undefined) return [link];
    const page = renumber(link.page);
    return page === null ? [] : [{ ...link, page }];
  });
}

/** What the dialog shows of a page: its place, its thumbnail and its internal-link role. */
export type StructurePage = {
  id: string;
  number: number;
  displayName: string | null;
  isHidden: boolean;
  /** Internal links on the page, internal links to it, and the numbers of the pages those are on. */
  linksFrom: number;
  linksTo: number;
  linkedFrom: number[];
};

/** A running, failed or cancelled page operation as the dialog follows it. */
export type StructureProcess = {
  type: PageProcessType;
  running: boolean;
  cancelled: boolean;
  error: string | null;
  pageCount: number;
  pageCountReady: number;
};

export type StructureView = {
  pagesVersion: number;
  pages: StructurePage[];
  total: number;
  editable: boolean;
  pageExchangeMax: number;
  process: StructureProcess | null;
};
