import { z } from "zod";
import type { SupportTab } from "./admin-tabs.ts";

/*
 * The support tables' list queries (studio-admin.md §7: skip, take, filter, orderProp, order,
 * search) and what their rows show (§4 row colours). Pure: the route parses the URL with it,
 * the models accept only what it allows (a column name never comes from the request as such),
 * and the tables draw their headers, filter menu and pager from the same lists.
 */

/** §9 leaves the default page size unnamed: 25 rows fit a laptop screen with the 70vh table. */
export const SUPPORT_PAGE_SIZE = 25;
/** §9: the pager offers these when the total exceeds each, and 'total'. */
export const SUPPORT_EXTRA_PAGE_SIZES = [50, 100, 250] as const;
/**
 * 'total' shows every row on one page; above this many it is not offered, so a page view's cost
 * stays bounded however many rows the service holds (ADR 0042).
 */
export const SUPPORT_TOTAL_MAX = 1000;

export type SortOrder = "asc" | "desc";
type ListSpec = {
  /** The orderProp values a request may name, mapped by the model onto columns. */
  sorts: readonly string[];
  /** §7 'the default sorts'. */
  defaultSort: { prop: string; order: SortOrder };
  /** The filter menu's entries (besides 'all'). */
  filters: readonly string[];
};

export const SUPPORT_LISTS = {
  accounts: {
    sorts: ["name", "createdAt", "zipContingent"],
    defaultSort: { prop: "name", order: "asc" },
    filters: ["active", "inactive", "generated", "unconfirmed", "protected", "demo"],
  },
  users: {
    sorts: ["email", "firstname", "lastname", "createdAt"],
    defaultSort: { prop: "email", order: "asc" },
    // §6: 'the support user filters match the roles plus shopConnected'.
    filters: ["admin", "support", "owner", "manager", "editor", "shopConnected"],
  },
  epaper: {
    sorts: ["name", "createdAt"],
    defaultSort: { prop: "createdAt", order: "desc" },
    filters: ["processing", "failed", "locked", "demo", "fromTemporaryAccount"],
  },
  channels: {
    sorts: ["name", "createdAt", "updatedAt", "publishedAt"],
    defaultSort: { prop: "createdAt", order: "desc" },
    filters: ["processing", "disabled", "subscribed", "unsubscribed", "demo"],
  },
  renderprocesses: {
    sorts: ["updatedAt", "createdAt"],
    defaultSort: { prop: "updatedAt", order: "desc" },
    filters: ["active", "inactive"],
  },
  emailJobs: {
    sorts: ["attempts", "createdAt", "updatedAt"],
    defaultSort: { prop: "attempts", order: "desc" },
    filters: ["failed", "sent", "pending"],
  },
} as const satisfies Partial<Record<SupportTab, ListSpec>>;

export type SupportListTab = keyof typeof SUPPORT_LISTS;
export type SupportSort<T extends SupportListTab> = (typeof SUPPORT_LISTS)[T]["sorts"][number];
export type SupportFilter<T extends SupportListTab> = (typeof SUPPORT_LISTS)[T]["filters"][number];

export function isSupportListTab(tab: string): tab is SupportListTab {
  return Object.hasOwn(SUPPORT_LISTS, tab);
}

/** One list request, every field checked against its tab: unknown values fall back, never reach SQL. */
export type SupportQuery<T extends SupportListTab = SupportListTab> = {
  skip: number;
  /** A page size, or 'total' (every row, at most SUPPORT_TOTAL_MAX). */
  take: number;
  filter: SupportFilter<T> | null;
  orderProp: SupportSort<T>;
  order: SortOrder;
  /** Trimmed, at most 100 characters; empty is no search. */
  search: string;
};

const SEARCH_MAX = 100;

/** The list query of a tab from the page's URL (?skip, take, filter, orderProp, order, search). */
export function parseSupportQuery<T extends SupportListTab>(tab: T, params: URLSearchParams): SupportQuery<T> {
  const spec: ListSpec = SUPPORT_LISTS[tab];
  const orderProp = params.get("orderProp");
  const known = orderProp !== null && spec.sorts.includes(orderProp);
  const order = params.get("order");
  const filter = params.get("filter");
  const take = params.get("take");
  return {
    skip: Math.max(0, Math.trunc(Number(params.get("skip")) || 0)),
    take:
      take === "total"
        ? SUPPORT_TOTAL_MAX
        : (SUPPORT_EXTRA_PAGE_SIZES as readonly number[]).includes(Number(take))
          ? Number(take)
          : SUPPORT_PAGE_SIZE,
    filter: filter !== null && spec.filters.includes(filter) ? (filter as SupportFilter<T>) : null,
    orderProp: (known ? orderProp : spec.defaultSort.prop) as SupportSort<T>,
    order: known ? (order === "asc" ? "asc" : order === "desc" ? "desc" : spec.defaultSort.order) : spec.defaultSort.order,
    search: (params.get("search") ?? "").trim().slice(0, SEARCH_MAX),
  };
}

/** The page sizes the pager offers for `total` rows (§9): the default, each extra size the total exceeds, then 'total'. */
export function pageSizeChoices(total: number): (number | "total")[] {
  const sizes: (number | "total")[] = [SUPPORT_PAGE_SIZE];
  for (const size of SUPPORT_EXTRA_PAGE_SIZES) if (total > size) sizes.push(size);
  if (total > SUPPORT_PAGE_SIZE && total <= SUPPORT_TOTAL_MAX) sizes.push("total");
  return sizes;
}

const escapeLike = (search: string) => search.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A LIKE pattern for "contains", its wildcards escaped: a search for "50%" finds "50%", not everything. */
export function likeContains(search: string): string {
  return `%${escapeLike(search)}%`;
}
/** Whether a search could be one of our ids (cuid2: lower-case letters and digits, 20–32 long). */
export function looksLikeId(search: string): boolean {
  return /^[a-z0-9]{20,32}$/.test(search);
}

/** A LIKE pattern for "starts with" (uses an index on the column). */
export function likePrefix(search: string): string {
  return `${escapeLike(search)}%`;
}

export type RowTone = "success" | "warning" | "highWarning" | "error";

type ProcessFlags = { processRunning: boolean; processCancelled: boolean; processError: string | null };

/** §4: 'in processing' means a process runs and it is neither cancelled nor errored. */
export function inProcessing(row: ProcessFlags): boolean {
  return row.processRunning && !row.processCancelled && row.processError === null;
}

/** §4 ePaper row colour. */
export function epaperRowTone(row: ProcessFlags & { renderingFailed: boolean; supervisedHigh: number; supervisedLow: number }): RowTone {
  if (row.renderingFailed || row.processError !== null) return row.processCancelled ? "warning" : "error";
  if (row.supervisedHigh > 0) return "highWarning";
  if (inProcessing(row) || row.processCancelled || row.supervisedLow > 0) return "warning";
  return "success";
}

/** §4 channel rows: coloured like ePapers by their process. */
export function channelRowTone(row: ProcessFlags): RowTone {
  if (row.processError !== null) return row.processCancelled ? "warning" : "error";
  if (inProcessing(row) || row.processCancelled) return "warning";
  return "success";
}

/** §9 render process age thresholds, seconds since the last update. */
export const RENDER_AGE_SECONDS = { warning: 300, highWarning: 450, error: 600 } as const;

/** §4: a render process row by the time since its last update (an inactive process is done: success). */
export function renderProcessRowTone(row: { active: boolean; updatedAt: Date }, now: Date): RowTone {
  if (!row.active) return "success";
  const age = (now.getTime() - row.updatedAt.getTime()) / 1000;
  if (age > RENDER_AGE_SECONDS.error) return "error";
  if (age > RENDER_AGE_SECONDS.highWarning) return "highWarning";
  if (age > RENDER_AGE_SECONDS.warning) return "warning";
  return "success";
}

/**
 * §4 supervised pages: pages of a rendering ePaper not updated for over 10 minutes are 'high',
 * over 5 minutes 'low' (the support panel warns about both).
 */
export const SUPERVISED_PAGE_MINUTES = { low: 5, high: 10 } as const;

/** §5 inline edits of the accounts table: the field, its shown unit, and its range. */
export const ACCOUNT_NUMBER_FIELDS = ["zipContingent", "zipPostProcessingDays", "previewLinkExpiryDays", "pageExchangeMax"] as const;
export type AccountNumberField = (typeof ACCOUNT_NUMBER_FIELDS)[number];
export const PREVIEW_LINK_EXPIRY_MAX_DAYS = 8640;
export const ZIP_CONTINGENT_RANGE = { min: -1, max: 9999 } as const;
/** Whole numbers the other fields accept (nothing in §5 caps them; a year of days / 10,000 pages keeps them sane). */
const DAYS_MAX = 3650;
const PAGE_EXCHANGE_MAX = 10_000;

/**
 * The value an account field takes from its text field (§5): null means 'empty = the default'
 * (not for the zip contingent), a number is stored as such (days become hours in the model).
 * Returns the message key when it is refused.
 */
export function parseAccountNumber(
  field: AccountNumberField,
  raw: string,
): { ok: true; value: number | null } | { ok: false; messageKey: string } {
  const text = raw.trim();
  if (text === "") return field === "zipContingent" ? { ok: false, messageKey: "support.errors.zipContingent" } : { ok: true, value: null };
  if (!/^-?\d+$/.test(text)) return { ok: false, messageKey: `support.errors.${field}` };
  const value = Number(text);
  const [min, max] =
    field === "zipContingent"
      ? [ZIP_CONTINGENT_RANGE.min, ZIP_CONTINGENT_RANGE.max]
      : field === "previewLinkExpiryDays"
        ? [1, PREVIEW_LINK_EXPIRY_MAX_DAYS]
        : field === "pageExchangeMax"
          ? [0, PAGE_EXCHANGE_MAX]
          : [1, DAYS_MAX];
  if (value < min || value > max) return { ok: false, messageKey: `support.errors.${field}` };
  return { ok: true, value };
}

/** §5 'channels to create': a whole number, default 1 (§9), at most this many at once. */
export const ADD_CHANNELS_MAX = 100;
export const addChannelsSchema = z.coerce.number().int().min(1).max(ADD_CHANNELS_MAX);

export const HOURS_PER_DAY = 24;
/** §5 'times: stored in hours, shown in days'; a value that is not whole days is shown rounded up. */
export function hoursToDays(hours: number | null): number | null {
  return hours === null ? null : Math.ceil(hours / HOURS_PER_DAY);
}
