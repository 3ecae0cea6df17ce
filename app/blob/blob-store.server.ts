import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { randomBytes } from "node:crypto";

/**
 * The blob store: files addressed by keys such as `epapers/<id>/pages/r1/3/w800.webp`.
 * The default driver is a folder (DATA_DIR) that every studio and worker instance shares as
 * a volume. Writes go to a temporary name first and are renamed into place, so a reader never
 * sees half a file and a retried write simply replaces the old one.
 */
export class BlobStore {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** Whether a key names a blob inside the store: no way out of it, nothing but safe characters. */
  static isValidKey(key: string): boolean {
    return /^[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(key) && !key.split("/").some((part) => part === ".." || part === "");
  }

  /** The file behind a key; refuses keys that would leave the store. */
  pathOf(key: string) {
    if (!BlobStore.isValidKey(key)) throw new Error(`invalid blob key: ${key}`);
    return path.join(this.root, key);
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

  read(key: string) {
    return readFile(this.pathOf(key));
  }

  stream(key: string) {
    return createReadStream(this.pathOf(key));
  }

  async size(key: string): Promise<number | null> {
    // A key no blob can have (a request's made-up file name) is simply not there.
    if (!BlobStore.isValidKey(key)) return null;
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string) {
    await rm(this.pathOf(key), { force: true });
  }

  /**
   * What lies directly under a prefix (blobs, deeper prefixes, and writes in progress), with
   * when each last changed: for sweeps that look for files no row names any more.
   */
  async list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]> {
    const base = prefix.replace(/\/+$/, "");
    let names: string[];
    try {
      names = await readdir(this.pathOf(base));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const entries: { key: string; modifiedAt: Date }[] = [];
    for (const name of names) {
      try {
        entries.push({ key: `${base}/${name}`, modifiedAt: (await stat(path.join(this.root, base, name))).mtime });
      } catch {
        // Gone in the meantime (a write renamed into place, or another sweep): nothing to list.
      }
    }
    return entries;
  }

  /** Removes every blob under a prefix (a folder in this driver). */
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
