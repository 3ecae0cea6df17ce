import { remember } from "./remember.server.ts";

/**
 * A short-lived, process-wide memory of reference rows that every studio page reads and that
 * change rarely and only through a person (ADR 0053): system preferences, languages, footer
 * links, terms, news. Every document request of the studio read them again (seven of the
 * workspace page's twenty-two queries, issue 29); now each instance reads them at most once per
 * REFERENCE_CACHE_MS (default 2 s) per database, and concurrent requests share that one read.
 *
 * The instance that writes such a row forgets it at once (`forgetReference`), so the person who
 * changed it sees the change on their next page; other instances see it within the lifetime, or
 * at once where the writer announces it (preferences: app/events/reference-changes.server.ts).
 * REFERENCE_CACHE_MS=0 switches the memory off (the Vitest suite and the e2e studio, whose tests
 * write these tables behind the studio's back).
 */
type Entry = { until: number; value: Promise<unknown> };

/** Keys one database's memory holds at most: beyond, the expired ones go, and if none had, all. */
export const REFERENCE_MEMORY_MAX_KEYS = 20_000;

// On globalThis (remember): the studio's server entry and its route bundle load this module each,
// and a change announced to the one must reach the memory the other reads.
const memories = remember("reference-memories", () => new WeakMap<object, Map<string, Entry>>());
const everyMemory = remember("reference-memory-list", () => new Set<WeakRef<Map<string, Entry>>>());

function lifetimeMs(): number {
  const configured = Number(process.env.REFERENCE_CACHE_MS ?? 2000);
  return Number.isFinite(configured) && configured > 0 ? configured : 0;
}

/** `load()`'s value for `key` of database `db`, read again once it is older than the lifetime. */
export function remembered<T>(db: object, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const lifetime = lifetimeMs();
  if (lifetime === 0) return load();
  let memory = memories.get(db);
  if (!memory) {
    memory = new Map();
    memories.set(db, memory);
    everyMemory.add(new WeakRef(memory));
  }
  const known = memory.get(key);
  if (known && known.until > now) return known.value as Promise<T>;
  const value = load();
  const entry = { until: now + lifetime, value };
  // Keyed by an address (the statistics address's lookups) the memory could grow with every
  // address ever asked for: it stays bounded.
  if (memory.size >= REFERENCE_MEMORY_MAX_KEYS) {
    for (const [old, held] of memory) if (held.until <= now) memory.delete(old);
    if (memory.size >= REFERENCE_MEMORY_MAX_KEYS) memory.clear();
  }
  memory.set(key, entry);
  // A failed read is not remembered: the next request asks the database again.
  value.catch(() => {
    if (memory.get(key) === entry) memory.delete(key);
  });
  return value;
}

/** Forgets every remembered key of `db` that starts with `prefix` (after a write to those rows). */
export function forgetReference(db: object, prefix: string): void {
  const memory = memories.get(db);
  if (memory) forgetIn(memory, prefix);
}

/**
 * Forgets the keys starting with `prefix` in every database's memory of this process: another
 * instance wrote those rows (app/events/reference-changes.server.ts tells).
 */
export function forgetReferenceEverywhere(prefix: string): void {
  for (const held of everyMemory) {
    const memory = held.deref();
    if (memory) forgetIn(memory, prefix);
    else everyMemory.delete(held);
  }
}

function forgetIn(memory: Map<string, Entry>, prefix: string) {
  for (const key of [...memory.keys()]) if (key.startsWith(prefix)) memory.delete(key);
}
