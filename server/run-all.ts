/**
 * One machine: studio, worker and one render node as child processes, logs prefixed by name.
 * If one of them dies, the others are stopped too, so a broken start never looks healthy.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";

// Outside production, mails go to the local mail catcher unless an SMTP server is configured
// (MAIL_CATCHER=1 asks for it anyway, as the e2e run does with its own SMTP_URL).
const mailCatcher = process.env.MAIL_CATCHER === "1" || (process.env.NODE_ENV !== "production" && !process.env.SMTP_URL);

// On one machine the console is for people: the per-request and per-call JSON lines (ADR 0046)
// only when asked for (LOG_LEVEL=info); warnings and errors always.
process.env.LOG_LEVEL ??= "warn";

const processes = [
  ...(mailCatcher ? [{ name: "mail", args: ["server/mail-catcher/main.ts"] }] : []),
  { name: "render-node", args: ["render-node/src/main.ts"] },
  { name: "worker", args: ["server/worker.ts"] },
  { name: "studio", args: ["server/index.ts"] },
];

const children: ChildProcess[] = [];
let stopping = false;

function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 16_000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null))).then(() => process.exit(code));
}

for (const { name, args } of processes) {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], { stdio: ["ignore", "pipe", "pipe"], env: process.env });
  children.push(child);
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on("line", (line) => console.log(`[${name}] ${line}`));
  }
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`[${name}] exited (${signal ?? code}); stopping the others`);
    stopAll(code || 1);
  });
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stopAll(0));
