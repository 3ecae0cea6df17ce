import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough } from "node:stream";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { FlushBatches } from "#app/utils/flush-batches.server";
import { compressAnswers } from "./compress.ts";

// Issue 29: a page went out in React's 4 KB pieces, each flushed out of the compressor.

const PAGE = Array.from({ length: 2_000 }, (_, i) => `<li class="card">ePaper ${i}</li>`).join("");
let releaseLater: () => void = () => {};
let port: number;
const server = (() => {
  const app = express();
  app.use(compressAnswers());
  // As React Router writes a page: piece by piece, flushing after each, all in one turn.
  app.get("/page", (_req, res) => {
    res.type("html");
    for (let at = 0; at < PAGE.length; at += 4096) {
      res.write(PAGE.slice(at, at + 4096));
      res.flush();
    }
    res.end();
  });
  // A stream that waits for data (a deferred loader value): its first part must not wait with it.
  app.get("/later", (_req, res) => {
    res.type("html");
    res.write(`<p>shell</p>${PAGE.slice(0, 2_000)}`);
    res.flush();
    releaseLater = () => res.end("<p>later</p>");
  });
  return app.listen(0, "127.0.0.1");
})();

beforeAll(async () => {
  if (!server.listening) await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) =>
    http.get({ port, host: "127.0.0.1", path, headers: { "accept-encoding": "gzip, br" } }, resolve).on("error", reject),
  );
}

test("a page written in pieces within one turn is compressed whole: no flush in between (issue 29)", async () => {
  const answer = await get("/page");
  expect(answer.headers["content-encoding"]).toBe("gzip");
  const chunks: Buffer[] = [];
  for await (const chunk of answer) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  expect(zlib.gunzipSync(body).toString()).toBe(PAGE);
  // Each flush ends a deflate block early and adds bytes; flushed piece by piece it was a third larger.
  expect(body.length).toBeLessThanOrEqual(zlib.gzipSync(PAGE, { level: 1 }).length + 64);
});

test("what a waiting stream has written reaches the browser before the stream ends", { timeout: 10_000 }, async () => {
  const answer = await get("/later");
  const text = answer.pipe(zlib.createGunzip());
  let received = "";
  text.on("data", (chunk: Buffer) => {
    received += chunk.toString();
  });
  while (!received.includes("<p>shell</p>")) await once(text, "data");
  expect(received).not.toContain("later");
  releaseLater();
  await once(text, "end");
  expect(received.endsWith("<p>later</p>")).toBe(true);
});

test("React's pieces reach the response as one per flush of React's, and the rest at the end", async () => {
  const batches = new FlushBatches();
  const out: string[] = [];
  batches.pipe(new PassThrough()).on("data", (chunk: Buffer) => out.push(chunk.toString()));
  for (const piece of ["<html>", "<body>", "shell"]) batches.write(piece);
  batches.flush();
  batches.write("late ");
  batches.end("part");
  await once(batches, "end");
  expect(out).toEqual(["<html><body>shell", "late part"]);
});
