import type { TranslationKey } from "#app/locales/translation-key";

/*
 * The public API's problem types that say more than a status and the catalogue's name (issue 45,
 * ADR 0056): RFC 9457's `type` is `<studio>/api/docs#problem-<type>`, for these the type below,
 * for every other problem the catalogue's name (`code`). A client branches on `type`; `code`
 * stays the catalogue's name, so older clients keep working.
 */
export const PROBLEM_TYPES = {
  /** The address exists, the method does not (405, `Allow` names the ones it answers). */
  "method-not-allowed": { status: 405, title: "api.problems.methodNotAllowed" },
  /** Nothing under /api/v1/ answers at this address. */
  "unknown-path": { status: 404, title: "api.problems.unknownPath" },
  /** The ePaper runs a process (rendering, publishing, a page operation): try again after Retry-After. */
  "epaper-busy": { status: 409, title: "api.problems.epaperBusy" },
  /** The channel is being published to or cleared: try again after Retry-After. */
  "channel-busy": { status: 409, title: "api.problems.channelBusy" },
} as const satisfies Record<string, { status: number; title: TranslationKey }>;

export type ProblemType = keyof typeof PROBLEM_TYPES;

/** Seconds a client waits before trying a busy ePaper or channel again (a page operation or a publish takes seconds). */
export const BUSY_RETRY_AFTER_S = 10;
