import { once } from "node:events";
import type { AddressInfo } from "node:net";
import net from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { applyServerTimeouts, refuseDeclaredOversize } from "./http-limits.ts";

// Issue 16, finding 7: a declared 1 GB Content-Length was not refused; the connection stayed open.

let port: number;
let bodiesRead = 0;
const server = (() => {
  const app = express();
  app.use(
    refuseDeclaredOversize({
      limitFor: (path) => (path === "/upload-pdf" ? 10 * 1024 * 1024 : undefined),
      refusal: (path) =>
        path === "/upload-pdf"
          ? { type: "application/json", body: '{"error":{"messageKey":"upload.errors.fileUploadExceeded","params":{}}}' }
          : undefined,
    }),
  );
  app.post("/{*splat}", (req, res) => {
    bodiesRead++;
    req.resume();
    req.on("end", () => res.send("read"));
  });
  return applyServerTimeouts(app.listen(0, "127.0.0.1"), { requestMs: 60_000 });
})();

beforeAll(async () => {
  if (!server.listening) await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends the request head only (the declared body never comes) and reads what the server answers. */
function headOnly(path: string, contentLength: string): Promise<{ status: number; text: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within 3 s: ${JSON.stringify(text)}`));
    }, 3_000);
    socket.on("data", (chunk) => {
      text += chunk.toString();
    });
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ status: Number(text.split(" ")[1]), text, closed: true });
    });
    socket.on("error", reject);
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${contentLength}\r\n\r\n`,
    );
  });
}

test("a declared body over the route's limit is refused at once and the connection closed, before any body is read", async () => {
  const upload = await headOnly("/upload-pdf", String(1024 ** 3));
  expect(upload.status).toBe(413);
  expect(upload.text).toContain("upload.errors.fileUploadExceeded");
  const form = await headOnly("/login", String(2 * 1024 * 1024));
  expect(form.status).toBe(413);
  expect((await headOnly("/login", "not-a-number")).status).toBe(400);
  expect(bodiesRead).toBe(0);
});

test("a body without a declared length is refused where the route has no limit of its own", async () => {
  const chunked = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString();
      });
      socket.on("close", () => resolve(Number(text.split(" ")[1])));
      socket.on("error", reject);
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n4\r\nab=1\r\n0\r\n\r\n`,
      );
    });
  expect(await chunked("/login")).toBe(411);
  // The upload route reads a chunked body itself, counting every byte against its limit.
  expect(await chunked("/upload-pdf")).toBe(200);
});

test("every server bounds headers, whole requests and idle sockets", () => {
  expect(server.headersTimeout).toBeLessThanOrEqual(20_000);
  expect(server.requestTimeout).toBe(60_000);
  expect(server.timeout).toBeGreaterThan(0);
});
