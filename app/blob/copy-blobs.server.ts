import type { BlobStore } from "./blob-store.server.ts";

export type CopyProgress = { copied: number; skipped: number; bytes: number };

/**
 * Top-level entries of DATA_DIR that are not content: the mail catcher's mails, a local S3
 * server's files, the local Redis' files (scripts/start-redis.sh without root) and the
 * one-machine secrets (scripts/start.sh), which never go into a bucket or a backup.
 */
export const NOT_CONTENT = ["mails", "s3", "redis", "secrets.env"] as const;

/**
 * Copies every blob of one store into another under the same key: a one-machine installation's
 * folder into a bucket (README 'Operators'; ADR 0045), a store into a backup folder and back
 * (npm run backup / restore; ADR 0047). Idempotent and resumable:
 * a blob the target already holds with the same size is skipped, so a run that stopped half-way
 * (or a second run) copies only what is missing; each copy is atomic (the contract's put).
 * The source is left as it is.
 */
export async function copyBlobs(
  source: BlobStore,
  target: BlobStore,
  options: { onProgress?: (progress: CopyProgress, key: string) => void; concurrency?: number } = {},
): Promise<CopyProgress> {
  const progress: CopyProgress = { copied: 0, skipped: 0, bytes: 0 };
  const keys = source.keys({ skip: NOT_CONTENT });
  const copyOne = async (key: string) => {
    const [from, to] = await Promise.all([source.stat(key), target.stat(key)]);
    if (!from) return; // gone since it was listed
    if (to && to.size === from.size) {
      progress.skipped += 1;
    } else {
      await target.put(key, await source.stream(key));
      progress.copied += 1;
      progress.bytes += from.size;
    }
    options.onProgress?.(progress, key);
  };
  // A few at once: an object store's latency, not its bandwidth, bounds one copy at a time.
  await Promise.all(
    Array.from({ length: options.concurrency ?? 8 }, async () => {
      for (let next = await keys.next(); !next.done; next = await keys.next()) await copyOne(next.value);
    }),
  );
  return progress;
}
