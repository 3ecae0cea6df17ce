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
