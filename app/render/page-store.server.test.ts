import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { create } from "@bufbuild/protobuf";
import { RenderedPageSchema } from "@ep/proto/epaper/render/v1/render_pb";
import { afterEach, beforeEach, expect, test } from "vitest";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { storePageFiles } from "./page-store.server.ts";

let dir: string;
let blobs: FolderBlobStore;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "page-store-"));
  blobs = new FolderBlobStore(dir);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const rows = [["Tom & Jerry", 0.1, 0.1, 0.1, 0.025]];

test("words.json is stored as the node sent it (ADR 0059)", async () => {
  const json = JSON.stringify(rows);
  await storePageFiles(blobs, "p/1", create(RenderedPageSchema, { wordsJson: new TextEncoder().encode(json) }));
  expect((await blobs.read("p/1/words.json")).toString()).toBe(json);
});

test("a node of an older version sends one message per word: stored as the same words.json", async () => {
  await storePageFiles(
    blobs,
    "p/2",
    create(RenderedPageSchema, { words: [{ text: "Tom & Jerry", box: { x: 0.1, y: 0.1, width: 0.1, height: 0.025 } }] }),
  );
  const stored = JSON.parse((await blobs.read("p/2/words.json")).toString()) as (string | number)[][];
  expect(stored[0]?.[0]).toBe("Tom & Jerry");
  expect(stored[0]?.slice(1).map((value) => Math.round(Number(value) * 1e5) / 1e5)).toEqual(rows[0]?.slice(1));
});
