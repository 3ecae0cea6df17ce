import {
  applyIsolating,
  BATCH_SIZE,
  claimStaleEntries,
  ensureStatsGroup,
  keysOf,
  pruneStats,
  type RollupDeps,
  readNewEntries,
  readOwnPending,
} from "./stats-rollup.server.ts";

/*
 * The worker's statistics loop (issue 31, ADR 0053) around the rollup's steps
 * (stats-rollup.server.ts): it reads, lingers for a fuller batch, counts, and keeps the group
 * healthy; a failure pauses it, never stops it.
 */

/** A read that finds less than a batch waits this long for more before counting (one transaction, not dozens). */
const LINGER_MS = 1_000;

export type StatsRollup = { close(): Promise<void> };

/**
 * Starts the consumer loop of the worker: new entries as they come (blocking read), its own
 * pending entries again after a failure (with a growing pause), and every `maintenanceMs` the
 * entries dead consumers left, and the pruning. `close` lets the batch in hand finish.
 */
export function startStatsRollup(
  deps: RollupDeps,
  options: { blockMs?: number; maintenanceMs?: number; lingerMs?: number } = {},
): StatsRollup {
  const keys = keysOf(deps);
  const log = deps.log ?? ((message: string) => console.error(message));
  const reader = deps.redis.duplicate();
  reader.on("error", () => {}); // the loop sees and logs its failures; ioredis reconnects by itself
  const state = { stopping: false, wake: () => {} };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      state.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  /** Dead consumers' entries and the pruning; a failure here never stops the reading. */
  const maintain = async () => {
    try {
      await ensureStatsGroup(deps.redis, keys);
      const claimed = await claimStaleEntries(deps);
      if (claimed.counted + claimed.repeated > 0)
        log(
          `statistics: took over ${claimed.counted + claimed.repeated} entries of a stopped consumer (${claimed.repeated} counted before)`,
        );
      await pruneStats(deps);
    } catch (error) {
      log(`statistics maintenance failed: ${(error as Error).message}`);
    }
  };
  const loop = (async () => {
    let retryPending = true; // a restart under the same name finds its own pending entries first
    let failures = 0;
    let lastMaintenance = 0;
    while (!state.stopping) {
      if (Date.now() - lastMaintenance >= (options.maintenanceMs ?? 30_000)) {
        lastMaintenance = Date.now();
        await maintain();
      }
      try {
        // After a failure: this consumer's pending entries, together with new ones, so one broken entry is found out.
        const entries = retryPending
          ? [...(await readOwnPending(deps)), ...(await readNewEntries(deps, reader))]
          : await readNewEntries(deps, reader, options.blockMs ?? 2_000);
        // Less than a batch: beacons trickle in. Waiting a moment for more makes one transaction
        // of what would have been dozens (the database's work per beacon fell by two thirds under
        // bench:analytics); the counts are at most that much later.
        const batch = deps.batchSize ?? BATCH_SIZE;
        if (entries.length > 0 && entries.length < batch && (options.lingerMs ?? LINGER_MS) > 0) {
          await pause(options.lingerMs ?? LINGER_MS);
          if (!state.stopping) entries.push(...(await readNewEntries(deps, reader)));
        }
        retryPending = false;
        if (entries.length > 0) await applyIsolating(deps, entries);
        failures = 0;
      } catch (error) {
        if (state.stopping) break;
        retryPending = true;
        failures++;
        log(`statistics rollup failed (attempt ${failures}): ${(error as Error).message}`);
        // A Redis that lost its data lost the group too: made again before the next read.
        if (String((error as Error).message).includes("NOGROUP")) lastMaintenance = 0;
        await pause(Math.min(30_000, 250 * 2 ** Math.min(failures, 7)));
      }
    }
  })();
  return {
    async close() {
      state.stopping = true;
      state.wake();
      // The read in hand ends within blockMs; one waiting for a Redis that is away is cut off.
      const waited = await Promise.race([
        loop.then(() => true),
        new Promise((resolve) => setTimeout(resolve, (options.blockMs ?? 2_000) + 1_000, false)),
      ]);
      reader.disconnect();
      if (!waited) await loop;
    },
  };
}
