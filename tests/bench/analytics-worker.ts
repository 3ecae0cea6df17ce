import { type ChildProcess, spawn } from "node:child_process";
import { REPO } from "#tests/support/studio-process";

/**
 * The worker (server/worker.ts) of `npm run bench:analytics` as a process of its own, beside the
 * studio that startStudio runs with the same settings, so that the bench can kill it mid-run.
 */
export function startWorker(options: {
  port: number;
  dataDir: string;
  sessionSecret: string;
  env: Record<string, string>;
}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/worker.ts"], {
    cwd: REPO,
    env: {
      ...process.env,
      NODE_ENV: "production",
      WORKER_HOST: "127.0.0.1",
      WORKER_PORT: String(options.port + 2),
      PUBLIC_URL: `http://localhost:${options.port}`,
      CONTENT_URL: `http://127.0.0.1:${options.port + 1}`,
      DATA_DIR: options.dataDir,
      SESSION_SECRET: options.sessionSecret,
      RENDER_NODE_TOKEN: "analytics-bench-render-node-token-0123456789",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`the worker did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("worker ready")) {
        clearTimeout(timer);
        child.stdout?.off("data", onData);
        child.stderr?.off("data", onData);
        // Its statistics lines (a takeover after the kill) belong in the bench's output.
        child.stdout?.on("data", (line: Buffer) => {
          if (line.includes("[stats]")) process.stdout.write(`  worker: ${line}`);
        });
        child.stderr?.resume();
        resolve(child);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the worker exited (${code}):\n${output}`)));
  });
}
