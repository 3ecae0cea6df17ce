import { tourSettings } from "#app/preferences/system-preference.server";
import { can, type PermissionSubject, requirePermission } from "#app/rules/permissions";
import { isTourId, TOUR_START_DELAY_MS, type TourId, type TourState } from "#app/rules/tours";
import type { Database } from "#db/client";

/*
 * The guided tours on the server (studio-admin.md §4 'Tours and news'): which tours the user has
 * finished (user_tour), finishing one (finished or closed: it never starts by itself again), and
 * seeing them all again for users with the tutorial permission.
 */

export async function loadTours(db: Database, subject: PermissionSubject & { id: string }): Promise<TourState> {
  const [settings, rows] = await Promise.all([
    tourSettings(db, TOUR_START_DELAY_MS),
    db.selectFrom("userTour").select("tour").where("userId", "=", subject.id).execute(),
  ]);
  return { ...settings, finished: rows.map((row) => row.tour).filter(isTourId), canReset: can(subject, "tutorial") };
}

/** Idempotent: a second finish (two tabs) changes nothing. */
export async function finishTour(db: Database, subject: { id: string }, tour: TourId) {
  await db.insertInto("userTour").values({ userId: subject.id, tour }).ignore().execute();
}

/** 'Show the guided tours again' (the tutorial permission). */
export async function resetTours(db: Database, subject: PermissionSubject & { id: string }) {
  requirePermission(subject, "tutorial");
  await db.deleteFrom("userTour").where("userId", "=", subject.id).execute();
}
