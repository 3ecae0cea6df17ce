/**
 * The "ours" side's bundle: the reader built when its sources are newer than the build, a corpus
 * file rendered by a real render farm, then published by the studio's own publish function into
 * the farm's blob store (a folder on disk the static server can serve).
 */
import { spawn } from "node:child_process";
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { buildPublication } from "#app/publish/build-publication.server";
import { type Farm, fileOf } from "#tests/support/render-farm";

export const PUBLISHER_DIR = path.resolve("publisher");
export const READER_ASSETS_DIR = path.join(PUBLISHER_DIR, "dist", "reader");

/** Newest modification time under a folder (0 when it does not exist). */
async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? await newestMtime(full) : (await stat(full)).mtimeMs);
  }
  return newest;
}

/**
 * Runs `npm run build -w publisher` when dist/reader/reader.js is missing or older than the
 * reader's sources (publisher/reader, the shared publisher/src and the workspace's package.json).
 * Returns what it did, for the report.
 */
export async function ensureReaderBuilt(): Promise<string> {
  const built = await stat(path.join(READER_ASSETS_DIR, "reader.js")).catch(() => null);
  const sources = Math.max(
    await newestMtime(path.join(PUBLISHER_DIR, "reader")),
    await newestMtime(path.join(PUBLISHER_DIR, "src")),
    (await stat(path.join(PUBLISHER_DIR, "package.json"))).mtimeMs,
  );
  if (built && built.mtimeMs >= sources) return "reader build is up to date";
  const why = built ? "older than its sources" : "missing";
  console.log(`building the reader (publisher/dist/reader/reader.js ${why}): npm run build -w publisher`);
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn("npm", ["run", "build", "-w", "publisher"], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`npm run build -w publisher exited with ${code}:\n${output.join("").trim()}`);
  if (!(await stat(path.join(READER_ASSETS_DIR, "reader.js")).catch(() => null)))
    throw new Error(`npm run build -w publisher left no reader.js in ${READER_ASSETS_DIR}`);
  return `reader built (${why})`;
}

export type PublishedBundle = {
  publicationId: string;
  hash: string;
  blobPrefix: string;
  sizeInByte: number;
  /** The bundle's folder on disk (index.html at its root). */
  dir: string;
};

/** Publishes a rendered ePaper as a preview and returns the bundle's folder. */
export async function publishBundle(farm: Farm, epaperId: string, readerAssetsDir = READER_ASSETS_DIR): Promise<PublishedBundle> {
  const built = await buildPublication({ db: farm.db, blobs: farm.blobs, readerAssetsDir }, { epaperId, type: "preview" });
  const dir = fileOf(farm, built.blobPrefix);
  if (!(await stat(path.join(dir, "index.html")).catch(() => null)))
    throw new Error(`the publication ${built.publicationId} has no index.html under ${built.blobPrefix}`);
  return { ...built, dir };
}
