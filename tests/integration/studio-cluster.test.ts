import type { ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startStudio, stopProcess } from "#tests/support/studio-process";
import { TEST_PORTS } from "#tests/support/test-ports";

// Several studio processes on one machine (WEB_CONCURRENCY, server/cluster.ts, ADR 0054): a
// primary keeps two production studio processes on the same ports, replaces one that dies,
// answers /metrics for both together and stops them all on SIGTERM.

const PORT = TEST_PORTS.clusterStudio;
const BASE = `http://localhost:${PORT}`;
let primary: ChildProcess;
let dataDir: string;

const childrenOf = async (pid: number) =>
  (await readFile(`/proc/${pid}/task/${pid}/children`, "utf8").catch(() => "")).split(" ").filter(Boolean).map(Number);
const alive = async (pid: number) => (await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null)) !== null;
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
/** Sums every `studio_http_request_duration_seconds_count` sample of /login GETs answered 200. */
const loginCount = (metrics: string) =>
  metrics
    .split("\n")
    .filter(
      (line) =>
        line.startsWith("studio_http_request_duration_seconds_count") && line.includes('route="/login"') && line.includes('status="200"'),
    )
    .reduce((sum, line) => sum + Number(line.split(" ").pop()), 0);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "studio-cluster-"));
  primary = await startStudio({
    mode: "production",
    port: PORT,
    dataDir,
    sessionSecret: "studio-cluster-session-secret-0123456789abcdef",
    env: { WEB_CONCURRENCY: "2" },
  });
}, 120_000);

afterAll(async () => {
  await stopProcess(primary);
  await rm(dataDir, { recursive: true, force: true });
});

test("two studio processes answer, /metrics counts both, a dead one is replaced, SIGTERM stops them all", async () => {
  const pid = primary.pid as number;
  const processes = await until(
    () => childrenOf(pid),
    (pids) => pids.length === 2,
  );
  expect(processes).toHaveLength(2);
  // Both listening: every request is answered, whichever process the kernel gives it to.
  const before = loginCount(await (await fetch(`${BASE}/metrics`)).text());
  const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${BASE}/login`, { headers: { connection: "close" } })));
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
  await Promise.all(answers.map((answer) => answer.text()));
  // The primary sums the processes' metrics: all 20 are counted, asked of either process.
  for (let ask = 0; ask < 4; ask++) expect(loginCount(await (await fetch(`${BASE}/metrics`)).text()) - before).toBe(20);

  // A process that dies is replaced; the studio keeps answering.
  process.kill(processes[0] as number, "SIGKILL");
  const replaced = await until(
    () => childrenOf(pid),
    (pids) => pids.length === 2 && !pids.includes(processes[0] as number),
  );
  expect(replaced).toHaveLength(2);
  expect(replaced).not.toContain(processes[0]);
  await until(
    async () => (await fetch(`${BASE}/login`).catch(() => null))?.status,
    (status) => status === 200,
  );

  // SIGTERM to the primary: every studio process stops, then the primary.
  await stopProcess(primary);
  expect(primary.exitCode).toBe(0);
  for (const child of replaced) expect(await alive(child)).toBe(false);
}, 120_000);
