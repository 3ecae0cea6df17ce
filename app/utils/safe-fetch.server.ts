import { lookup as dnsLookup } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { type Readable, Transform } from "node:stream";
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
 * local server; production leaves it empty. `safePost` sends the studio's webhooks (ADR 0058)
 * under the same address rules, and follows no redirect.
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

/**
 * How to connect to `url` under the address rules: the client of its scheme and the guarded DNS
 * lookup; an IP literal that is not public (and not allowed) is refused here, before any socket.
 */
function guardedConnection(url: URL, allowPrivate: readonly string[] | undefined) {
  // url.hostname keeps an IPv6 address in brackets, as the allow-list writes it: "[::1]:8080".
  const allowed = (allowPrivate ?? []).includes(`${url.hostname}:${portOf(url)}`);
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal) && !allowed && !isPublicAddress(literal)) throw new SafeFetchRefused("address", `${literal} is not a public address`);
  return { client: url.protocol === "https:" ? https : http, lookup: guardedLookup(allowed) };
}

type Opened = { response: IncomingMessage; contentType: string };

/**
 * Sends the GET and checks the answer's head: a redirect is handed back to follow; anything but
 * 200 is refused; so is a content type not accepted, or an announced size over the limit (unless
 * the caller truncates). The body is left unread for the caller.
 */
function openOnce(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<Opened | { redirect: string }> {
  let connection: ReturnType<typeof guardedConnection>;
  try {
    connection = guardedConnection(url, options.allowPrivate);
  } catch (error) {
    return Promise.reject(error);
  }
  const { client, lookup } = connection;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup,
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
        const declared = Number(response.headers["content-length"] ?? "0");
        if (declared > options.maxBytes && options.overflow !== "truncate") {
          response.destroy();
          reject(new SafeFetchRefused("size", `${declared} bytes announced`));
          return;
        }
        resolve({ response, contentType });
      },
    );
    request.on("error", reject);
  });
}

/** Reads an opened answer whole, up to the byte limit (refused beyond, or cut there when truncating). */
function readBody(url: URL, opened: Opened, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const { response, contentType } = opened;
  const truncate = options.overflow === "truncate";
  return new Promise((resolve, reject) => {
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
  });
}

/** Follows redirects by hand (each new address checked again) to the answer that is not one. */
async function openFollowing(
  raw: string,
  options: SafeFetchOptions,
  signal: AbortSignal,
  deadline: AbortSignal,
): Promise<{ url: URL; opened: Opened }> {
  let url = checkedUrl(raw);
  const maxRedirects = options.maxRedirects ?? 3;
  for (let hop = 0; ; hop++) {
    let outcome: Opened | { redirect: string };
    try {
      outcome = await openOnce(url, options, signal);
    } catch (error) {
      throw refusalOf(error, deadline, options.timeoutMs);
    }
    if (!("redirect" in outcome)) return { url, opened: outcome };
    if (hop >= maxRedirects) throw new SafeFetchRefused("redirects", `more than ${maxRedirects} redirects`);
    url = checkedUrl(outcome.redirect, url.toString());
  }
}

/** GETs `raw` under the rules above; every refusal is a SafeFetchRefused with its reason. */
export async function safeFetch(raw: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const { url, opened } = await openFollowing(raw, options, signal, signal);
  try {
    return await readBody(url, opened, options);
  } catch (error) {
    throw refusalOf(error, signal, options.timeoutMs);
  }
}

export type SafeFetchStreamOptions = Omit<SafeFetchOptions, "overflow"> & { signal?: AbortSignal };
export type SafeFetchStreamResult = { url: string; contentType: string; body: Readable };

/**
 * GETs `raw` as safeFetch does, but hands the body over as a stream (a PDF the public API imports,
 * which must not be held in memory): the same address, redirect, status, type and announced-size
 * rules; the deadline covers the whole download; the stream fails with a SafeFetchRefused ("size"
 * past maxBytes, "timeout", "network"). `signal` ends it early (the caller went away).
 */
export async function safeFetchStream(raw: string, options: SafeFetchStreamOptions): Promise<SafeFetchStreamResult> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const { url, opened } = await openFollowing(raw, options, signal, deadline);
  const { response } = opened;
  let size = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > options.maxBytes) return callback(new SafeFetchRefused("size", `more than ${options.maxBytes} bytes`));
      callback(null, chunk);
    },
  });
  // pipe() forwards no error: the answer's own failure reaches the reader as the refusal it is,
  // and a reader that stops (the store failed) ends the download.
  response.on("error", (error) => limited.destroy(refusalOf(error, deadline, options.timeoutMs)));
  limited.on("close", () => response.destroy());
  response.pipe(limited);
  return { url: url.toString(), contentType: opened.contentType, body: limited };
}

/** Any failure of a request as the refusal it is: the rules' own, the deadline, or the network. */
function refusalOf(error: unknown, signal: AbortSignal, timeoutMs: number): SafeFetchRefused {
  if (error instanceof SafeFetchRefused) return error;
  if (signal.aborted) return new SafeFetchRefused("timeout", `no answer within ${timeoutMs} ms`);
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof SafeFetchRefused) return cause;
  return new SafeFetchRefused("network", (error as Error).message);
}

export type SafePostOptions = {
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate?: readonly string[];
  /** Bytes of the answer kept (the rest is not read): enough for a log line. */
  maxAnswerBytes?: number;
};

export type SafePostResult = { status: number; answer: string; headers: Record<string, string> };

/**
 * POSTs `body` to `raw` under the same address rules as safeFetch (the studio's webhooks, ADR
 * 0058): only http and https, no credentials in the address, every resolved address public
 * (unless allowed), one deadline for connecting, sending and the answer. A redirect is not
 * followed (a POST is not sent on to another address): its status is the answer. Any status is
 * answered, with the first `maxAnswerBytes` of the body; what the rules refuse, a timeout and a
 * network failure throw SafeFetchRefused.
 */
export async function safePost(raw: string, options: SafePostOptions): Promise<SafePostResult> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const url = checkedUrl(raw);
  const maxAnswerBytes = options.maxAnswerBytes ?? 1024;
  const body = Buffer.from(options.body, "utf8");
  try {
    const { client, lookup } = guardedConnection(url, options.allowPrivate);
    return await new Promise<SafePostResult>((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: "POST",
          lookup,
          signal,
          agent: false,
          headers: { ...options.headers, "content-length": String(body.length) },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let size = 0;
          const headers = Object.fromEntries(
            Object.entries(response.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value ?? "")]),
          );
          const done = () => resolve({ status, headers, answer: Buffer.concat(chunks).toString("utf8").slice(0, maxAnswerBytes) });
          response.on("data", (chunk: Buffer) => {
            if (size >= maxAnswerBytes) return;
            chunks.push(chunk.subarray(0, maxAnswerBytes - size));
            size += chunk.length;
            // Enough of the answer for the log: the rest is not waited for.
            if (size >= maxAnswerBytes) {
              response.destroy();
              done();
            }
          });
          response.on("end", done);
          response.on("error", (error) => (size >= maxAnswerBytes ? done() : reject(error)));
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  } catch (error) {
    throw refusalOf(error, signal, options.timeoutMs);
  }
}
