import type { Database } from "#db/client";
import type { SYSTEM_PREFERENCES } from "#db/seed-data";

export type PreferenceName = (typeof SYSTEM_PREFERENCES)[number]["name"];

/** The stored value of one system preference, or undefined before the seed ran. */
export async function findPreferenceValue(db: Database, name: PreferenceName) {
  const row = await db.selectFrom("systemPreference").select("json").where("name", "=", name).executeTakeFirst();
  return row?.json;
}

/** Whether scheduled clean-ups may run (Cronjob preference, cronjobsActive.active). */
export async function cronjobsActive(db: Database): Promise<boolean> {
  const value = await findPreferenceValue(db, "Cronjob");
  const flag = value && typeof value === "object" && !Array.isArray(value) ? value.cronjobsActive : undefined;
  // Missing or malformed preference: the safe default is to keep cleaning up.
  return !(flag && typeof flag === "object" && !Array.isArray(flag) && flag.active === false);
}
