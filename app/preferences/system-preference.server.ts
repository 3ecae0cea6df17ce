import type { Database } from "#db/client";
import { remembered } from "#app/utils/reference-cache.server";
import type { SYSTEM_PREFERENCES } from "#db/seed-data";

export type PreferenceName = (typeof SYSTEM_PREFERENCES)[number]["name"];

/** The stored value of one system preference, or undefined before the seed ran. */
export async function findPreferenceValue(db: Database, name: PreferenceName) {
  const row = await remembered(db, `pref:${name}`, () =>
    db.selectFrom("systemPreference").select("json").where("name", "=", name).executeTakeFirst(),
  );
  return row?.json;
}

/** Whether scheduled clean-ups may run (Cronjob preference, cronjobsActive.active). */
export async function cronjobsActive(db: Database): Promise<boolean> {
  const value = await findPreferenceValue(db, "Cronjob");
  const flag = value && typeof value === "object" && !Array.isArray(value) ? value.cronjobsActive : undefined;
  // Missing or malformed preference: the safe default is to keep cleaning up.
  return !(flag && typeof flag === "object" && !Array.isArray(flag) && flag.active === false);
}

/** How often the clean-ups run (Cronjob preference, intervalMinutes: 1 to 1440), or `fallback`. */
export async function cleanupIntervalMinutes(db: Database, fallback: number): Promise<number> {
  const value = await findPreferenceValue(db, "Cronjob");
  return intervalOf(value) ?? fallback;
}

/** A stored Cronjob value's interval, when it is a whole number of minutes in range. */
export function intervalOf(value: unknown): number | null {
  const minutes =
    value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>).intervalMinutes : undefined;
  return typeof minutes === "number" && Number.isInteger(minutes) && minutes >= 1 && minutes <= 1440 ? minutes : null;
}

function objectAt(value: unknown, key: string): Record<string, unknown> | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const child = (value as Record<string, unknown>)[key];
  return child && typeof child === "object" && !Array.isArray(child) ? (child as Record<string, unknown>) : undefined;
}

/** Whether maintenance is on (Maintenance preference, maintenanceActive.active); off when missing. */
export async function maintenanceActive(db: Database): Promise<boolean> {
  return objectAt(await findPreferenceValue(db, "Maintenance"), "maintenanceActive")?.active === true;
}

/** The support address (Support preference, supportEmail.email), or null when none is set. */
export async function findSupportEmail(db: Database): Promise<string | null> {
  const email = objectAt(await findPreferenceValue(db, "Support"), "supportEmail")?.email;
  return typeof email === "string" && email.includes("@") ? email : null;
}

/** The Tour preference: whether guided tours start, and after how long (tour.active, startDelayMs). */
export async function tourSettings(db: Database, fallbackDelayMs: number): Promise<{ active: boolean; startDelayMs: number }> {
  const value = await findPreferenceValue(db, "Tour");
  const delay = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>).startDelayMs : undefined;
  return {
    active: objectAt(value, "tour")?.active !== false,
    startDelayMs: typeof delay === "number" && Number.isInteger(delay) && delay >= 0 ? delay : fallbackDelayMs,
  };
}
