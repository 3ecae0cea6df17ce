/**
 * The batch loop of the scheduled clean-ups: reads rows in keyset batches ordered by id (`after`
 * is the last id seen), handles each, and collects failures in `errors` instead of stopping, so
 * one row that cannot go neither blocks the others nor is read again in this run. At most
 * `maxBatches` batches per run: the next run goes on. Returns how many rows the handler counted.
 */
export async function sweep<R extends { id: string }>(options: {
  batchSize: number;
  maxBatches: number;
  read: (after: string, limit: number) => Promise<R[]>;
  /** Handles one row; true counts it (removed, notified, …). */
  handle: (row: R) => Promise<boolean>;
  errors: unknown[];
}): Promise<number> {
  let counted = 0;
  let after = "";
  for (let batch = 0; batch < options.maxBatches; batch++) {
    const rows = await options.read(after, options.batchSize);
    for (const row of rows) {
      try {
        if (await options.handle(row)) counted++;
      } catch (error) {
        options.errors.push(error);
      }
    }
    if (rows.length < options.batchSize) break;
    after = rows.at(-1)?.id ?? after;
  }
  return counted;
}
