import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { migrations } from "./migrations/index.ts";

test("every migration file in the folder is listed in the index, in order", () => {
  const files = readdirSync(path.join(import.meta.dirname, "migrations"))
    .filter((f) => /^\d{4}_\d{2}_\d{2}_\d{4}_.+\.ts$/.test(f) && !f.endsWith(".test.ts"))
    .map((f) => f.replace(/\.ts$/, ""))
    .sort();
  expect(Object.keys(migrations)).toEqual(files);
});
