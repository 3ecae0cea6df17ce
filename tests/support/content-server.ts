import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BlobStore } from "#app/blob/blob-store.server";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { type ContentServerDeps, createContentHandler } from "#app/publish/content-server.server";
import type { Database } from "#db/client";
import { insertAccountWithUser } from "./fixtures.ts";

/** An answer of the content origin, its body as text. */
export type ContentAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

export type TestContentServer = {
  port: number;
  /** `127.0.0.1:<port>`: the content origin's own host, the Host header a request has unless told otherwise. */
  host: string;
  /** `http://127.0.0.1:<port>`: its contentOrigin. */
  origin: string;
  blobs: BlobStore;
  /** A new account of the test database, for what the test inserts; deleted by close(). */
  accountId: string;
  /** A request by real HTTP with a chosen Host header (fetch would not let a test choose it). */
  request(
    method: string,
    pathname: string,
    options?: { host?: string; headers?: Record<string, string>; body?: string },
  ): Promise<ContentAnswer>;
  /** Stops the server, deletes the account and the temporary blob folder; the test closes `db` itself. */
  close(): Promise<void>;
};

/**
 * The content origin's real handler (createContentHandler) on a free port of 127.0.0.1, with
 * `db` and the other `deps`, and a new account that owns what the test inserts: the setup of the
 * tests that speak HTTP to the content origin (oEmbed, the statistics beacons). Without `blobs`
 * the files come from a new temporary folder.
 */
export async function startContentServer(
  db: Database,
  deps: Omit<ContentServerDeps, "db" | "blobs" | "contentOrigin"> & { blobs?: BlobStore },
): Promise<TestContentServer> {
  const dataDir = deps.blobs ? null : await mkdtemp(path.join(tmpdir(), "content-server-"));
  const blobs = deps.blobs ?? new FolderBlobStore(dataDir as string);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const host = `127.0.0.1:${port}`;
  const origin = `http://${host}`;
  server.on("request", createContentHandler({ ...deps, db, blobs, contentOrigin: origin }));
  const { accountId } = await insertAccountWithUser(db);
  return {
    port,
    host,
    origin,
    blobs,
    accountId,
    request: (method, pathname, options = {}) =>
      new Promise((resolve, reject) => {
        const req = request(
          { host: "127.0.0.1", port, method, path: pathname, headers: { Host: options.host ?? host, ...options.headers } },
          (res) => {
            let body = "";
            res.on("data", (chunk) => {
              body += chunk;
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          },
        );
        req.on("error", reject);
        req.end(options.body);
      }),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.deleteFrom("account").where("id", "=", accountId).execute();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
