import { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/*
 * Fetching a customer-given address from the server (the Open Graph image of a link or video,
 * issue 11) without becoming a proxy into our own network (SSRF, ADR 0033):
 * - only http and https, no credentials in the address;
 * - every address the host name resolves to must be public: loopback, private, link-local,
 *   unique-local, carrier-grade NAT, multicast, documentation and other reserved ranges are
 *   refused. The check runs inside the socket's own DNS lookup, so the connection goes to exactly
 *   the address that was checked (no second resolution an attacker's DNS could answer
 *   differently); IP literals are checked before;
 * - redirects are followed by hand (at most 3), each new address checked again;
 * - one deadline for the whole fetch, redirects included, and a byte limit that ends the
 *   download as soon as it is passed (a Content-Length over the limit is refused unread).
 * `allowPrivate` ("host:port" entries, from OUTBOUND_ALLOW_PRIVATE) lets tests reach their own
 * local server; production leaves it empty.
 */

export type SafeFetchRefusal = "scheme" | "address" | "redirects" | "status" | "type" | "size" | "timeout" | "network";

export class SafeFetchRefused extends Error {
  constructor(
    readonly reason: SafeFetchRefusal,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = "SafeFetchRefused";
  }
}

export type SafeFetchOptions = {
  maxBytes: number;
  timeoutMs: number;
  /** Content types accepted (prefix match, e.g. "image/"); anything else is refused unread. */
  accept: string[];
  allowPrivate?: readonly string[];
  maxRedirects?: number;
  /** "truncate" keeps the first maxBytes and stops reading (a page's head is at its start); default "refuse". */
  overflow?: "refuse" | "truncate";
};

export type SafeFetchResult = { url: string; contentType: string; body: Buffer };

const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  // NAT64's local-use prefix: its IPv4 part is whatever the operator maps it to.
  ["64:ff9b:1::", 48],
  // Discard-only.
  ["100::", 64],
  // IETF protocol assignments (Teredo, 2001::/32, is judged by its addresses before this).
  ["2001::", 23],
  // Documentation (RFC 3849, RFC 9637).
  ["2001:db8::", 32],
  ["3fff::", 20],
  // Segment routing SIDs (RFC 9602).
  ["5f00::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, "ipv6");
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail counts as two); null when malformed. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail, ...rest] = text.split("::");
  if (rest.length > 0) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const missing = 8 - front.length - back.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...front, ...Array<number>(tail === undefined ? 0 : missing).fill(0), ...back];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * The IPv4 addresses an IPv6 address carries and is reached through (issue 27): IPv4-mapped
 * (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96) and IPv4-compatible (::/96) forms, NAT64's well-known prefix (64:ff9b::/96),
 * 6to4 (2002::/16: the relay's address in bits 16–47) and Teredo (2001::/32: the server's
 * address in bits 32–63, the client's inverted in the last 32). Null for any other address.
 */
function carriedIpv4(groups: number[]): string[] | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const zeroHead = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroHead && (g5 === 0xffff || g5 === 0)) return [ipv4Of(g6, g7)];
  // IPv4-translated (::ffff:0:0:0/96, SIIT).
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) return [ipv4Of(g6, g7)];
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return [ipv4Of(g6, g7)];
  if (g0 === 0x2002) return [ipv4Of(g1, g2)];
  if (g0 === 0x2001 && g1 === 0) return [ipv4Of(g2, g3), ipv4Of(g6 ^ 0xffff, g7 ^ 0xffff)];
  return null;
}

/**
 * True for an address on the public internet. An IPv6 address that carries IPv4 addresses (see
 * carriedIpv4) is public only when every one of them is; the rest by the reserved ranges above.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !BLOCKED.check(address, "ipv4");
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const carried = carriedIpv4(groups);
  if (carried) return carried.every((ipv4) => !BLOCKED.check(ipv4, "ipv4"));
  return !BLOCKED.check(address, "ipv6");
}

function portOf(url: URL) {
  return url.port || (url.protocol === "https:" ? "443" : "80");
}

function checkedUrl(raw: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new SafeFetchRefused("scheme", "not an address");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new SafeFetchRefused("scheme", url.protocol);
  if (url.username || url.password) throw new SafeFetchRefused("scheme", "credentials in the address");
  return url;
}

/** The socket's DNS lookup: resolves, refuses when any address is not public, connects to the first. */
function guardedLookup(allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, verbatim: true, family: options.family }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const list = addresses as { address: string; family: number }[];
      if (list.length === 0) return callback(new SafeFetchRefused("network", `${hostname} has no address`), "", 4);
      if (!allowed && list.some((entry) => !isPublicAddress(entry.address))) {
        return callback(new SafeFetchRefused("address", `${hostname} resolves to a non-public address`), "", 4);
      }
      const [first] = list as [{ address: string; family: number }];
      if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, [first]);
      callback(null, first.address, first.family);
    });
  };
}

function requestOnce(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<SafeFetchResult | { redirect: string }> {
  // url.hostname keeps an IPv6 address in brackets, as the allow-list writes it: "[::1]:8080".
  const allowed = (options.allowPrivate ?? []).includes(`${url.hostname}:${portOf(url)}`);
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal) && !allowed && !isPublicAddress(literal)) {
    return Promise.reject(new SafeFetchRefused("address", `${literal} is not a public address`));
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup: guardedLookup(allowed),
        signal,
        agent: false,
        headers: {
          "user-agent": "ePaperStudio-PreviewFetcher/1.0",
          accept: options.accept.map((type) => (type.endsWith("/") ? `${type}*` : type)).join(", "),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ redirect: response.headers.location });
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(new SafeFetchRefused("status", `answered ${status}`));
          return;
        }
        const contentType = (response.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
        if (!options.accept.some((type) => contentType.startsWith(type))) {
          response.destroy();
          reject(new SafeFetchRefused("type", contentType || "no content type"));
          return;
        }
        const truncate = options.overflow === "truncate";
        const declared = Number(response.headers["content-length"] ?? "0");
        if (declared > options.maxBytes && !truncate) {
          response.destroy();
          reject(new SafeFetchRefused("size", `${declared} bytes announced`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            if (truncate) {
              chunks.push(chunk.subarray(0, chunk.length - (size - options.maxBytes)));
              resolve({ url: url.toString(), contentType, body: Buffer.concat(chunks) });
              return;
            }
            reject(new SafeFetchRefused("size", `more than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ url: url.toString(), contentType, body: Buffer.concat(chunks) }));
        response.on("error", (error) => reject(error));
      },
    );
    request.on("error", reject);
  });
}

/** GETs `raw` under the rules above; every refusal is a SafeFetchRefused with its reason. */
export async function safeFetch(raw: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = checkedUrl(raw);
  const maxRedirects = options.maxRedirects ?? 3;
  for (let hop = 0; ; hop++) {
    let outcome: SafeFetchResult | { redirect: string };
    try {
      outcome = await requestOnce(url, options, signal);
    } catch (error) {
      if (error instanceof SafeFetchRefused) throw error;
      if (signal.aborted) throw new SafeFetchRefused("timeout", `no answer within ${options.timeoutMs} ms`);
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof SafeFetchRefused) throw cause;
      throw new SafeFetchRefused("network", (error as Error).message);
    }
    if (!("redirect" in outcome)) return outcome;
    if (hop >= maxRedirects) throw new SafeFetchRefused("redirects", `more than ${maxRedirects} redirects`);
    url = checkedUrl(outcome.redirect, url.toString());
  }
}
