import { createHash, randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { isbot } from "isbot";
import type { Database } from "#db/client";
import { deviceClass } from "./device-class.ts";
import { anonymousReader, recordReader } from "./reading-now.server.ts";
import { addressBucket, limitToSession, statsDrops } from "./reader-session.server.ts";
import { referrerDomain } from "./referrer.ts";
import { STATS_MAX_TERM, type StatsEvent, StatsBatchSchema } from "./stats-events.ts";
import {
  DEFAULT_STATS_PREFIX,
  DEFAULT_STREAM_MAX_LEN,
  encodeEntry,
  STATS_KEY_TTL_S,
  type StatsEntry,
  type StatsTarget,
  statsKeys,
} from "./stats-stream.server.ts";

/*
 * The content origin's half of the statistics (issue 31, ADR 0053): a beacon's body is checked
 * against the wire contract, its sender turned into the day's hash (the address itself is never
 * kept), and the batch appended to a Redis stream; the worker counts it later. Nothing is stored
 * on or read from the reader's device. Every beacon also keeps its reader in 'reading now'
 * (reading-now.server.ts), in the same round trip.
 */

export type StatsIngestDeps = {
  db: Database;
  redis: Redis;
  /** Prefix of every Redis key (tests use their own). */
  prefix?: string;
  /** The stream's approximate cap (XADD MAXLEN ~). */
  maxLen?: number;
  now?: () => number;
  /** How long an ePaper's statistics switch is kept in this process's memory. */
  settingsTtlMs?: number;
};

export type StatsBeacon = {
  target: StatsTarget;
  headers: Record<string, string | string[] | undefined>;
  /** The client address as the server trusts it (trustedClientIp); only hashed. */
  ip: string;
  body: Buffer;
  /** Host names that count as a direct visit: the publication's own, the studio's. */
  ownHosts: readonly string[];
};

/**
 * queued: in the stream (a batch of keepalives only: in 'reading now' alone); dropped: answered as
 * accepted but not counted; invalid: no batch of the contract.
 */
export type IngestOutcome = "queued" | "dropped" | "invalid";

export type StatsIngest = {
  ingest(beacon: StatsBeacon): Promise<IngestOutcome>;
  /** Forgets the cached statistics switch of an ePaper (tests; a process sees a change within settingsTtlMs anyway). */
  forget(epaperId: string): void;
};

const SETTINGS_TTL_MS = 30_000;
const SETTINGS_CACHE_MAX = 20_000;
/** A salt is read from Redis at most this often per process (one per UTC day, shared by every instance). */
const SALT_TTL_MS = 60_000;

/**
 * Beacons one address may send to one instance within a minute; beyond, they are answered and not
 * counted. A reader sends about four a minute (the reader's 15 s beat, a keepalive after 60 s of
 * silence), so this leaves room for some 150 readers behind one shared address (an office), and a
 * script that floods the address counts for no more than they would.
 */
export const BEACONS_PER_ADDRESS_PER_MINUTE = 600;
/** The most addresses counted within one minute (a bound on memory). */
const ADDRESSES_MAX = 50_000;

const header = (headers: StatsBeacon["headers"], name: string) => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? "";
};

/**
 * isbot's answer per User-Agent, remembered: its one large expression ran for every beacon, and
 * the readers of a publication send a few hundred distinct User-Agents, not one per beacon.
 */
const botAnswers = new Map<string, boolean>();
function isBot(userAgent: string): boolean {
  let answer = botAnswers.get(userAgent);
  if (answer === undefined) {
    answer = isbot(userAgent);
    if (botAnswers.size >= 5_000) botAnswers.clear();
    botAnswers.set(userAgent, answer);
  }
  return answer;
}

/** The UTC date of a moment, as YYYY-MM-DD. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The reader's hash for the day: sha256 of salt|ePaper|address|User-Agent, 32 hex characters. */
export function readerHash(salt: string, epaperId: string, ip: string, userAgent: string): string {
  return createHash("sha256").update(`${salt}|${epaperId}|${ip}|${userAgent}`).digest("hex").slice(0, 32);
}

/** A search term as it is counted: lower case, single spaces, at most 100 UTF-16 units (no half a character). */
export function searchTerm(q: string): string {
  const term = q.toLowerCase().replace(/\s+/g, " ").trim().slice(0, STATS_MAX_TERM);
  return /[\uD800-\uDBFF]$/.test(term) ? term.slice(0, -1) : term;
}

/** Global Privacy Control (`Sec-GPC: 1`) or Do Not Track (`DNT: 1`). */
export const asksNotToBeTracked = (headers: StatsBeacon["headers"]) => header(headers, "sec-gpc") === "1" || header(headers, "dnt") === "1";

export function createStatsIngest(deps: StatsIngestDeps): StatsIngest {
  const keys = statsKeys(deps.prefix ?? DEFAULT_STATS_PREFIX);
  const now = () => deps.now?.() ?? Date.now();
  const settings = new Map<string, { on: boolean; until: number }>();
  const salts = new Map<string, { salt: string; until: number }>();
  /** Beacons per address in the current minute; a new minute starts from nothing. */
  const perAddress = { minute: 0, beacons: new Map<string, number>() };

  /**
   * Counts a beacon of `ip` in its minute; false once the address sent its share. Within a minute,
   * addresses beyond ADDRESSES_MAX are not counted (and not refused): a flood from many addresses
   * cannot reset the counts of the ones already over their share.
   */
  function withinAddressLimit(ip: string): boolean {
    const minute = Math.floor(now() / 60_000);
    if (perAddress.minute !== minute) {
      perAddress.minute = minute;
      perAddress.beacons.clear();
    }
    const beacons = (perAddress.beacons.get(ip) ?? 0) + 1;
    if (beacons === 1 && perAddress.beacons.size >= ADDRESSES_MAX) return true;
    perAddress.beacons.set(ip, beacons);
    return beacons <= BEACONS_PER_ADDRESS_PER_MINUTE;
  }

  async function statisticsOn(epaperId: string): Promise<boolean> {
    const cached = settings.get(epaperId);
    if (cached && cached.until > now()) return cached.on;
    const row = await deps.db.selectFrom("epaperSetting").select("statisticsActive").where("epaperId", "=", epaperId).executeTakeFirst();
    // An ePaper without its settings row has the defaults: statistics on.
    const on = row?.statisticsActive ?? true;
    if (settings.size >= SETTINGS_CACHE_MAX) settings.clear();
    settings.set(epaperId, { on, until: now() + (deps.settingsTtlMs ?? SETTINGS_TTL_MS) });
    return on;
  }

  /** The day's salt: made by whichever instance asks first (SET NX), gone from Redis two days later. */
  async function saltOf(day: string): Promise<string> {
    const cached = salts.get(day);
    if (cached && cached.until > now()) return cached.salt;
    const fresh = randomBytes(32).toString("hex");
    // SET … NX GET answers the salt another instance made first, or nil when ours was set.
    const existing = (await deps.redis.call("SET", keys.salt(day), fresh, "EX", String(STATS_KEY_TTL_S), "NX", "GET")) as string | null;
    const salt = existing ?? fresh;
    for (const [key, value] of salts) if (value.until <= now()) salts.delete(key);
    salts.set(day, { salt, until: now() + SALT_TTL_MS });
    return salt;
  }

  return {
    forget: (epaperId) => void settings.delete(epaperId),
    async ingest(beacon) {
      const userAgent = header(beacon.headers, "user-agent");
      // Crawlers and scripts are no readers (and a browser always names itself).
      if (!userAgent || isBot(userAgent)) return "dropped";
      if (!withinAddressLimit(beacon.ip)) {
        statsDrops.dropped.inc({ reason: "addressRate" });
        return "dropped";
      }
      let json: unknown;
      try {
        json = JSON.parse(beacon.body.toString("utf8"));
      } catch {
        return "invalid";
      }
      const batch = StatsBatchSchema.safeParse(json);
      if (!batch.success) return "invalid";
      if (!(await statisticsOn(beacon.target.epaperId))) return "dropped";
      const at = now();
      const day = utcDay(at);
      const gpc = asksNotToBeTracked(beacon.headers);
      // Keepalives say the reader is still there: 'reading now' takes them, the rollup has nothing to count.
      const counted = batch.data.events.filter((event) => event.t !== "live");
      let events: StatsEvent[];
      if (gpc) {
        // A reader who asked not to be tracked is a view, nothing more: no detail, no hash, no referrer.
        events = counted.filter((event) => event.t === "open").map(() => ({ t: "open", ref: "", w: 0 }));
        if (events.length === 0) return "dropped";
      } else {
        // Only what the counts need: the referrer's domain, the term as it is counted.
        events = counted.flatMap((event): StatsEvent[] => {
          if (event.t === "open") return [{ ...event, ref: referrerDomain(event.ref, beacon.ownHosts) }];
          if (event.t === "search") return searchTerm(event.q) ? [{ ...event, q: searchTerm(event.q) }] : [];
          return [event];
        });
      }
      // The session's bounds (issue 44): one open, page time within its budget, new sessions per address.
      const salt = await saltOf(day);
      const hash = readerHash(salt, beacon.target.epaperId, beacon.ip, userAgent);
      const limited = await limitToSession(
        deps.redis,
        {
          session: gpc ? null : keys.session(hash, beacon.target),
          addressMinute: keys.addressMinute(readerHash(salt, "", addressBucket(beacon.ip), ""), Math.floor(at / 60_000)),
        },
        events,
        at,
      );
      if (limited === null) return "dropped";
      events = limited;
      if (counted.length > 0 && events.length === 0) return "dropped";
      const open = events.find((event) => event.t === "open");
      const entry: StatsEntry = {
        ...beacon.target,
        day,
        // A reader who asked not to be tracked has no hash in the counts, and no session.
        hash: gpc ? null : hash,
        gpc,
        device: gpc ? null : deviceClass(userAgent, open?.t === "open" ? open.w : null),
        events,
      };
      // One round trip: the entry for the rollup (unless only keepalives came) and the reader for 'reading now'.
      const pipeline = deps.redis.pipeline();
      if (events.length > 0) pipeline.xadd(keys.stream, "MAXLEN", "~", deps.maxLen ?? DEFAULT_STREAM_MAX_LEN, "*", ...encodeEntry(entry));
      recordReader(pipeline, keys, beacon.target.epaperId, entry.hash ?? anonymousReader(), at);
      for (const [error] of (await pipeline.exec()) ?? []) if (error) throw error;
      return "queued";
    },
  };
}
