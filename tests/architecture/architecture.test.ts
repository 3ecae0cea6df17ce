import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import { checkArchitecture } from "./architecture-rules.ts";

const repo = path.resolve(import.meta.dirname, "../..");
const fixture = path.join(import.meta.dirname, "fixture");

test("the layering check fails on a component that imports a model or a route's code, and allows a route's types", async () => {
  const run = promisify(execFile)(
    path.join(repo, "node_modules/.bin/depcruise"),
    ["--config", ".dependency-cruiser.cjs", "--output-type", "err", path.relative(repo, path.join(fixture, "app"))],
    { cwd: repo },
  );
  const failure = (await run.then(
    () => null,
    (error: { code: number; stdout: string }) => error,
  )) as { code: number; stdout: string } | null;
  expect(failure?.code).toBeGreaterThan(0);
  const lines = failure?.stdout.split("\n").filter((line) => line.includes("error ")) ?? [];
  expect(lines.some((line) => line.includes("components-show-only") && line.includes("card.tsx") && line.includes("models/thing"))).toBe(
    true,
  );
  expect(lines.some((line) => line.includes("components-route-types-only") && line.includes("card.tsx"))).toBe(true);
  expect(lines.some((line) => line.includes("typed-fetcher"))).toBe(false);
});

test("the architecture rules find a foreign writer of the process columns, a route that queries or reads an undeclared intent, a second queue factory and a stray error class", () => {
  const rules = checkArchitecture(fixture).map((violation) => `${violation.rule} ${violation.file}`);
  expect(rules.sort()).toEqual([
    "forms-read-safely app/routes/page.ts",
    "intents-declared app/routes/page.ts",
    "lifecycle-owns-process-columns app/models/thing.server.ts",
    "one-error-base app/routes/page.ts",
    "one-queue-factory app/routes/page.ts",
    "routes-never-query app/routes/page.ts",
  ]);
});
