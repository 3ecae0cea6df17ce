import { type ChildProcess, spawn } from "node:child_process";
import { REPO } from "./studio-process.ts";

/**
 * The worker (server/worker.ts) as a child process of a test: what `npm start` runs, configured
 * through the environment. Resolves once it said "worker ready"; every line it writes lands in
 * `log` (for assertions and for reading a failure).
 */
export function startWorkerProcess(options: {
  name: string;
  port: number;
  env: Record<string, string>;
  log: string[];
}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/worker.ts"], {
    cwd: REPO,
    env: { ...process.env, ...options.env, WORKER_HOST: "127.0.0.1", WORKER_PORT: String(options.port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker ${options.name} did not start:\n${options.log.join("")}`)), 60_000);
    const onData = (chunk: Buffer) => {
      options.log.push(chunk.toString());
      if (chunk.toString().includes("worker ready")) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`worker ${options.name} exited (${code}):\n${options.log.join("")}`)));
  });
}
