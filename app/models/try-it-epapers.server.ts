import type { Redis } from "ioredis";
import { RENDER_CANCEL_CHANNEL } from "#app/jobs/render";
import type { Database } from "#db/client";

/**
 * 'Delete all ePaper' of the welcome panel (studio-core.md §2, §4: a confirmed dialog of try-it
 * users). A soft delete like any ePaper deletion: the rows are marked deleted_at and vanish from
 * the workspace; their files go with the account when its storage time ends
 * (account-removal.server.ts removes soft-deleted ePapers too). Running renders are stopped, so
 * none keeps writing pages. Returns how many ePapers were deleted.
 */
export async function deleteAllEpapersOfAccount(
  deps: { db: Database; redis: Redis },
  accountId: string,
  now = new Date(),
): Promise<number> {
  const live = await deps.db
    .selectFrom("epaper")
    .select(["id", "processRunning", "processType"])
    .where("accountId", "=", accountId)
    .where("deletedAt", "is", null)
    .execute();
  if (live.length === 0) return 0;
  await deps.db
    .updateTable("epaper")
    .set((eb) => ({ deletedAt: now, processCancelled: eb.ref("processRunning") }))
    .where(
      "id",
      "in",
      live.map((epaper) => epaper.id),
    )
    .execute();
  for (const epaper of live) {
    if (epaper.processRunning && epaper.processType === "rendering") await deps.redis.publish(RENDER_CANCEL_CHANNEL, epaper.id);
  }
  return live.length;
}
