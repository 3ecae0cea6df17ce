import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { testS3Store } from "#tests/support/s3";
import { copyBlobs } from "./copy-blobs.server.ts";
import { FolderBlobStore } from "./folder-store.server.ts";
import type { S3BlobStore } from "./s3-store.server.ts";

// Moving a one-machine install's folder into a bucket (issue 28 §6): every blob under its key,
// nothing that is not content, and a second or interrupted run copies only what is missing.

let dir: string;
let source: FolderBlobStore;
let target: S3BlobStore;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "blob-copy-"));
  source = new FolderBlobStore(dir);
  target = await testS3Store("copy");
  await source.put("epapers/e1/pages/r1/1/w800.webp", Buffer.from("webp page 1"));
  await source.put("epapers/e1/pages/r1/2/w800.webp", Buffer.from("webp page 2"));
  await source.put("uploads/u1.pdf", Buffer.alloc(200_000, 7));
  await source.put("publications/p1/r1/index.html", Buffer.from("<!doctype html>"));
  // Not content: a write in progress, the mail catcher's mails.
  await writeFile(path.join(dir, "uploads", "u2.pdf.abc123.part"), "half");
  await mkdir(path.join(dir, "mails"), { recursive: true });
  await writeFile(path.join(dir, "mails", "1.json"), "{}");
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

test("copies every blob under its key, skips what is not content, and copies nothing twice", async () => {
  // An earlier run that stopped after one blob.
  await target.put("uploads/u1.pdf", Buffer.alloc(200_000, 7));
  // A blob the target holds half of (an interrupted copy by another tool) is copied again.
  await target.put("epapers/e1/pages/r1/2/w800.webp", Buffer.from("webp"));
  const first = await copyBlobs(source, target);
  expect(first).toEqual({ copied: 3, skipped: 1, bytes: 11 + 11 + 15 });
  for (const key of ["epapers/e1/pages/r1/1/w800.webp", "epapers/e1/pages/r1/2/w800.webp", "publications/p1/r1/index.html"]) {
    expect(await target.read(key)).toEqual(await source.read(key));
  }
  expect(await target.stat("uploads/u2.pdf.abc123.part")).toBeNull();
  expect(await target.list("mails")).toEqual([]);
  const second = await copyBlobs(source, target);
  expect(second).toEqual({ copied: 0, skipped: 4, bytes: 0 });
});
