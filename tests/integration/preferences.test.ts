import { createId } from "@paralleldrive/cuid2";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { SCHEDULED_JOBS } from "#app/jobs/registry";
import { afterAll, beforeAll, expect, test } from "vitest";
import { Forbidden } from "#app/errors/app-error";
import { loadPreferenceForEdit, PreferenceRefused, savePreference, setMaintenance } from "#app/models/preferences.server";
import { db } from "#app/utils/db.server";
import { permissionSubject } from "#tests/support/permission-subject";
import { TEST_REDIS_URL } from "#tests/setup/test-env";

// System preferences on the server (issue 14), against real MariaDB: level 4 outside demo
// accounts only; a value is saved only when it is JSON, matches the stored schema (with the
// `attrs` messages, joined as 'path: message') and changed. Only the Cronjob interval is written:
// it steers nothing another test file running beside this one depends on. Maintenance itself is
// proven end to end, alone (tests/e2e/service-wide.serial.test.ts).

let redis: Redis;
beforeAll(() => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  redis.disconnect();
  await db.destroy();
});

const admin = permissionSubject({ permissions: ["4"] });
const deps = () => ({ db, redis });
const cronjob = (intervalMinutes: unknown) => JSON.stringify({ cronjobsActive: { active: true }, intervalMinutes });

test("read and saved by level 4 only; refused by schema, as not JSON, or unchanged", async () => {
  const stored = await loadPreferenceForEdit(db, admin, "Cronjob");
  expect(JSON.parse(stored?.json ?? "null")).toMatchObject({ cronjobsActive: { active: true } });
  for (const subject of [
    permissionSubject({ permissions: ["3"] }),
    permissionSubject({ permissions: ["4"], accountIsDemoAccount: true }),
  ]) {
    await expect(loadPreferenceForEdit(db, subject, "Cronjob")).rejects.toBeInstanceOf(Forbidden);
    await expect(savePreference(deps(), subject, "Cronjob", cronjob(10))).rejects.toBeInstanceOf(Forbidden);
  }

  const refused = savePreference(deps(), admin, "Cronjob", cronjob(0));
  await expect(refused).rejects.toBeInstanceOf(PreferenceRefused);
  await expect(refused).rejects.toMatchObject({
    messageKey: "preferences.errors.noValidData",
    params: { details: "/intervalMinutes: 0 doesn't match minimum requirement of 1" },
    issues: [{ path: "/intervalMinutes", message: "0 doesn't match minimum requirement of 1" }],
  });
  await expect(
    savePreference(deps(), admin, "Cronjob", JSON.stringify({ cronjobsActive: { active: "yes" }, intervalMinutes: 5, extra: 1 })),
  ).rejects.toMatchObject({
    issues: [
      { path: "/", message: "must NOT have additional properties" },
      { path: "/cronjobsActive/active", message: "must be boolean" },
    ],
  });
  await expect(savePreference(deps(), admin, "Cronjob", "{ not json")).rejects.toMatchObject({
    messageKey: "preferences.errors.noValidData",
  });

  const current = JSON.parse(stored?.json ?? "{}") as { intervalMinutes: number };
  const next = current.intervalMinutes === 17 ? 18 : 17;
  await savePreference(deps(), admin, "Cronjob", cronjob(next));
  expect(JSON.parse((await loadPreferenceForEdit(db, admin, "Cronjob"))?.json ?? "null")).toMatchObject({ intervalMinutes: next });
  await expect(savePreference(deps(), admin, "Cronjob", cronjob(next))).rejects.toMatchObject({
    messageKey: "preferences.errors.noChangedData",
  });
});

test("a new Cronjob interval re-schedules every clean-up at once; stale schedulers go", async () => {
  // A queue of its own name on the test Redis, standing in for the worker's maintenance queue.
  const connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  const maintenance = new Queue(`maintenance-test-${createId()}`, { connection });
  try {
    await maintenance.upsertJobScheduler("purge-expired-auth-every-15-minutes", { every: 15 * 60_000 }, { name: "purge-expired-auth" });
    const stored = JSON.parse((await loadPreferenceForEdit(db, admin, "Cronjob"))?.json ?? "{}") as { intervalMinutes: number };
    const next = stored.intervalMinutes === 23 ? 24 : 23;
    await savePreference({ db, redis, queues: { maintenance } }, admin, "Cronjob", cronjob(next));
    const schedulers = await maintenance.getJobSchedulers(0, -1);
    expect(schedulers.map((scheduler) => [scheduler.key, scheduler.every]).sort()).toEqual(
      SCHEDULED_JOBS.map((job) => [job.schedule.id, next * 60_000]).sort(),
    );
  } finally {
    await maintenance.obliterate({ force: true });
    await maintenance.close();
    connection.disconnect();
  }
});

test("maintenance turns on only with the confirmation", async () => {
  await expect(setMaintenance(deps(), admin, true, false)).rejects.toMatchObject({
    messageKey: "preferences.errors.confirmMaintenance",
    status: 422,
  });
  await expect(setMaintenance(deps(), permissionSubject({ permissions: ["3"] }), false, false)).rejects.toBeInstanceOf(Forbidden);
  // Turning it off while it is off changes nothing and is no error.
  await expect(setMaintenance(deps(), admin, false, false)).resolves.toBeUndefined();
});
