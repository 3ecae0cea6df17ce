import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress, type SafeFetchOptions, SafeFetchRefused, safeFetch } from "./safe-fetch.server.ts";

/*
 * The SSRF rules against a real local server: without the allow-list every local target is
 * refused; with it, the server is reachable and the other rules (redirects, size, time, type)
 * are proven on real sockets.
 */

let server: http.Server;
let base: string;
let allow: string[];
const PNG = Buffer.from("89504e470d0a1a0a", "hex");

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    switch (url.pathname) {
      case "/image":
        response.writeHead(200, { "content-type": "image/png" }).end(PNG);
        return;
      case "/to-private":
        response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
        return;
      case "/to-localhost":
        response.writeHead(301, { location: `http://localhost:${(server.address() as AddressInfo).port}/image` }).end();
        return;
      case "/to-image":
        response.writeHead(302, { location: "/image" }).end();
        return;
      case "/loop":
        response.writeHead(302, { location: "/loop" }).end();
        return;
      case "/announced-big":
        response.writeHead(200, { "content-type": "image/png", "content-length": String(10 * 1024 * 1024) });
        response.write(PNG);
        return; // never ends: the client must not wait for it
      case "/streamed-big":
        response.writeHead(200, { "content-type": "image/png" });
        for (let i = 0; i < 40; i++) response.write(Buffer.alloc(64 * 1024));
        response.end();
        return;
      case "/slow":
        return; // never answers
      case "/html":
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<html></html>");
        return;
      default:
        response.writeHead(404).end();
    }
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  allow = [`127.0.0.1:${port}`];
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const options = (extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
  maxBytes: 1024 * 1024,
  timeoutMs: 1500,
  accept: ["image/"],
  allowPrivate: allow,
  ...extra,
});

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SafeFetchRefused) return error.reason;
    throw error;
  }
  throw new Error("not refused");
}

describe("safeFetch", () => {
  it("fetches from an allowed server and follows a redirect there", async () => {
    const result = await safeFetch(`${base}/to-image`, options());
    expect(result).toMatchObject({ url: `${base}/image`, contentType: "image/png" });
    expect(result.body.equals(PNG)).toBe(true);
  });

  it("refuses loopback, private, link-local and other reserved targets", async () => {
    expect(await refusal(safeFetch(`${base}/image`, options({ allowPrivate: [] })))).toBe("address");
    expect(await refusal(safeFetch(`http://localhost:${new URL(base).port}/image`, options({ allowPrivate: [] })))).toBe("address");
    for (const target of [
      "http://10.1.2.3/",
      "http://192.168.0.1/",
      "http://172.20.0.1/",
      "http://169.254.169.254/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://0.0.0.0/",
      "http://100.64.0.1/",
      "http://[fd00::1]/",
      "http://[fe80::1]/",
    ]) {
      expect(await refusal(safeFetch(target, options()))).toBe("address");
    }
  });

  it("checks every redirect again", async () => {
    expect(await refusal(safeFetch(`${base}/to-private`, options()))).toBe("address");
    // The same server under another name is not on the allow-list: refused after the redirect.
    expect(await refusal(safeFetch(`${base}/to-localhost`, options()))).toBe("address");
    expect(await refusal(safeFetch(`${base}/loop`, options()))).toBe("redirects");
  });

  it("refuses what is too big, too slow, of the wrong type, or not http", async () => {
    expect(await refusal(safeFetch(`${base}/announced-big`, options()))).toBe("size");
    expect(await refusal(safeFetch(`${base}/streamed-big`, options()))).toBe("size");
    const started = Date.now();
    expect(await refusal(safeFetch(`${base}/slow`, options({ timeoutMs: 300 })))).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await refusal(safeFetch(`${base}/html`, options()))).toBe("type");
    expect(await refusal(safeFetch(`${base}/missing`, options()))).toBe("status");
    expect(await refusal(safeFetch("file:///etc/passwd", options()))).toBe("scheme");
    expect(await refusal(safeFetch("http://user:secret@example.com/", options()))).toBe("scheme");
  });

  it("keeps the first bytes of a long page when asked to truncate", async () => {
    const result = await safeFetch(`${base}/streamed-big`, options({ maxBytes: 100_000, overflow: "truncate" }));
    expect(result.body.length).toBe(100_000);
  });
});

describe("isPublicAddress", () => {
  it("tells public addresses from reserved ones", () => {
    expect(["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"].map(isPublicAddress)).toEqual([true, true, true]);
    expect(
      [
        "127.0.0.1",
        "10.0.0.1",
        "172.31.255.255",
        "192.168.1.1",
        "169.254.1.1",
        "100.64.0.1",
        "224.0.0.1",
        "::1",
        "::",
        "fc00::1",
        "fe80::1",
        "::ffff:10.0.0.1",
        "2001:db8::1",
        "not-an-ip",
      ].map(isPublicAddress),
    ).toEqual(Array(14).fill(false));
  });
});
