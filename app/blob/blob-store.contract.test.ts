import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { testS3Store } from "#tests/support/s3";
import { BlobNotFound, type BlobStore } from "./blob-store.server.ts";
import { FolderBlobStore } from "./folder-store.server.ts";

/*
 * The blob store's contract (ADR 0045), one suite for both drivers: the folder, and S3 against a
 * real S3-compatible server (the suite's local one, or TEST_S3_ENDPOINT). A driver that differs
 * in any of these fails here, not in a feature that happens to use it.
 */

const drivers: [string, () => Promise<{ store: BlobStore; cleanup: () => Promise<void> }>][] = [
  [
    "folder",
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), "blob-contract-"));
      return { store: new FolderBlobStore(dir), cleanup: () => rm(dir, { recursive: true, force: true }) };
    },
  ],
  ["s3", async () => ({ store: await testS3Store("contract"), cleanup: async () => {} })],
];

const bytes = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
};
const text = async (stream: Readable) => (await bytes(stream)).toString("utf8");
const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");

describe.each(drivers)("the %s driver", (_name, make) => {
  let store: BlobStore;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ store, cleanup } = await make());
  });
  afterAll(async () => cleanup());

  test("put, read, stat; a second put replaces the blob and its validator", async () => {
    await store.put("docs/a.txt", Buffer.from("first version"));
    expect((await store.read("docs/a.txt")).toString()).toBe("first version");
    const first = await store.stat("docs/a.txt");
    expect(first).toMatchObject({ size: 13, etag: expect.stringMatching(/^".+"$/) });
    expect(first?.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await store.put("docs/a.txt", Buffer.from("second, longer version"));
    expect((await store.read("docs/a.txt")).toString()).toBe("second, longer version");
    const second = await store.stat("docs/a.txt");
    expect(second?.size).toBe(22);
    expect(second?.etag).not.toBe(first?.etag);
    expect(await store.size("docs/a.txt")).toBe(22);
  });

  test("stream: the whole blob, a middle range, one byte, the last byte", async () => {
    await store.put("docs/range.txt", Buffer.from("0123456789"));
    expect(await text(await store.stream("docs/range.txt"))).toBe("0123456789");
    expect(await text(await store.stream("docs/range.txt", { start: 2, end: 5 }))).toBe("2345");
    expect(await text(await store.stream("docs/range.txt", { start: 0, end: 0 }))).toBe("0");
    expect(await text(await store.stream("docs/range.txt", { start: 9, end: 9 }))).toBe("9");
  });

  test("a missing key: read and stream throw BlobNotFound, stat and size answer null; an invalid key is refused", async () => {
    await expect(store.read("docs/none.txt")).rejects.toBeInstanceOf(BlobNotFound);
    await expect(store.stream("docs/none.txt")).rejects.toBeInstanceOf(BlobNotFound);
    expect(await store.stat("docs/none.txt")).toBeNull();
    expect(await store.size("docs/none.txt")).toBeNull();
    expect(await store.stat("../outside")).toBeNull();
    await expect(store.put("../outside", Buffer.from("x"))).rejects.toThrow(/invalid blob key/);
    await expect(store.read("docs//double")).rejects.toThrow(/invalid blob key/);
  });

  test("a stream larger than a part goes up whole (multipart in S3)", async () => {
    const big = Buffer.alloc(12 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    const chunks = [big.subarray(0, 5_000_000), big.subarray(5_000_000, 9_000_000), big.subarray(9_000_000)];
    await store.put("docs/big.bin", Readable.from(chunks));
    expect(await store.size("docs/big.bin")).toBe(big.length);
    expect(sha(await store.read("docs/big.bin"))).toBe(sha(big));
    const start = big.length - 4096 * 3;
    const tail = await bytes(await store.stream("docs/big.bin", { start, end: start + 9999 }));
    expect(sha(tail)).toBe(sha(big.subarray(start, start + 10_000)));
  });

  test("put is atomic: a stream that fails midway leaves the old blob and nothing else", async () => {
    await store.put("atomic/file.bin", Buffer.from("old content"));
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1));
        this.destroy(new Error("connection lost"));
      },
    });
    await expect(store.put("atomic/file.bin", failing)).rejects.toThrow();
    expect((await store.read("atomic/file.bin")).toString()).toBe("old content");
    expect((await store.list("atomic")).map((entry) => entry.key)).toEqual(["atomic/file.bin"]);
  });

  test("list: what lies directly under a prefix, blobs and prefixes, with their times", async () => {
    await store.put("tree/one.txt", Buffer.from("1"));
    await store.put("tree/sub/two.txt", Buffer.from("2"));
    await store.put("tree/sub/deeper/three.txt", Buffer.from("3"));
    await store.put("tree-sibling/x.txt", Buffer.from("x"));
    const entries = (await store.list("tree/")).sort((a, b) => a.key.localeCompare(b.key));
    expect(entries.map(({ key, kind }) => ({ key, kind }))).toEqual([
      { key: "tree/one.txt", kind: "blob" },
      { key: "tree/sub", kind: "prefix" },
    ]);
    for (const entry of entries) expect(entry.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await store.list("no-such-prefix")).toEqual([]);
  });

  test("delete and deletePrefix: idempotent; a prefix goes with its own blob, never a sibling", async () => {
    await store.put("gone/a.txt", Buffer.from("a"));
    await store.delete("gone/a.txt");
    await store.delete("gone/a.txt");
    expect(await store.stat("gone/a.txt")).toBeNull();

    await store.put("pub/r1/index.html", Buffer.from("<p>"));
    await store.put("pub/r1/pages/1.webp", Buffer.from("webp"));
    await store.put("pub/r1-other/index.html", Buffer.from("keep"));
    await store.put("pub/source.pdf", Buffer.from("%PDF"));
    await store.deletePrefix("pub/r1/");
    await store.deletePrefix("pub/r1");
    await store.deletePrefix("pub/source.pdf");
    expect(await store.stat("pub/r1/index.html")).toBeNull();
    expect(await store.stat("pub/r1/pages/1.webp")).toBeNull();
    expect(await store.stat("pub/source.pdf")).toBeNull();
    expect((await store.read("pub/r1-other/index.html")).toString()).toBe("keep");
  });

  test("a presigned GET URL serves the blob to a plain HTTP client (S3); the folder has none", async () => {
    await store.put("signed/source.pdf", Buffer.from("%PDF-1.7 signed"));
    const url = await store.presignedGetUrl("signed/source.pdf", 60_000);
    if (store.driver === "folder") {
      expect(url).toBeNull();
      return;
    }
    expect(url).toMatch(/X-Amz-Signature=/);
    const answer = await fetch(url as string);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("%PDF-1.7 signed");
  });
});
