import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import path from "node:path";

/**
 * Every call works in its own folder under the node's temp root and removes it when it ends,
 * whether it finished, failed or was cancelled. A node killed outright leaves its folder
 * behind; the next start of that node wipes the root.
 */
export async function withWorkspace<T>(root: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(root, "call-"));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Generator version: the folder lives as long as the stream. A generator's `finally` runs only
 * when it is resumed, and a cancelled call's generator may be inside a CPU-bound step (a sharp
 * encode, a pdftoppm batch) for seconds on a loaded node: the caller's abort removes the folder
 * at once, and the cancelled work then fails on its missing files.
 */
export async function* streamInWorkspace<T>(
  root: string,
  work: (dir: string) => AsyncGenerator<T>,
  signal?: AbortSignal,
): AsyncGenerator<T> {
  const dir = await mkdtemp(path.join(root, "call-"));
  // A process killed by the abort may still be writing its last file: retry a folder that is
  // not empty yet; the `finally` below removes whatever is left.
  const remove = () => rm(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 50 }).catch(() => {});
  let removing: Promise<void> | undefined;
  const onAbort = () => {
    removing = remove();
  };
  if (signal?.aborted) onAbort();
  else signal?.addEventListener("abort", onAbort, { once: true });
  try {
    yield* work(dir);
  } finally {
    signal?.removeEventListener("abort", onAbort);
    await removing;
    await rm(dir, { recursive: true, force: true });
  }
}

export async function resetTempRoot(root: string) {
  await mkdir(root, { recursive: true });
  for (const entry of await readdir(root)) await rm(path.join(root, entry), { recursive: true, force: true });
}
