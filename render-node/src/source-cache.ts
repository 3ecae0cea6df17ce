import { createHash } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { type DownloadLimits, downloadSource } from "./download.ts";
import type { DocumentInfo } from "./poppler.ts";

export type Source = {
  file: string;
  size: number;
  /** The key the pdf.js threads cache their parsed document under; empty when not cached. */
  cacheKey: string;
  /** pdfinfo's answer, computed once per source. */
  info: (read: () => Promise<DocumentInfo>) => Promise<DocumentInfo>;
  release: () => void;
};

type Entry = {
  dir: string;
  file: string;
  ready: Promise<number>;
  info: Promise<DocumentInfo> | null;
  refs: number;
  lastUsed: number;
};

/**
 * Sources named by a stable id stay on disk for a while after their last call, so the chunks
 * of one document are downloaded and opened once per node instead of once per call. Unnamed
 * sources live in the call's own folder and go with it.
 */
export class SourceCache {
  readonly #root: string;
  readonly #limits: DownloadLimits;
  readonly #entries = new Map<string, Entry>();
  readonly #keepMs: number;
  readonly #maxEntries: number;
  #timer: NodeJS.Timeout;

  constructor(root: string, limits: DownloadLimits, options: { keepMs?: number; maxEntries?: number } = {}) {
    this.#root = root;
    this.#limits = limits;
    this.#keepMs = options.keepMs ?? 120_000;
    this.#maxEntries = options.maxEntries ?? 16;
    this.#timer = setInterval(() => void this.sweep(), 15_000);
    this.#timer.unref();
  }

  async acquire(sourceId: string, url: string, callDir: string, signal: AbortSignal): Promise<Source> {
    if (!sourceId) {
      const file = path.join(callDir, "source.pdf");
      const size = await downloadSource(url, file, this.#limits, signal);
      let info: Promise<DocumentInfo> | null = null;
      return { file, size, cacheKey: "", info: (read) => (info ??= read()), release: () => {} };
    }
    const key = createHash("sha256").update(sourceId).digest("hex").slice(0, 32);
    let entry = this.#entries.get(key);
    if (!entry) {
      const dir = path.join(this.#root, `source-${key}`);
      const file = path.join(dir, "source.pdf");
      const ready = mkdir(dir, { recursive: true }).then(() => downloadSource(url, file, this.#limits, signal));
      entry = { dir, file, ready, info: null, refs: 0, lastUsed: Date.now() };
      this.#entries.set(key, entry);
      // A failed download must not be served to the next call.
      ready.catch(() => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
        void rm(dir, { recursive: true, force: true });
      });
    }
    entry.refs++;
    const current = entry;
    try {
      const size = await current.ready;
      let released = false;
      return {
        file: current.file,
        size,
        cacheKey: key,
        info: (read) => {
          current.info ??= read().catch((error) => {
            current.info = null;
            throw error;
          });
          return current.info;
        },
        release: () => {
          if (released) return;
          released = true;
          current.refs--;
          current.lastUsed = Date.now();
        },
      };
    } catch (error) {
      current.refs--;
      throw error;
    }
  }

  /** Drops sources nobody used for a while, and the oldest unused ones beyond the limit. */
  async sweep(now = Date.now()) {
    const idle = [...this.#entries].filter(([, entry]) => entry.refs === 0).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    let excess = this.#entries.size - this.#maxEntries;
    for (const [key, entry] of idle) {
      if (now - entry.lastUsed < this.#keepMs && excess <= 0) continue;
      this.#entries.delete(key);
      excess--;
      await rm(entry.dir, { recursive: true, force: true });
    }
  }

  async close() {
    clearInterval(this.#timer);
    for (const [key, entry] of this.#entries) {
      this.#entries.delete(key);
      await rm(entry.dir, { recursive: true, force: true });
    }
  }
}
