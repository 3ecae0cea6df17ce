/**
 * One machine: studio, worker and one render node as child processes, logs prefixed by name, and
 * the local stand-ins a configured service replaces: the mail catcher without SMTP_URL, the
 * sandbox shop without SHOP_URL. If one of them dies, the others are stopped too, so a broken
 * start never looks healthy.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createInterface } from "node:readline";
import { sandboxShopSettings, shouldStartSandboxShop } from "./sandbox-shop/config.ts";
import { studioNodeFlags } from "./studio-node-flags.ts";

// Outside production, mails go to the local mail catcher unless an SMTP server is configured
// (MAIL_CATCHER=1 asks for it anyway, as the e2e run does with its own SMTP_URL).
const mailCatcher = process.env.MAIL_CATCHER === "1" || (process.env.NODE_ENV !== "production" && !process.env.SMTP_URL);

// On one machine the console is for people: the per-request and per-call JSON lines (ADR 0046)
// only when asked for (LOG_LEVEL=info); warnings and errors always.
process.env.LOG_LEVEL ??= "warn";

// Without SHOP_URL, 'Book contingent' and 'Book channels' go to the sandbox shop, which takes no
// payment (server/sandbox-shop/, ADR 0040); the studio and the worker get its address as SHOP_URL.
// A deployment that sets SHOP_URL never starts it; SANDBOX_SHOP=0 leaves it off without a shop.
// Decided on this process's environment: npm start has read .env into it.
const sandboxShop = shouldStartSandboxShop(process.env) ? sandboxShopSettings(process.env) : null;
if (sandboxShop) {
  process.env.SHOP_URL = sandboxShop.shopUrl;
  // npm start keeps one in data/secrets.env; started otherwise, this run makes its own.
  if (!process.env.SHOP_WEBHOOK_SECRET) process.env.SHOP_WEBHOOK_SECRET = randomBytes(32).toString("base64url");
  console.log(`shop: sandbox at ${sandboxShop.shopUrl} — no payment (no SHOP_URL set)`);
}

const processes = [
  ...(mailCatcher ? [{ name: "mail", args: ["server/mail-catcher/main.ts"] }] : []),
  ...(sandboxShop ? [{ name: "shop", args: ["server/sandbox-shop/main.ts"] }] : []),
  { name: "render-node", args: ["render-node/src/main.ts"] },
  { name: "worker", args: ["server/worker.ts"] },
  { name: "studio", args: [...studioNodeFlags([]), "server/index.ts"] },
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
