import { data, type RouterContextProvider } from "react-router";
import { studioUserOf } from "#app/auth/studio-user.server";
import { AppError } from "#app/errors/app-error";
import { type PermissionKey, type PermissionSubject, requirePermission } from "#app/rules/permissions";
import { parseStatsRange, type StatsRange, statsRangeSchema, utcDayOf } from "#app/rules/readership-stats";
import { getLocale } from "#app/utils/i18next.server";

/**
 * The loader of a statistics screen (an ePaper's, a channel's; ADR 0053): the right first, so a
 * caller without it learns nothing about the range or the target; then the range (one the rule
 * refuses is no error page: the form shows its message and the screen the default range); then
 * what `load` reads for the target. A refusal is the error page with its status and message key.
 */
export async function statsScreenLoader<T extends object>(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  permission: PermissionKey,
  load: (subject: PermissionSubject, range: StatsRange) => Promise<T>,
) {
  const studio = studioUserOf(args.context);
  const now = new Date();
  try {
    requirePermission(studio.subject, permission);
    const parsed = parseStatsRange(new URL(args.request.url).searchParams, now);
    const loaded = await load(studio.subject, parsed.range ?? statsRangeSchema(now).parse({}));
    return { ...loaded, rangeProblem: parsed.problem, today: utcDayOf(now), locale: getLocale(args.context) };
  } catch (error) {
    if (error instanceof AppError) throw data({ messageKey: error.messageKey, params: error.params }, { status: error.status });
    throw error;
  }
}
