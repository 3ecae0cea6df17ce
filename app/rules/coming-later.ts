/**
 * Features the app shell already offers an entry for but that arrive with later releases. Their
 * entries lead to one honest page that says so (docs/decisions/0014-app-shell.md) instead of a
 * dead link or a pretend screen. Remove a feature here when its real screen arrives.
 */
export const COMING_LATER_FEATURES = ["devKit"] as const;
export type ComingLaterFeature = (typeof COMING_LATER_FEATURES)[number];

export function isComingLaterFeature(value: unknown): value is ComingLaterFeature {
  return (COMING_LATER_FEATURES as readonly unknown[]).includes(value);
}

export function comingLaterPath(feature: ComingLaterFeature): string {
  return `/coming-later/${feature}`;
}
