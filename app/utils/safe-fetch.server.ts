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
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, "ipv6");
}

/** True for an address on the public internet. IPv4-mapped IPv6 addresses are judged by their IPv4 part. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !BLOCKED.check(address, "ipv4");
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return isPublicAddress(mapped[1]);
  if (/^::ffff:/i.test(address)) return false;
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
