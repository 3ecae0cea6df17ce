import { execFileSync } from "node:child_process";
import http from "node:http";
import autocannon from "autocannon";
import { cpuMsOf } from "./bench-processes.ts";

/*
 * The readers of `npm run bench:analytics`: beacons as the reader sends them, posted to the
 * content origin's `_stats` addresses, and what each part of the machine spent on them.
 */

export const EVENTS_PER_BEACON = 5;
const USER_AGENTS = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
];

export type Target = { shortPath: string; elements: string[] };
export type Beacon = { method: "POST"; path: string; body: string; headers: Record<string, string> };
export type Load = {
  accepted: number;
  other: number;
  errors: number;
  eventsPerS: number;
  p50: number;
  p99: number;
  cpu: Record<string, number>;
};
/** The processes whose CPU each run reports per beacon (the machine's two cores are shared by all of them). */
export type Cpu = {
  studio?: number;
  worker?: () => number | undefined;
  /** CPU ms of workers that ran before the current one (killed mid-run), added to the worker's. */
  workersGoneMs?: () => number;
};

const pidOf = (name: string) => {
  try {
    return Number(execFileSync("pidof", ["-s", name], { encoding: "utf8" }).trim()) || undefined;
  } catch {
    return undefined; // not on this machine (a remote database)
  }
};

/** CPU ms so far of the content origin, the worker, MariaDB, Redis and this process (the load generator). */
async function cpuNow(cpu: Cpu): Promise<Record<string, number>> {
  const own = process.cpuUsage();
  return {
    "content origin": await cpuMsOf(cpu.studio),
    worker: (await cpuMsOf(cpu.worker?.()).catch(() => 0)) + (cpu.workersGoneMs?.() ?? 0),
    MariaDB: await cpuMsOf(pidOf("mariadbd")).catch(() => Number.NaN),
    Redis: await cpuMsOf(pidOf("redis-server")).catch(() => Number.NaN),
    "load generator": (own.user + own.system) / 1000,
  };
}

const cpuPerBeacon = (before: Record<string, number>, after: Record<string, number>, beacons: number) =>
  Object.fromEntries(Object.entries(after).map(([name, ms]) => [name, (ms - (before[name] ?? 0)) / Math.max(1, beacons)]));

/** 2,000 different beacons (channel, pages, element, reader: 20,000 addresses and four browsers), made once. */
export function beaconPool(targets: Target[]): Beacon[] {
  return Array.from({ length: 2000 }, () => {
    const target = targets[Math.floor(Math.random() * targets.length)] as Target;
    const page = 1 + Math.floor(Math.random() * 21);
    const ms = () => 2000 + Math.floor(Math.random() * 9000);
    const reader = Math.floor(Math.random() * 20_000);
    return {
      method: "POST" as const,
      path: `/c/${target.shortPath}/_stats`,
      body: JSON.stringify({
        v: 1,
        events: [
          { t: "open", ref: "https://www.google.com/", w: 390 },
          { t: "page", p: page, ms: ms() },
          { t: "page", p: page + 1, ms: ms() },
          { t: "page", p: page + 2, ms: ms() },
          { t: "media", id: target.elements[Math.floor(Math.random() * 2)], a: "click" },
        ],
      }),
      headers: {
        "content-type": "text/plain;charset=UTF-8",
        "user-agent": USER_AGENTS[reader % USER_AGENTS.length] as string,
        "x-forwarded-for": `10.${reader >> 16}.${(reader >> 8) & 255}.${reader & 255}`,
      },
    };
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** One beacon over a keep-alive agent; answers the status. */
function post(origin: URL, agent: http.Agent, beacon: Beacon): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: origin.hostname,
        port: origin.port,
        path: beacon.path,
        method: "POST",
        agent,
        headers: { ...beacon.headers, "content-length": Buffer.byteLength(beacon.body) },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(beacon.body);
  });
}

/**
 * Readers as they arrive in the field: `beaconsPerS` beacons a second for `seconds`, each at its
 * own moment (Poisson arrivals), whether earlier answers came or not (an open loop). An answer's
 * time counts from the moment its beacon was due, so a generator or server that falls behind
 * shows in the figures instead of hiding in them.
 */
export async function openLoop(origin: string, pool: Beacon[], beaconsPerS: number, seconds: number, cpu: Cpu = {}): Promise<Load> {
  const url = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const cpuBefore = await cpuNow(cpu);
  const times: number[] = [];
  const answers = { accepted: 0, other: 0, errors: 0 };
  const failures = new Map<string, number>();
  const pending = new Set<Promise<void>>();
  /** Answer times by the second they were due in: where in the run the tail comes from. */
  const bySecond = new Map<number, number[]>();
  const started = performance.now();
  const total = Math.round(beaconsPerS * seconds);
  let due = 0;
  let next = Math.floor(Math.random() * pool.length);
  for (let sent = 0; sent < total; sent++) {
    due += (-Math.log(1 - Math.random()) / beaconsPerS) * 1000;
    const wait = started + due - performance.now();
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const dueAt = started + due;
    const second = Math.floor(due / 1000);
    const answer = post(url, agent, pool[next++ % pool.length] as Beacon).then(
      (status) => {
        const time = performance.now() - dueAt;
        times.push(time);
        const inSecond = bySecond.get(second) ?? [];
        if (inSecond.length === 0) bySecond.set(second, inSecond);
        inSecond.push(time);
        if (status === 204) answers.accepted++;
        else answers.other++;
      },
      (error: NodeJS.ErrnoException) => {
        answers.errors++;
        failures.set(error.code ?? error.message, (failures.get(error.code ?? error.message) ?? 0) + 1);
      },
    );
    pending.add(answer);
    void answer.finally(() => pending.delete(answer));
  }
  await Promise.all(pending);
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  if (failures.size > 0) console.log(`    failed requests: ${[...failures].map(([why, count]) => `${why} ×${count}`).join(", ")}`);
  times.sort((a, b) => a - b);
  const seconds99 = [...bySecond].map(
    ([at, list]) =>
      [
        at,
        percentile(
          list.sort((a, b) => a - b),
          99,
        ),
      ] as const,
  );
  const slowest = seconds99.sort((a, b) => b[1] - a[1]).slice(0, 6);
  console.log(
    `    slowest seconds (p99 of the beacons due in them): ${slowest.map(([at, p99]) => `${at} s: ${Math.round(p99)} ms`).join(", ")}`,
  );
  return {
    ...answers,
    eventsPerS: (answers.accepted * EVENTS_PER_BEACON) / elapsedS,
    p50: Math.round(percentile(times, 50)),
    p99: Math.round(percentile(times, 99)),
    cpu: cpuPerBeacon(cpuBefore, await cpuNow(cpu), answers.accepted + answers.other),
  };
}

/** `amount` beacons as fast as `connections` connections go (a closed loop: the headroom); every answer is awaited. */
export async function closedLoop(origin: string, pool: Beacon[], amount: number, connections: number, cpu: Cpu = {}): Promise<Load> {
  const cpuBefore = await cpuNow(cpu);
  const answers = { accepted: 0, other: 0 };
  let next = Math.floor(Math.random() * pool.length);
  const started = Date.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        amount,
        // One template per connection, filled from the pool per request (a pool of requests would be
        // turned into buffers for every connection up front, which stalls the first seconds).
        requests: [{ setupRequest: (request) => ({ ...request, ...(pool[next++ % pool.length] as Beacon) }) }],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, statusCode) => {
      if (statusCode === 204) answers.accepted++;
      else answers.other++;
    });
  });
  const elapsedS = (Date.now() - started) / 1000;
  return {
    ...answers,
    errors: result.errors + result.timeouts,
    eventsPerS: (answers.accepted * EVENTS_PER_BEACON) / elapsedS,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpu: cpuPerBeacon(cpuBefore, await cpuNow(cpu), answers.accepted + answers.other),
  };
}
