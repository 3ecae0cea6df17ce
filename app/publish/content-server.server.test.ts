import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { BlobStore } from "#app/blob/blob-store.server";
import type { Database } from "#db/client";
import { createContentHandler } from "./content-server.server.ts";

// Issue 16, finding 5: opened as localhost:3001 the content origin shared the cookies of a studio on localhost:3000.

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  // Requests for another host are refused before the database or the blob store is asked.
  const unused = {} as Database & BlobStore;
  server.on(
    "request",
    createContentHandler({ db: unused, blobs: unused, studioOrigin: "http://localhost:3000", contentOrigin: `http://127.0.0.1:${port}` }),
  );
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A GET of /healthz with this Host header (fetch would not let a test choose it). */
function get(host: string, path = "/healthz"): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { Host: host } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
    });
    req.on("error", reject);
    req.end();
  });
}

test("answers only for its own host name and port; under the studio's host name (any port) it refuses", async () => {
  expect((await get(`127.0.0.1:${port}`)).status).toBe(200);
  for (const host of [`localhost:${port}`, "localhost:3000", "studio.example.org", `127.0.0.1:${port + 1}`, "127.0.0.1"]) {
    expect((await get(host)).status, host).toBe(421);
  }
});

test("a browser's icon request is answered without an icon, not with a 404 in the reader's console", async () => {
  expect((await get(`127.0.0.1:${port}`, "/favicon.ico")).status).toBe(204);
});
