import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buffer } from "node:stream/consumers";
import { isPublicAddress, type SafeFetchOptions, SafeFetchRefused, safeFetch, safeFetchStream } from "./safe-fetch.server.ts";

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
    // The refusal's reason says the timer ended it (the slow answer never comes); how fast is no test's matter.
    expect(await refusal(safeFetch(`${base}/slow`, options({ timeoutMs: 300 })))).toBe("timeout");
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

describe("safeFetchStream", () => {
  it("hands the body over as a stream after the same checks, following a redirect", async () => {
    const result = await safeFetchStream(`${base}/to-image`, options());
    expect(result).toMatchObject({ url: `${base}/image`, contentType: "image/png" });
    expect((await buffer(result.body)).equals(PNG)).toBe(true);
  });

  it("refuses by the same rules before the body, and fails the stream past the byte limit or the deadline", async () => {
    expect(await refusal(safeFetchStream(`${base}/image`, options({ allowPrivate: [] })))).toBe("address");
    expect(await refusal(safeFetchStream(`${base}/to-private`, options()))).toBe("address");
    expect(await refusal(safeFetchStream(`${base}/html`, options()))).toBe("type");
    expect(await refusal(safeFetchStream(`${base}/announced-big`, options()))).toBe("size");
    const big = await safeFetchStream(`${base}/streamed-big`, options());
    expect(await refusal(buffer(big.body))).toBe("size");
    // Announced small enough, then never finished: the deadline covers the whole download.
    const stalled = await safeFetchStream(`${base}/announced-big`, options({ maxBytes: 20 * 1024 * 1024, timeoutMs: 400 }));
    expect(await refusal(buffer(stalled.body))).toBe("timeout");
  });
});

/*
 * Every address form the outbound check judges (issues 15 and 27), one row each: the address, whether
 * it is public, and why. IPv6 forms that carry an IPv4 address are judged by that address.
 */
const ADDRESS_TABLE: [string, boolean, string][] = [
  ["93.184.216.34", true, "public IPv4"],
  ["8.8.8.8", true, "public IPv4"],
  ["2606:4700:4700::1111", true, "public IPv6"],
  ["2a00:1450:4001:82a::200e", true, "public IPv6"],
  ["127.0.0.1", false, "loopback"],
  ["0.0.0.0", false, "this network"],
  ["10.0.0.1", false, "private"],
  ["172.31.255.255", false, "private"],
  ["192.168.1.1", false, "private"],
  ["169.254.169.254", false, "link-local (cloud metadata)"],
  ["100.64.0.1", false, "shared address space"],
  ["192.0.0.8", false, "IETF protocol assignments"],
  ["192.0.2.1", false, "documentation TEST-NET-1"],
  ["198.51.100.7", false, "documentation TEST-NET-2"],
  ["203.0.113.9", false, "documentation TEST-NET-3"],
  ["198.18.0.1", false, "benchmarking"],
  ["192.88.99.1", false, "6to4 relay anycast"],
  ["224.0.0.1", false, "multicast"],
  ["255.255.255.255", false, "broadcast / reserved"],
  ["::1", false, "IPv6 loopback"],
  ["::", false, "IPv6 unspecified"],
  ["fc00::1", false, "unique local"],
  ["fd12:3456::1", false, "unique local"],
  ["fe80::1", false, "link-local"],
  ["fec0::1", false, "site-local (deprecated)"],
  ["ff02::1", false, "multicast"],
  ["100::1", false, "discard-only"],
  ["2001:db8::1", false, "documentation"],
  ["3fff::1", false, "documentation (RFC 9637)"],
  ["5f00::1", false, "segment routing SIDs"],
  ["2001:2::1", false, "IETF protocol assignments (benchmarking)"],
  ["64:ff9b:1::a00:1", false, "NAT64 local-use"],
  // IPv4-mapped
  ["::ffff:10.0.0.1", false, "IPv4-mapped private"],
  ["::ffff:127.0.0.1", false, "IPv4-mapped loopback"],
  ["::ffff:7f00:1", false, "IPv4-mapped loopback, hex"],
  ["::ffff:8.8.8.8", true, "IPv4-mapped public"],
  ["0:0:0:0:0:ffff:a9fe:a9fe", false, "IPv4-mapped metadata, long form"],
  // IPv4-translated (SIIT)
  ["::ffff:0:127.0.0.1", false, "IPv4-translated loopback"],
  ["::ffff:0:8.8.8.8", true, "IPv4-translated public"],
  // IPv4-compatible (deprecated, ::/96)
  ["::127.0.0.1", false, "IPv4-compatible loopback"],
  ["::10.1.2.3", false, "IPv4-compatible private"],
  ["::a9fe:a9fe", false, "IPv4-compatible metadata, hex"],
  ["::8.8.8.8", true, "IPv4-compatible public"],
  // NAT64 well-known prefix
  ["64:ff9b::7f00:1", false, "NAT64 of loopback"],
  ["64:ff9b::192.168.0.1", false, "NAT64 of private"],
  ["64:ff9b::808:808", true, "NAT64 of public"],
  // 6to4: the IPv4 address in bits 16–47
  ["2002:7f00:1::1", false, "6to4 of loopback"],
  ["2002:a00:1::", false, "6to4 of private"],
  ["2002:a9fe:a9fe::1", false, "6to4 of metadata"],
  ["2002:5db8:d822::1", true, "6to4 of public"],
  // Teredo: server in bits 32–63, client inverted in the last 32
  ["2001:0:4136:e378:8000:63bf:80ff:fffe", false, "Teredo, client 127.0.0.1"],
  ["2001:0:4136:e378:8000:63bf:f5ff:fffe", false, "Teredo, client 10.0.0.1"],
  ["2001:0:a00:1:8000:63bf:a247:27dd", false, "Teredo, server 10.0.0.1"],
  ["2001:0:4136:e378:8000:63bf:a247:27dd", true, "Teredo, public server and client (93.184.216.34)"],
  ["not-an-ip", false, "not an address"],
  ["1:2:3:4:5:6:7:8:9", false, "malformed IPv6"],
];

describe("isPublicAddress", () => {
  it.each(ADDRESS_TABLE)("%s → %s (%s)", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
