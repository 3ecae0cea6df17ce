import type { Redis } from "ioredis";
import { markCancelled, signalCancelled } from "#app/lifecycle/epaper-process.server";
import { retryTransaction } from "#db/retry-transaction";
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
  const live = await deps.db.selectFrom("epaper").select("id").where("accountId", "=", accountId).where("deletedAt", "is", null).execute();
  if (live.length === 0) return 0;
  const renders = await retryTransaction(deps.db, (trx) =>
    markCancelled(
      trx,
      live.map((epaper) => epaper.id),
      { deletedAt: now },
    ),
  );
  await signalCancelled(deps.redis, renders);
  return live.length;
}
