import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { CORPUS } from "#tests/support/render-farm";
import { E2E_BASE_URL } from "../e2e/support/slot.ts";

/** What several benchmarks start: the whole product in an end-to-end slot, a render node's ports, a corpus file's size. */

/**
 * The real product (tests/e2e/serve.sh in E2E slot 3: production build, worker, render node,
 * MariaDB, Redis), in a process group of its own so that stopProduct stops all of it.
 */
export async function startProduct(): Promise<ChildProcess> {
  const child = spawn("bash", ["tests/e2e/serve.sh"], {
    env: { ...process.env, E2E_SLOT: "3" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${E2E_BASE_URL}/healthz`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stopProduct(child);
  throw new Error("the product did not start");
}

export function stopProduct(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  } catch {
    // The group has ended already (a product that did not start): nothing to stop.
  }
}

/** The page count of a corpus file, from the corpus's MANIFEST.tsv. */
export async function corpusPages(file: string): Promise<number> {
  const manifest = await readFile(path.join(CORPUS, "MANIFEST.tsv"), "utf8");
  const [header, ...rows] = manifest.split("\n").map((line) => line.split("\t"));
  const pages = Number(rows.find((row) => row[0] === file)?.[header?.indexOf("pages") ?? -1]);
  if (!Number.isInteger(pages) || pages < 1) throw new Error(`${file} is not a renderable file of ${CORPUS}/MANIFEST.tsv`);
  return pages;
}

/** A port for the render node whose admin port (+1000) is free as well. */
export async function freePortPair(): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
  for (let port = 27400; port < 28000; port++) if ((await free(port)) && (await free(port + 1000))) return port;
  throw new Error("no free port pair for the render node in 27400..28000");
}

/**
 * CPU time the studio process has used (user + system, ms), read from /proc: the server's cost of a
 * view, which, unlike requests/s, does not change with whatever else the machine runs meanwhile.
 */
export async function cpuMsOf(pid: number | undefined): Promise<number> {
  if (!pid) return Number.NaN;
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).replace(/^.*\) /, "").split(" ");
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the name), in clock ticks (100/s).
  const own = (Number(fields[11]) + Number(fields[12])) * 10;
  // With STUDIO_BENCH_PROCESSES > 1 the studio processes are the primary's children.
  const children = (await readFile(`/proc/${pid}/task/${pid}/children`, "utf8").catch(() => "")).split(" ").filter(Boolean);
  const theirs = await Promise.all(children.map((child) => cpuMsOf(Number(child)).catch(() => 0)));
  return own + theirs.reduce((sum, ms) => sum + ms, 0);
}
