import { describe, expect, test } from "vitest";
import { SIGNED_BLOB_PATH, signBlobUrl, verifyBlobToken } from "./signed-url.server.ts";

const SECRET = "a-secret-of-at-least-32-characters-000";
const tokenOf = (url: string) => url.slice(url.indexOf(SIGNED_BLOB_PATH) + SIGNED_BLOB_PATH.length);

describe("signed blob URLs", () => {
  test("grant exactly their key until they expire", () => {
    const url = signBlobUrl("http://worker:3002", SECRET, "uploads/u1/source.pdf", 60_000, 1_000);
    expect(url.startsWith("http://worker:3002/internal/blobs/")).toBe(true);
    expect(verifyBlobToken(SECRET, tokenOf(url), 2_000)).toBe("uploads/u1/source.pdf");
    expect(verifyBlobToken(SECRET, tokenOf(url), 61_001)).toBeNull();
  });

  test("refuse another secret, a changed key and garbage", () => {
    const token = tokenOf(signBlobUrl("http://w", SECRET, "uploads/u1/source.pdf", 60_000));
    expect(verifyBlobToken(`${SECRET}x`, token)).toBeNull();
    const [payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ k: "uploads/other/source.pdf", e: Date.now() + 60_000 })).toString("base64url");
    expect(verifyBlobToken(SECRET, `${forged}.${signature}`)).toBeNull();
    expect(verifyBlobToken(SECRET, `${payload}`)).toBeNull();
    expect(verifyBlobToken(SECRET, "not.a.token")).toBeNull();
  });
});

// Issue 16, finding 6: a validly signed but invalid key answered 500.
describe("serving a signed blob", () => {
  test("a signed key no blob can have is a 404, not a server error", async () => {
    const { createServer } = await import("node:http");
    const { mkdtemp, rm } = await import("node:fs/promises");
    const os = await import("node:os");
    const path = await import("node:path");
    const { FolderBlobStore } = await import("./folder-store.server.ts");
    const { serveSignedBlob } = await import("./signed-url.server.ts");
    const dir = await mkdtemp(path.join(os.tmpdir(), "signed-blob-"));
    const serve = serveSignedBlob(new FolderBlobStore(dir), SECRET);
    const server = createServer((req, res) => void serve(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as import("node:net").AddressInfo).port}`;
    try {
      for (const key of ["../etc/passwd", "a b.js", "uploads//x.pdf", "/absolute"]) {
        const response = await fetch(signBlobUrl(base, SECRET, key, 60_000));
        expect(response.status, key).toBe(404);
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    }
  });
});
