/**
 * The benchmark's one origin for both sides: a plain node:http static server on a free port.
 * Every response is sent as the file's bytes (identity encoding) unless `gzip` is set, in which
 * case text types (HTML, JS, CSS, JSON, SVG) are gzipped for both sides alike. Byte ranges are
 * answered (206) so that PDF.js can use range requests, as it would on any ordinary web server.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".pdf": "application/pdf",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".wasm": "application/wasm",
  ".txt": "text/plain; charset=utf-8",
  ".bcmap": "application/octet-stream",
  ".pfb": "application/octet-stream",
  ".icc": "application/vnd.iccprofile",
};
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg\+xml)/;

export function contentType(file: string) {
  return TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

/**
 * A mount maps a URL path to a file or a folder: a prefix ending in "/" serves a folder (and its
 * index.html for the bare prefix), any other prefix exactly one file. The longest prefix wins.
 */
export type Mount = { prefix: string; target: string };

/** What the server sent for one response: the exact bytes written to the socket, headers included. */
export type ServedResponse = { path: string; range: string | null; status: number; bytes: number };

export type StaticServer = {
  origin: string;
  /** Responses completed since the last call, in the order they ended. */
  takeLog: () => ServedResponse[];
  close: () => Promise<void>;
};

export async function startStaticServer(
  mounts: Mount[],
  /** emptyFavicon: /favicon.ico answers 204, as the content origin does (app/publish/content-server.server.ts). */
  options: { gzip?: boolean; emptyFavicon?: boolean } = {},
): Promise<StaticServer> {
  const sorted = [...mounts].sort((a, b) => b.prefix.length - a.prefix.length);

  function resolve(pathname: string): string | null {
    for (const mount of sorted) {
      if (!mount.prefix.endsWith("/")) {
        if (pathname === mount.prefix) return mount.target;
        continue;
      }
      if (!pathname.startsWith(mount.prefix)) continue;
      const rest = pathname.slice(mount.prefix.length) || "index.html";
      const file = path.resolve(mount.target, rest);
      if (file !== mount.target && !file.startsWith(mount.target + path.sep)) return null;
      return file;
    }
    return null;
  }

  let log: ServedResponse[] = [];
  const server = http.createServer(async (request, response) => {
    // Browsers do not pipeline HTTP/1.1: while this response is written, the socket carries
    // nothing else, so the difference in bytesWritten is exactly this response on the wire.
    const socket = request.socket;
    const before = socket.bytesWritten;
    response.once("close", () => {
      log.push({
        path: (request.url ?? "/").replace(/[?#].*$/, ""),
        range: typeof request.headers.range === "string" ? request.headers.range : null,
        status: response.statusCode,
        bytes: socket.bytesWritten - before,
      });
    });
    try {
      if (request.method !== "GET" && request.method !== "HEAD") {
        response.writeHead(405, { Allow: "GET, HEAD" }).end();
        return;
      }
      let pathname: string;
      try {
        pathname = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
      } catch {
        response.writeHead(400).end();
        return;
      }
      if (options.emptyFavicon && pathname === "/favicon.ico") {
        response.writeHead(204).end();
        return;
      }
      const file = resolve(pathname);
      const info = file ? await stat(file).catch(() => null) : null;
      if (!file || !info?.isFile()) {
        response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("not found");
        return;
      }
      const type = contentType(file);
      const headers: Record<string, string> = { "Content-Type": type, "Cache-Control": "no-store" };
      if (options.gzip && COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""))) {
        response.writeHead(200, { ...headers, "Content-Encoding": "gzip", Vary: "Accept-Encoding" });
        if (request.method === "HEAD") return void response.end();
        await pipeline(createReadStream(file), createGzip({ level: 6 }), response);
        return;
      }
      headers["Accept-Ranges"] = "bytes";
      const range = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? ""));
      if (range && (range[1] || range[2])) {
        const size = info.size;
        const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
        const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
        if (start > end || start >= size) {
          response.writeHead(416, { "Content-Range": `bytes */${size}` }).end();
          return;
        }
        response.writeHead(206, {
          ...headers,
          "Content-Range": `bytes ${start}-${end}/${size}`,
          "Content-Length": String(end - start + 1),
        });
        if (request.method === "HEAD") return void response.end();
        await pipeline(createReadStream(file, { start, end }), response);
        return;
      }
      response.writeHead(200, { ...headers, "Content-Length": String(info.size) });
      if (request.method === "HEAD") return void response.end();
      await pipeline(createReadStream(file), response);
    } catch (error) {
      // A browser that closes a connection mid-response (context closed) is not an error here.
      if ((error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") return;
      if (!response.headersSent) response.writeHead(500).end(String(error));
      else response.destroy();
    }
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    takeLog: () => {
      const taken = log;
      log = [];
      return taken;
    },
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
