/**
 * Graceful stop on SIGINT/SIGTERM: every registered closer runs once (servers stop taking
 * requests, workers finish their job, pools close), then the process exits.
 */
const closers: Array<() => Promise<unknown> | unknown> = [];
let stopping = false;

export function onShutdown(close: () => Promise<unknown> | unknown) {
  closers.push(close);
}

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, shutting down`);
  // A stuck closer must not keep the process alive forever.
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  for (const close of closers) {
    try {
      await close();
    } catch (error) {
      console.error("error while shutting down", error);
    }
  }
  process.exit(0);
}

// \`on\`, not \`once\`: a second signal (a terminal's Ctrl-C reaches a cluster's processes and their
// primary, which passes SIGTERM on) must not cut the graceful stop short; the timeout above ends it.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void shutdown(signal));
