import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import path from "node:path";
import { Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { startWorkerHttp } from "#server/worker-http";
import { REPO, startStudio, stopProcess } from "#tests/support/studio-process";
import { TEST_PORTS } from "#tests/support/test-ports";

// Issue 16, finding 1: the development server served the whole data folder without a login
// (uploads, pages, zips, and the mail catcher's one-time login links). Nothing under the data
// folder may be served directly by any server, in any mode: blobs leave only through the
// account-scoped routes and signed URLs.

const repo = REPO;
const SESSION_SECRET = "security-test-session-secret-0123456789abcdef";
// Inside the project, like the default ./data: the worst case for a server that serves the project.
const dataDir = path.join(repo, "data", `security-${process.pid}`);
const SECRET = `secret-${process.pid}-do-not-serve`;
const FILES = [
  "uploads/u1.pdf",
  "epapers/e1/pages/r1/1/w800.webp",
  "epapers/e1/cover.webp",
  "publications/p1/rev1/index.html",
  "publications/p1/rev1/epaper.zip",
  "mails/1732000000000-1.json",
];

/** Every address form a file of the data folder could be reached by. */
function addressesOf(file: string): string[] {
  const fromRoot = path.relative(repo, path.join(dataDir, file)).split(path.sep).join("/");
  const absolute = path.join(dataDir, file);
  return [
    `/${file}`,
    `/${fromRoot}`,
    `/${fromRoot}?raw`,
    `/${fromRoot}?import`,
    `/${fromRoot}?url`,
    `/@fs${absolute}`,
    `/@fs${absolute}?raw`,
    `/app/../${fromRoot}`,
    `/app/%2e%2e/${fromRoot}`,
    `/node_modules/../${fromRoot}`,
    `/blobs/${file}`,
  ];
}

async function expectNothingServed(baseUrl: string) {
  const leaks: string[] = [];
  for (const file of FILES) {
    for (const address of addressesOf(file)) {
      const response = await fetch(`${baseUrl}${address}`, { redirect: "manual" });
      const body = await response.text();
      if (body.includes(SECRET)) leaks.push(`${response.status} ${baseUrl}${address}`);
    }
  }
  expect(leaks).toEqual([]);
}

beforeAll(async () => {
  for (const file of FILES) {
    await mkdir(path.dirname(path.join(dataDir, file)), { recursive: true });
    await writeFile(path.join(dataDir, file), SECRET);
  }
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe.each([
  ["development", TEST_PORTS.securityStudioDev],
  ["production", TEST_PORTS.securityStudioProd],
] as const)("the studio in %s mode", (mode, port) => {
  let studio: ChildProcess | undefined;
  beforeAll(async () => {
    if (mode === "production" && !existsSync(path.join(repo, "build/server/index.js")))
      throw new Error("build the studio first: npm run build (scripts/test.sh builds before the tests)");
    studio = await startStudio({ mode, port, dataDir, sessionSecret: SESSION_SECRET });
  }, 120_000);
  afterAll(() => stopProcess(studio), 30_000);

  // Issue 16, finding 10: the studio sent no Content-Security-Policy.
  test("sends its security headers: a strict CSP with a fresh nonce and no framing, nosniff, a referrer policy", async () => {
    const policies: string[] = [];
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`http://127.0.0.1:${port}/login`);
      expect(page.status).toBe(200);
      const csp = page.headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain(`frame-src http://127.0.0.1:${port + 1}`);
      // Every script the page carries has this response's nonce.
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      const html = await page.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((tag) => tag[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);
      expect(page.headers.get("x-content-type-options")).toBe("nosniff");
      expect(page.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(page.headers.get("x-frame-options")).toBe("DENY");
      policies.push(csp);
    }
    expect(policies[0]).not.toBe(policies[1]);
    // The embedded upload widget may be framed by any site: its own route says so.
    const widget = await fetch(`http://127.0.0.1:${port}/upload-embedded`);
    expect(widget.headers.get("content-security-policy")).toContain("frame-ancestors *");
    const content = await fetch(`http://127.0.0.1:${port + 1}/healthz`);
    expect(content.headers.get("x-content-type-options")).toBe("nosniff");
    expect(content.headers.get("referrer-policy")).toBe("no-referrer");
  }, 60_000);

  // Pages go compressed to the studio's own requests, never to requests another site started
  // (BREACH: a compressed size could tell that site whether its guess matched a secret of the page).
  test("compresses pages for its own requests, not for requests another site started", async () => {
    const get = (site: string) =>
      fetch(`http://127.0.0.1:${port}/login`, { headers: { "Accept-Encoding": "gzip", "Sec-Fetch-Site": site } });
    for (const site of ["same-origin", "none"]) expect((await get(site)).headers.get("content-encoding")).toBe("gzip");
    for (const site of ["cross-site", "same-site"]) expect((await get(site)).headers.get("content-encoding")).toBeNull();
    // What a browser accepts: a page is gzip (level 1, cheap per request), a built file brotli (issue 29).
    const browser = { "Accept-Encoding": "gzip, deflate, br, zstd", "Sec-Fetch-Site": "same-origin" };
    const page = await fetch(`http://127.0.0.1:${port}/login`, { headers: browser });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    // (Built files exist in production; development serves the sources through Vite.)
    const script = /href="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    if (mode === "production") {
      const built = await fetch(`http://127.0.0.1:${port}${script}`, { headers: browser });
      expect(built.headers.get("content-encoding")).toBe("br");
      // The built files outside /assets are served by name (no file-system lookup per page).
      const icon = await fetch(`http://127.0.0.1:${port}/favicon.svg`);
      expect([icon.status, icon.headers.get("content-type")]).toEqual([200, "image/svg+xml"]);
    }
  }, 60_000);

  // Issue 16, finding 6: malformed bodies answered 500, in development with the stack trace.
  test("answers a malformed or non-form body on every writing route with a 4xx and no stack trace", async () => {
    const routes = [
      "/login",
      "/signup",
      "/password",
      "/language",
      "/try-it",
      "/resources/profile",
      "/resources/account-settings",
      "/resources/folders",
      "/epaper",
      "/epaper/e1/action",
      "/epaper/create",
      "/upload-pdf",
      "/upload-embedded/session",
    ];
    const bodies = [
      { type: "multipart/form-data", body: "no boundary" },
      { type: "multipart/form-data; boundary=xyz", body: "--xyz\r\nbroken" },
      { type: "application/x-www-form-urlencoded", body: "%E0%A4%A=1&intent=%" },
      { type: "application/json", body: '{"intent":' },
      { type: "text/plain", body: "\u0000\u0001garbage" },
    ];
    const answers: string[] = [];
    for (const route of routes) {
      for (const { type, body } of bodies) {
        const response = await fetch(`http://127.0.0.1:${port}${route}`, {
          method: "POST",
          headers: { "Content-Type": type },
          body,
          redirect: "manual",
        });
        const text = await response.text();
        if (response.status >= 500 || /\n\s+at .+:\d+:\d+/.test(text))
          answers.push(`${response.status} ${route} (${type}): ${text.slice(0, 120)}`);
      }
    }
    expect(answers).toEqual([]);
  }, 120_000);

  test("serves no file of the data folder, on the studio's port or the content origin's", async () => {
    await expectNothingServed(`http://127.0.0.1:${port}`);
    await expectNothingServed(`http://127.0.0.1:${port + 1}`);
  }, 120_000);
});

describe("the worker", () => {
  let worker: Server | undefined;
  beforeAll(async () => {
    worker = await startWorkerHttp({
      host: "127.0.0.1",
      port: TEST_PORTS.securityWorker,
      registry: new Registry(),
      blobs: new FolderBlobStore(dataDir),
      secret: SESSION_SECRET,
      health: async () => ({ status: "ok" as const }),
    });
  });
  afterAll(() => new Promise<void>((resolve) => (worker ? worker.close(() => resolve()) : resolve())));

  test("serves a blob only with a valid signature", async () => {
    await expectNothingServed(`http://127.0.0.1:${TEST_PORTS.securityWorker}`);
  });
});
