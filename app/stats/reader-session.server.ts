import type { Redis } from "ioredis";
import { Counter } from "prom-client";
import { processMetrics } from "#app/utils/metrics.server";
import { remember } from "#app/utils/remember.server";
import { STATS_MAX_PAGE_MS, type StatsEvent } from "./stats-events.ts";

/*
 * What one reader may add to the statistics (issue 44, ADR 0053 addendum). A beacon is only what
 * a browser says, so the server bounds it:
 * - one `open` per reader session: a session is the reader's day hash seen within the last 30
 *   minutes (any beacon, keepalives included, keeps it); 50 opens in one beacon count as one. A
 *   reader who asked not to be tracked has no session (nothing links their beacons): each of their
 *   beacons is one open at most, and a new session of their address;
 * - page time from a budget: a session starts with one minute per visible page (two: a spread)
 *   and earns two milliseconds per millisecond of wall time, up to an hour; a page event that
 *   claims more than the budget holds is cut to it. An honest reader never reaches it: the
 *   reader sends at least every 15 s, so its claims trail the wall time;
 * - new sessions per address (an IPv6 address by its /64): at most NEW_SESSIONS_PER_ADDRESS_PER_MINUTE a minute, shared by
 *   every instance (a new User-Agent per request is a new reader hash, but not a new address);
 *   beyond, the whole beacon is dropped.
 * Every drop is counted on /metrics (epaper_stats_dropped_total by reason).
 */

export const SESSION_TTL_S = 30 * 60;
/** Two pages are on screen at once in a spread: both count their time. */
const PAGES_AT_ONCE = 2;
export const INITIAL_PAGE_BUDGET_MS = PAGES_AT_ONCE * 60_000;
export const MAX_PAGE_BUDGET_MS = PAGES_AT_ONCE * STATS_MAX_PAGE_MS;
/** Enough for an office of readers behind one address starting within the same minute. */
export const NEW_SESSIONS_PER_ADDRESS_PER_MINUTE = 60;

/**
 * The address a new-session window counts: an IPv4 address as it is, an IPv6 address by its /64
 * (one subscriber's network: a client holds a whole /64 and could otherwise start unbounded sessions).
 */
export function addressBucket(ip: string): string {
  const address = ip.split("%")[0] ?? ip;
  if (!address.includes(":") || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address)) return address;
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || "0", 16).toString(16))
    .join(":")}::/64`;
}

export type DropReason = "addressRate" | "newSessions" | "repeatOpen" | "pageTime";

export const statsDrops = remember("stats-drop-metrics", () => ({
  dropped: new Counter({
    name: "epaper_stats_dropped_total",
    help: "Statistics beacons or events accepted but not counted, by reason (address rate, new sessions per address, repeated open, page time over budget)",
    labelNames: ["reason"] as const,
    registers: [processMetrics.registry],
  }),
}));

/**
 * KEYS[1] the session hash, KEYS[2] the address's minute counter.
 * ARGV: now ms, wants an open (0/1), page ms claimed, initial budget, max budget, session ttl s, new sessions per minute,
 * keep the session (0: a reader who asked not to be tracked; every beacon of theirs is a new, unkept session).
 * Returns { open allowed (0/1), page ms granted, beacon refused (0/1) }.
 */
const SESSION_SCRIPT = `
local now = tonumber(ARGV[1])
local tokens, last, opened
local state = redis.call('HMGET', KEYS[1], 'tokens', 'last', 'opened')
-- A session ends 30 minutes after its last beacon (Redis expires it; the clock says so too).
if ARGV[8] ~= '1' or not state[2] or now - tonumber(state[2]) > tonumber(ARGV[6]) * 1000 then
  local n = redis.call('INCR', KEYS[2])
  if n == 1 then redis.call('EXPIRE', KEYS[2], 120) end
  if n > tonumber(ARGV[7]) then return {0, 0, 1} end
  tokens = tonumber(ARGV[4])
  opened = 0
else
  tokens = math.min(tonumber(ARGV[5]), tonumber(state[1]) + 2 * math.max(0, now - tonumber(state[2])))
  opened = tonumber(state[3])
end
local open = 0
if ARGV[2] == '1' and opened == 0 then
  open = 1
  opened = 1
end
local grant = math.min(tonumber(ARGV[3]), tokens)
tokens = tokens - grant
if ARGV[8] == '1' then
  redis.call('HSET', KEYS[1], 'tokens', tokens, 'last', now, 'opened', opened)
  redis.call('EXPIRE', KEYS[1], tonumber(ARGV[6]))
end
return {open, grant, 0}
`;

/** `session: null`: the reader asked not to be tracked; nothing links its beacons, each is a new session of its address. */
export type SessionKeys = { session: string | null; addressMinute: string };

/**
 * The events of one beacon as they count: at most one open (none if the session had one), page
 * time cut to the session's budget; null when the address started too many sessions this minute.
 */
export async function limitToSession(redis: Redis, keys: SessionKeys, events: StatsEvent[], now: number): Promise<StatsEvent[] | null> {
  const opens = events.filter((event) => event.t === "open").length;
  const claimed = events.reduce((sum, event) => sum + (event.t === "page" ? event.ms : 0), 0);
  const [openAllowed, granted, refused] = (await redis.eval(
    SESSION_SCRIPT,
    2,
    keys.session ?? `${keys.addressMinute}:untracked`,
    keys.addressMinute,
    String(now),
    opens > 0 ? "1" : "0",
    String(claimed),
    String(INITIAL_PAGE_BUDGET_MS),
    String(MAX_PAGE_BUDGET_MS),
    String(SESSION_TTL_S),
    String(NEW_SESSIONS_PER_ADDRESS_PER_MINUTE),
    keys.session === null ? "0" : "1",
  )) as [number, number, number];
  if (refused === 1) {
    statsDrops.dropped.inc({ reason: "newSessions" });
    return null;
  }
  const droppedOpens = opens - (openAllowed === 1 ? 1 : 0);
  if (droppedOpens > 0) statsDrops.dropped.inc({ reason: "repeatOpen" }, droppedOpens);
  let budget = granted;
  let openKept = openAllowed === 1;
  let cut = 0;
  const kept = events.flatMap((event): StatsEvent[] => {
    if (event.t === "open") {
      if (!openKept) return [];
      openKept = false;
      return [event];
    }
    if (event.t !== "page") return [event];
    const ms = Math.min(event.ms, budget);
    budget -= ms;
    if (ms < event.ms) cut += 1;
    return ms > 0 ? [{ ...event, ms }] : [];
  });
  if (cut > 0) statsDrops.dropped.inc({ reason: "pageTime" }, cut);
  return kept;
}
