import path from "node:path";
import { expect, test } from "vitest";
import { viteMayServe } from "./dev-assets.ts";

const root = path.resolve(import.meta.dirname, "..");

test("Vite answers its own endpoints, the app's modules, packages and public files", () => {
  for (const allowed of [
    "/@vite/client",
    "/@id/__x00__virtual:react-router/browser-manifest",
    "/@react-refresh",
    "/app/root.tsx",
    "/app/app.css",
    "/node_modules/.vite/deps/react.js",
    `/@fs${root}/node_modules/react/index.js`,
    `/@fs${root}/app/entry.client.tsx`,
    "/favicon.svg",
    // Pure modules the browser imports from outside app/ (a first visit in development loads them).
    "/db/seed-data.ts",
    "/publisher/src/contrast.ts",
  ])
    expect(viteMayServe(allowed, root), allowed).toBe(true);
});

test("nothing else: not the data folder, not the project's files, not any file through /@fs/", () => {
  for (const refused of [
    "/data/mails/1732000000000-1.json",
    "/data/uploads/abc.pdf",
    "/data/e2e/mails/x.json",
    "/package.json",
    "/.env",
    "/server/index.ts",
    "/db/client.ts",
    "/db/migrations/index.ts",
    `/@fs${root}/data/mails/x.json`,
    "/@fs/etc/passwd",
    `/@fs${root}/app/../data/mails/x.json`,
    "/app/../data/mails/x.json",
    "/app/%2e%2e/data/mails/x.json",
    "/favicon.svg/../../data/x",
    "/public/favicon.svg",
    "/%E0%A4%A",
  ])
    expect(viteMayServe(refused, root), refused).toBe(false);
});
