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

/** Generator version: the folder lives as long as the stream. */
export async function* streamInWorkspace<T>(root: string, work: (dir: string) => AsyncGenerator<T>): AsyncGenerator<T> {
  const dir = await mkdtemp(path.join(root, "call-"));
  try {
    yield* work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function resetTempRoot(root: string) {
  await mkdir(root, { recursive: true });
  for (const entry of await readdir(root)) await rm(path.join(root, entry), { recursive: true, force: true });
}
