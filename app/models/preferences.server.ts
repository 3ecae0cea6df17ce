import type { Redis } from "ioredis";
import { AppError } from "#app/errors/app-error";
import { publishToAll } from "#app/events/publish.server";
import { type PreferenceIssue, validatePreference } from "#app/preferences/preference-schema";
import { intervalOf, type PreferenceName } from "#app/preferences/system-preference.server";
import type { Queues } from "#app/jobs/queues.server";
import { applyCleanupSchedules } from "#app/jobs/schedules.server";
import { type PermissionSubject, requirePermission } from "#app/rules/permissions";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import { announceReferenceChange } from "#app/events/reference-changes.server";

/*
 * System preferences (studio-admin.md §2 'Preferences page', §5; issue 14): level 4 outside demo
 * accounts reads and writes them. A value is saved only when it is valid JSON that matches the
 * stored schema (ajv with the `attrs` keyword) and differs from the stored one. Every reader of a
 * preference reads it per use (system-preference.server.ts), so a change takes effect without a
 * restart; Maintenance also tells every open browser at once.
 */

export type PreferenceForEdit = { name: string; json: string; schema: string };

export async function loadPreferenceForEdit(
  db: Database,
  subject: PermissionSubject,
  name: PreferenceName,
): Promise<PreferenceForEdit | null> {
  requirePermission(subject, "preferences");
  const row = await db.selectFrom("systemPreference").select(["name", "json", "jsonSchema"]).where("name", "=", name).executeTakeFirst();
  if (!row) return null;
  return { name: row.name, json: JSON.stringify(row.json, null, 2), schema: JSON.stringify(row.jsonSchema, null, 2) };
}

/** A refused value: 'noValidData' with the schema's issues ('path: message'), or 'noChangedData'. */
export class PreferenceRefused extends AppError {
  constructor(
    kind: "noValidData" | "noChangedData",
    readonly issues: PreferenceIssue[] = [],
  ) {
    super(`preferences.errors.${kind}`, {
      status: 422,
      params: { details: issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ") },
    });
  }
}

function maintenanceFlag(value: unknown): boolean {
  const flag = (value as { maintenanceActive?: { active?: unknown } } | null)?.maintenanceActive?.active;
  return flag === true;
}

/** Saves a preference's JSON text; returns the value stored. */
/** What a saved preference acts on at once: real-time events, and the clean-ups' schedules (Cronjob). */
export type PreferenceDeps = { db: Database; redis: Redis; queues?: Pick<Queues, "maintenance"> };

export async function savePreference(deps: PreferenceDeps, subject: PermissionSubject, name: PreferenceName, text: string) {
  requirePermission(subject, "preferences");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PreferenceRefused("noValidData", [{ path: "/", message: error instanceof Error ? error.message : "not JSON" }]);
  }
  const before = await retryTransaction(deps.db, async (trx) => {
    const row = await trx
      .selectFrom("systemPreference")
      .select(["json", "jsonSchema"])
      .where("name", "=", name)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError("preferences.errors.missing", { status: 404 });
    const checked = validatePreference(row.jsonSchema as object, value);
    if (!checked.valid) throw new PreferenceRefused("noValidData", checked.issues);
    if (JSON.stringify(row.json) === JSON.stringify(value)) throw new PreferenceRefused("noChangedData");
    await trx
      .updateTable("systemPreference")
      .set({ json: JSON.stringify(value) })
      .where("name", "=", name)
      .execute();
    return row.json;
  });
  // Every instance forgets it before the maintenance event below makes open pages fetch again.
  await announceReferenceChange(deps, `pref:${name}`);
  if (name === "Maintenance" && maintenanceFlag(before) !== maintenanceFlag(value)) {
    await publishToAll(deps.redis, { type: maintenanceFlag(value) ? "maintenanceStarted" : "maintenanceEnded" });
  }
  // Cronjob: a new interval re-schedules the clean-ups now, no restart (the worker reads it at start too).
  const interval = intervalOf(value);
  if (name === "Cronjob" && deps.queues && interval !== null && interval !== intervalOf(before)) {
    await applyCleanupSchedules(deps.queues, interval);
  }
  return value;
}

/**
 * The maintenance switch (§4): on only with the confirmation ticked; off at any time. Saved as
 * the Maintenance preference, so the JSON tab and the switch never disagree.
 */
export async function setMaintenance(deps: PreferenceDeps, subject: PermissionSubject, active: boolean, confirmed: boolean) {
  requirePermission(subject, "preferences");
  if (active && !confirmed) throw new AppError("preferences.errors.confirmMaintenance", { status: 422 });
  try {
    await savePreference(deps, subject, "Maintenance", JSON.stringify({ maintenanceActive: { active } }));
  } catch (error) {
    // Already in that state: nothing to do.
    if (!(error instanceof PreferenceRefused && error.messageKey === "preferences.errors.noChangedData")) throw error;
  }
}
