import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type BlobEntry, type BlobInfo, BlobNotFound, BlobStore, type ByteRange } from "./blob-store.server.ts";

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
};

/**
 * The folder driver (BLOB_STORE=folder, the default): keys are paths under DATA_DIR. Writes go
 * to a temporary name first and are renamed into place, so a reader never sees half a file.
 * Several instances can share it only as a volume on one machine (or a network file system);
 * beyond that, use the S3 driver.
 */
export class FolderBlobStore extends BlobStore {
  readonly driver = "folder" as const;
  readonly root: string;

  constructor(root: string) {
    super();
    this.root = path.resolve(root);
  }

  /** The file behind a key (this driver only; tests inspect files with it). */
  pathOf(key: string) {
    return path.join(this.root, BlobStore.checkKey(key));
  }

  async ready() {
    await mkdir(this.root, { recursive: true });
  }

  async put(key: string, data: Buffer | Uint8Array | Readable) {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString("hex")}.part`;
    try {
      if (Buffer.isBuffer(data) || data instanceof Uint8Array) {
        await writeFile(temporary, data);
      } else {
        await pipeline(data, createWriteStream(temporary));
      }
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async read(key: string) {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) throw new BlobNotFound(key);
      throw error;
    }
  }

  async stream(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    try {
      if (!(await stat(file)).isFile()) throw new BlobNotFound(key);
    } catch (error) {
      if (isMissing(error)) throw new BlobNotFound(key);
      throw error;
    }
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<BlobInfo | null> {
    // A key no blob can have (a request's made-up file name) is simply not there.
    if (!BlobStore.isValidKey(key)) return null;
    try {
      const info = await stat(this.pathOf(key));
      if (!info.isFile()) return null;
      // Like common web servers: size and modification time, which change with every put.
      return { size: info.size, modifiedAt: info.mtime, etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"` };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string) {
    try {
      await rm(this.pathOf(key), { force: true });
    } catch (error) {
      // A folder is a prefix, not a blob: deleting "it" as a blob deletes nothing (as in S3).
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ERR_FS_EISDIR" && code !== "EISDIR") throw error;
    }
  }

  async list(prefix: string): Promise<BlobEntry[]> {
    const base = prefix.replace(/\/+$/, "");
    let names: string[];
    try {
      names = await readdir(this.pathOf(base));
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const entries: BlobEntry[] = [];
    for (const name of names) {
      try {
        const info = await stat(path.join(this.root, base, name));
        entries.push({ key: `${base}/${name}`, modifiedAt: info.mtime, kind: info.isDirectory() ? "prefix" : "blob" });
      } catch {
        // Gone in the meantime (a write renamed into place, or another sweep): nothing to list.
      }
    }
    return entries;
  }

  /**
   * Every blob key under the folder, depth first in name order (writes in progress and the
   * folders `skip` names at the top excluded): what a move into another store copies.
   */
  async *keys(options: { skip?: readonly string[] } = {}): AsyncGenerator<string> {
    const skip = new Set(options.skip ?? []);
    const walk = async function* (root: string, relative: string): AsyncGenerator<string> {
      let entries: import("node:fs").Dirent[];
      try {
        entries = await readdir(path.join(root, relative), { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      entries.sort((a, b) => a.name.localeCompare(b.name));
      for (const entry of entries) {
        const key = relative ? `${relative}/${entry.name}` : entry.name;
        if (!relative && skip.has(entry.name)) continue;
        if (entry.isDirectory()) yield* walk(root, key);
        else if (entry.isFile() && !entry.name.endsWith(".part") && BlobStore.isValidKey(key)) yield key;
      }
    };
    yield* walk(this.root, "");
  }

  async deletePrefix(prefix: string) {
    const target = this.pathOf(prefix.replace(/\/+$/, ""));
    await rm(target, { recursive: true, force: true });
    // Folders are only this driver's way of holding keys: leave no empty ones behind.
    let parent = path.dirname(target);
    while (parent.startsWith(`${this.root}${path.sep}`)) {
      try {
        await rmdir(parent);
      } catch {
        break;
      }
      parent = path.dirname(parent);
    }
  }
}
