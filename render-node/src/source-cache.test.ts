import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Reason, RenderFailureSchema } from "@ep/proto/epaper/render/v1/render_pb";
import { ConnectError } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SourceCache } from "./source-cache.ts";

let server: http.Server;
let base: string;
let root: string;
let downloads = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    downloads++;
    if (request.url === "/big") return void response.end(Buffer.alloc(2048, 1));
    if (request.url === "/gone") return void response.writeHead(403).end();
    response.end(Buffer.from("%PDF-1.7 tiny"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  root = await mkdtemp(path.join(os.tmpdir(), "source-cache-"));
});

afterAll(async () => {
  server.close();
  await rm(root, { recursive: true, force: true });
});

const signal = new AbortController().signal;
const limits = { maxBytes: 1024, timeoutMs: 5_000 };

describe("SourceCache", () => {
  test("downloads a named source once and hands it to every call, until it is swept", async () => {
    const cache = new SourceCache(path.join(root, "a"), limits, { keepMs: 1_000 });
    const before = downloads;
    const [one, two] = await Promise.all([
      cache.acquire("uploads/1/source.pdf", `${base}/pdf?sig=1`, root, signal),
      cache.acquire("uploads/1/source.pdf", `${base}/pdf?sig=2`, root, signal),
    ]);
    expect(downloads - before).toBe(1);
    expect(one.file).toBe(two.file);
    expect(await readFile(one.file, "utf8")).toBe("%PDF-1.7 tiny");
    let reads = 0;
    const read = async () => {
      reads++;
      return { pageCount: 1, pages: [], encryption: 1, title: "" };
    };
    await Promise.all([one.info(read), two.info(read)]);
    expect(reads).toBe(1);

    one.release();
    await cache.sweep(Date.now() + 5_000);
    expect(existsSync(one.file)).toBe(true); // still in use by the second call
    two.release();
    await cache.sweep(Date.now() + 5_000);
    expect(existsSync(one.file)).toBe(false);
    await cache.close();
  });

  test("an unnamed source lives in the call's folder; failed downloads are refused and not kept", async () => {
    const cache = new SourceCache(path.join(root, "b"), limits);
    const callDir = await mkdtemp(path.join(root, "call-"));
    const plain = await cache.acquire("", `${base}/pdf`, callDir, signal);
    expect(path.dirname(plain.file)).toBe(callDir);

    const tooLarge = await cache.acquire("big", `${base}/big`, root, signal).catch((error) => error);
    expect(ConnectError.from(tooLarge).findDetails(RenderFailureSchema)[0]?.reason).toBe(Reason.TOO_LARGE);
    const gone = await cache.acquire("gone", `${base}/gone`, root, signal).catch((error) => error);
    expect(ConnectError.from(gone).findDetails(RenderFailureSchema)[0]?.reason).toBe(Reason.DOWNLOAD_FAILED);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await readdir(path.join(root, "b"))).toEqual([]);
    await cache.close();
  });
});
