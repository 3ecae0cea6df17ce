import { SYSTEM_PREFERENCES } from "#db/seed-data";

/** The tabs of /support/:tab (studio-admin.md §2), in the spec's order. */
export const SUPPORT_TABS = ["accounts", "users", "epaper", "channels", "renderprocesses", "emailJobs", "news", "shop"] as const;
export type SupportTab = (typeof SUPPORT_TABS)[number];

export function isSupportTab(value: unknown): value is SupportTab {
  return (SUPPORT_TABS as readonly unknown[]).includes(value);
}

/** One tab of /preferences/:tab per system preference, named after it in lower case ("devkit"). */
export const PREFERENCE_TABS = SYSTEM_PREFERENCES.map((preference) => ({
  tab: preference.name.toLowerCase(),
  name: preference.name,
}));

/** The preference a tab shows, or undefined for an unknown tab. */
export function preferenceOfTab(tab: string | undefined) {
  return PREFERENCE_TABS.find((entry) => entry.tab === tab);
}
