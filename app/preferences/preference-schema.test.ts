import { expect, test } from "vitest";
import { SYSTEM_PREFERENCES } from "#db/seed-data";
import { validatePreference } from "./preference-schema.ts";

const cronjob = SYSTEM_PREFERENCES.find((p) => p.name === "Cronjob")!;

test("every seeded preference matches its own schema", () => {
  for (const preference of SYSTEM_PREFERENCES) {
    expect(validatePreference(preference.jsonSchema, preference.json), preference.name).toEqual({ valid: true });
  }
});

test("attrs bounds give the spec's minimum and maximum messages", () => {
  expect(validatePreference(cronjob.jsonSchema, { cronjobsActive: { active: true }, intervalMinutes: 0 })).toMatchObject({
    valid: false,
    message: "/intervalMinutes: 0 doesn't match minimum requirement of 1",
  });
  expect(validatePreference(cronjob.jsonSchema, { cronjobsActive: { active: true }, intervalMinutes: 2000 })).toMatchObject({
    valid: false,
    message: "/intervalMinutes: 2000 doesn't match maximum requirement of 1440",
  });
});

test("schema errors are joined as 'path: message'", () => {
  const result = validatePreference(cronjob.jsonSchema, { cronjobsActive: { active: "yes" }, intervalMinutes: 5 });
  expect(result).toEqual({
    valid: false,
    message: "/cronjobsActive/active: must be boolean",
    issues: [{ path: "/cronjobsActive/active", message: "must be boolean" }],
  });
});
