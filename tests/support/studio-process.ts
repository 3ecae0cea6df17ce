import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { TEST_DATABASE_URL, TEST_REDIS_URL } from "#tests/setup/test-env";
import { studioNodeFlags } from "#server/studio-node-flags";

/*
 * The studio (server/index.ts: the app and its content origin on port + 1) as a child process of
 * a test, on the test database: what the security tests probe from outside, as a browser would.
 * Production mode needs `npm run build` (scripts/test.sh builds before the tests).
 */

export const REPO = path.resolve(import.meta.dirname, "../..");

export type StudioProcessOptions = {
  mode: "development" | "production";
  port: number;
  dataDir: string;
  sessionSecret: string;
  /** Anything else the studio should see (REDIS_URL, TRUST_PROXY, …). */
  env?: Record<string, string>;
};

export function startStudio({ mode, port, dataDir, sessionSecret, env = {} }: StudioProcessOptions): Promise<ChildProcess> {
  // STUDIO_CPU_PROF=<folder>: the studio writes a V8 CPU profile there when it stops (profiling a bench).
  const profile = process.env.STUDIO_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.STUDIO_CPU_PROF}`] : [];
  // The V8 settings `npm start` gives the studio (server/studio-node-flags.ts), so that benches measure what runs.
  const child = spawn(process.execPath, [...profile, ...studioNodeFlags([]), "--import", "tsx", "server/index.ts"], {
    cwd: REPO,
    env: {
      ...process.env,
      NODE_ENV: mode,
      HOST: "127.0.0.1",
      PORT: String(port),
      CONTENT_PORT: String(port + 1),
      PUBLIC_URL: `http://localhost:${port}`,
      CONTENT_URL: `http://127.0.0.1:${port + 1}`,
      DATA_DIR: dataDir,
      DATABASE_URL: TEST_DATABASE_URL,
      REDIS_URL: TEST_REDIS_URL,
      SESSION_SECRET: sessionSecret,
      RENDER_NODE_TOKEN: "security-test-render-node-token-0123456789",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`the ${mode} studio did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("studio ready")) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the ${mode} studio exited (${code}):\n${output}`)));
  });
}

export function stopProcess(child: ChildProcess | undefined): Promise<void> {
  // Ended already: by itself (exitCode) or by a signal a test sent it (signalCode).
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
  });
}
