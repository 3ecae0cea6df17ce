import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";

import { streamInWorkspace } from "./workspace.ts";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "workspace-test-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("streamInWorkspace", () => {
  test("the caller's abort removes the call folder at once, while the work is still busy", async () => {
    const controller = new AbortController();
    let release!: () => void;
    const busy = new Promise<void>((resolve) => (release = resolve));
    let folder = "";
    const stream = streamInWorkspace(
      root,
      async function* (dir) {
        folder = dir;
        await writeFile(path.join(dir, "page-1.png"), "x");
        yield 1;
        // A CPU-bound step that does not see the abort (a sharp encode): the generator cannot be
        // returned before it ends.
        await busy;
        yield 2;
      },
      controller.signal,
    );
    expect((await stream.next()).value).toBe(1);
    const second = stream.next();
    expect(existsSync(folder)).toBe(true);
    controller.abort();
    await expect.poll(() => existsSync(folder), { timeout: 1_000, interval: 10 }).toBe(false);
    release();
    await second.catch(() => undefined);
    await stream.return(undefined);
    expect(await readdir(root)).toEqual([]);
  });

  test("a finished stream removes its folder; the signal is no longer watched", async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    for await (const value of streamInWorkspace(
      root,
      async function* (dir) {
        await writeFile(path.join(dir, "a"), "x");
        yield 1;
      },
      controller.signal,
    ))
      seen.push(value);
    expect(seen).toEqual([1]);
    expect(await readdir(root)).toEqual([]);
    controller.abort();
    expect(await readdir(root)).toEqual([]);
  });
});
