import type { IncomingMessage, ServerResponse } from "node:http";
import { createHash } from "node:crypto";
import path from "node:path";
import { createGzip } from "node:zlib";
import type { Readable } from "node:stream";
import { isNotModified, parseByteRange, validatorHeaders } from "#app/blob/blob-http.server";
import type { BlobStore } from "#app/blob/blob-store.server";
import type { Database } from "#db/client";
import { channelAddress } from "#app/rules/channel";
import { OEMBED_PATH, oembedDiscoveryLink } from "#app/rules/channel-embed";
import { subdomainOfHost } from "#app/rules/subdomain";
import type { StatsIngest } from "#app/stats/stats-ingest.server";
import { statsRootOf } from "#app/stats/stats-endpoint.server";
import { findChannel, findPreview, findSubdomainChannels, PREVIEW_HASH } from "./content-lookup.server.ts";
import { createOembedEndpoint } from "./content-oembed.server.ts";
import { createStatsAddress } from "./content-stats.server.ts";
import { createPreviewLinkGate, type UnlockedPreviewLink, unlockEndScript } from "./preview-link-content.server.ts";

const COMPRESSIBLE = /^(text\/|application\/json|image\/svg)/;

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
  ".pdf": "application/pdf",
  ".mp4": "video/mp4",
};

export type ContentServerDeps = {
  db: Database;
  blobs: BlobStore;
  studioOrigin: string;
  /** CONTENT_URL: the only host name (and port) the content origin answers for. */
  contentOrigin: string;
  /**
   * `<subdomain>.<channelDomain>` serves that subdomain's channels (ADR 0041): CHANNEL_DOMAIN, or
   * unset `localhost:<CONTENT_PORT>` (channelDomainFor). Without it no subdomain is served.
   */
  channelDomain?: string;
  /** The protocol of subdomain addresses (channelDomainFor): oEmbed names them with it; default the content origin's. */
  channelProtocol?: string;
  /** Signs and checks preview link unlocks (SESSION_SECRET); without it no preview link opens. */
  secret?: string;
  /** The clock of the unlock checks (tests move it). */
  now?: () => number;
  /** Queues the readers' statistics beacons (`<root>/_stats`, ADR 0053); without it they are dropped. */
  stats?: StatsIngest;
};

type Revision = { blobPrefix: string };

/** `/c/<shortPath>`, `/preview/<hash>`, `/previewlink/<hash>`: a publication's root lacking its slash. */
const PUBLICATION_ROOT_WITHOUT_SLASH = /^\/(?:c|preview|previewlink)\/[^/]+$/;

/**
 * The content origin (architecture.md "Serving published content safely"): published bundles are
 * served from a host other than the studio's, so customer HTML and JavaScript in them can never
 * read studio cookies or call studio actions. A preview is addressed by its unguessable hash:
 * `/preview/<hash>/` answers the current revision's index.html (with a <base> element naming
 * the revision, so its relative files come from there), `/preview/<hash>/<revision>/<file>`
 * serves a file of that revision (immutable: a republish makes a new revision). A preview link
 * lives under `/previewlink/<hash>/` and needs the unlock cookie (preview-link-content.server.ts).
 * Only the studio may frame a preview (the preview dialog). It answers only for its own host:
 * opened under the studio's host name (another port of `localhost`) it would share the studio's
 * cookies, which are per host, not per port (issue 16, finding 5); any other Host gets 421.
 * The one address that takes a POST is a publication's `_stats` (content-stats.server.ts).
 * Channels are public and made to be embedded: any site may frame them, and `/oembed` describes
 * them for CMSs (content-oembed.server.ts, ADR 0057).
 */
export function createContentHandler(deps: ContentServerDeps) {
  const ownHost = new URL(deps.contentOrigin).host.toLowerCase();
  const previewLinks = createPreviewLinkGate(deps);
  const statsAddress = createStatsAddress(deps);
  const oembed = createOembedEndpoint(deps);
  return async function handle(req: IncomingMessage, res: ServerResponse) {
    try {
      const host = (req.headers.host ?? "").toLowerCase();
      const subdomain = host !== ownHost && deps.channelDomain ? subdomainOfHost(host, deps.channelDomain) : null;
      if (host !== ownHost && !subdomain) return send(res, 421, "misdirected request");
      const url = new URL(req.url ?? "/", "http://content.invalid");
      const statsRoot = statsRootOf(url.pathname);
      if (statsRoot !== null) return await statsAddress(req, res, { root: statsRoot, host, subdomain });
      if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, "method not allowed");
      // Browsers ask every host for an icon: no icon (the publication's page is the customer's,
      // not the studio's), but no 404 in the reader's console either.
      if (url.pathname === "/favicon.ico") {
        res.writeHead(204, { "Cache-Control": "public, max-age=86400" });
        return res.end();
      }
      // A publication's root without its trailing slash (typed, or cut by a mail program): the
      // address with it, for good (its relative files resolve only there).
      if (PUBLICATION_ROOT_WITHOUT_SLASH.test(url.pathname)) {
        res.writeHead(301, { Location: `${url.pathname}/${url.search}`, "Cache-Control": "public, max-age=86400" });
        return res.end();
      }
      if (subdomain) return serveSubdomain(deps, req, res, subdomain, url);
      if (url.pathname === "/healthz") return send(res, 200, "ok");
      if (url.pathname === OEMBED_PATH) return await oembed(req, res, url.searchParams);
      const channelMatch = /^\/c\/([^/]+)\/(?:([^/]+)(?:\/(.*))?)?$/.exec(url.pathname);
      if (channelMatch?.[1])
        return serveChannel(deps, req, res, {
          shortPath: channelMatch[1],
          revision: channelMatch[2],
          file: channelMatch[3],
          search: url.search,
          address: channelAddress(deps.contentOrigin, channelMatch[1]),
        });
      const match = /^\/(preview|previewlink)\/([^/]+)\/(?:([^/]+)(?:\/(.*))?)?$/.exec(url.pathname);
      if (!match?.[2] || !PREVIEW_HASH.test(match[2])) return send(res, 404, "not found");
      const [, form, hash, revision, file] = match as unknown as [string, "preview" | "previewlink", string, string?, string?];
      if (form === "previewlink") {
        const access = await previewLinks(req, res, { hash, segment: revision, search: url.searchParams });
        if (!access) return; // answered: the unlock, or the way to the password page
        return serveRevision(deps, req, res, {
          base: `/previewlink/${hash}`,
          publication: access,
          revision,
          file,
          search: url.search,
          gated: access,
        });
      }
      const publication = await findPreview(deps.db, hash);
      if (!publication?.blobPrefix) return send(res, 404, "not found");
      return serveRevision(deps, req, res, {
        base: `/preview/${hash}`,
        publication: { blobPrefix: publication.blobPrefix },
        revision,
        file,
        search: url.search,
      });
    } catch (error) {
      console.error("content server:", error);
      if (!res.headersSent) send(res, 500, "error");
      else res.destroy();
    }
  };
}

/**
 * One file of a publication's current revision. The bare address answers the current index.html
 * with a <base> element; an old revision (gone after a republish) redirects to the current one's
 * index.html, as does a preview link's bare address. `gated` (a preview link)
 * keeps its files out of every cache but the visitor's and has index.html send the reader back
 * to the password page when the unlock ends.
 */
async function serveRevision(
  deps: ContentServerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  input: {
    base: string;
    publication: Revision;
    revision: string | undefined;
    file: string | undefined;
    search: string;
    gated?: UnlockedPreviewLink;
    /** A channel: public, so shared caches may keep its immutable files, and any site may frame it. */
    shared?: boolean;
    /** What the bare address's head carries after its <base> (a channel's oEmbed discovery link). */
    headLinks?: string;
  },
) {
  const { blobPrefix } = input.publication;
  const current = blobPrefix.split("/").at(-1) as string;
  // The bare address (`<base>/`) answers the current revision's index.html at once, with a
  // <base> element for its relative files: no redirect before the first byte (issue 29; about
  // 600 ms on a slow phone line). A preview link keeps its redirect (its unlock decides first).
  const bare = input.revision === undefined && !input.gated;
  if (input.revision !== current && !bare) {
    res.writeHead(302, { Location: `${input.base}/${current}/index.html${input.search}`, "Cache-Control": "no-store" });
    return res.end();
  }
  let file: string;
  try {
    file = path.posix.normalize(decodeURIComponent(input.file || "index.html"));
  } catch {
    return send(res, 404, "not found"); // a malformed escape is a missing file, not a server error
  }
  // Only files of the bundle: no way out of it, and no folders (every bundle file has an extension).
  if (file.startsWith("..") || file.startsWith("/") || file.includes("\0") || !path.posix.extname(file)) return send(res, 404, "not found");
  const key = `${blobPrefix}/${file}`;
  const info = await deps.blobs.stat(key);
  if (info === null) return send(res, 404, "not found");
  const type = CONTENT_TYPES[path.posix.extname(file).toLowerCase()] ?? "application/octet-stream";
  // Text (index.html with the page text, the reader, word and search scripts) shrinks to a
  // third with gzip; images and PDFs are compressed already.
  const gzip = COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  const isIndex = file === "index.html";
  const lockScript = input.gated && isIndex ? unlockEndScript(deps, input.gated) : null;
  const baseElement = bare ? `<base href="${input.base}/${current}/">${input.headLinks ?? ""}` : null;
  // index.html as stored, or changed for this answer (and then read whole, never a byte range).
  const rewritten = Boolean(lockScript || baseElement);
  // Files are served as stored (ETag, Last-Modified, byte ranges: a CDN in front works, ADR 0045);
  // a gated index carries a script of the visitor's unlock and is never validated or cached; the
  // bare address's index is a variant of the stored one (its tag names what it adds to the head:
  // the base, a channel's discovery link).
  const validators = lockScript ? null : validatorHeaders(info, { gzip, variant: baseElement ? variantOf(baseElement) : undefined });
  const headers = {
    "Content-Type": type,
    ...(validators ? { ...validators, Vary: "Accept-Encoding" } : {}),
    // The hash is the key to the preview: never in shared caches, but a revision never changes.
    // A preview link's files stay in the visitor's cache no longer than an unlock lasts; a
    // channel is public.
    "Cache-Control": isIndex
      ? input.gated
        ? "private, no-store"
        : `${input.shared ? "public" : "private"}, no-cache`
      : `${input.shared ? "public" : "private"}, max-age=${input.gated ? 3600 : "31536000, immutable"}`,
    // Only the studio frames a preview; a channel is public and made to be embedded anywhere
    // (ADR 0057), also in a sandboxed frame without its origin (WordPress' oEmbed frames), whose
    // requests for the reader's files come from an opaque origin: so its files are cross-origin resources.
    "Content-Security-Policy": input.shared ? "frame-ancestors *" : `frame-ancestors 'self' ${deps.studioOrigin}`,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    // The customer's page, not the studio: it may use what a web page may, the studio's cookies never reach it.
    "Cross-Origin-Resource-Policy": input.shared ? "cross-origin" : "same-origin",
  };
  if (validators && isNotModified(req.headers, validators)) {
    res.writeHead(304, headers);
    return res.end();
  }
  const range = gzip || rewritten ? null : parseByteRange(req.headers.range, info.size);
  if (range === "unsatisfiable") {
    res.writeHead(416, { ...headers, "Content-Range": `bytes */${info.size}` });
    return res.end();
  }
  res.writeHead(range ? 206 : 200, {
    ...headers,
    ...(gzip || rewritten ? {} : { "Accept-Ranges": "bytes" }),
    ...(gzip ? { "Content-Encoding": "gzip" } : rewritten ? {} : { "Content-Length": range ? range.end - range.start + 1 : info.size }),
    ...(range ? { "Content-Range": `bytes ${range.start}-${range.end}/${info.size}` } : {}),
  });
  if (req.method === "HEAD") return res.end();
  if (rewritten) {
    let body = (await deps.blobs.read(key)).toString("utf8");
    if (baseElement) {
      body = withBase(body, baseElement);
      // Link previews (Open Graph) want an absolute image address; crawlers need not honour <base>.
      const origin = `${new URL(deps.contentOrigin).protocol}//${req.headers.host ?? new URL(deps.contentOrigin).host}`;
      body = withAbsoluteOgImage(body, `${origin}${input.base}/${current}/`);
    }
    if (lockScript) body = body.includes("</body>") ? body.replace("</body>", `${lockScript}</body>`) : body + lockScript;
    if (!gzip) return res.end(body);
    const zipper = createGzip({ level: 6 });
    zipper.pipe(res);
    return zipper.end(body);
  }
  let body: Readable;
  try {
    body = await deps.blobs.stream(key, range ?? undefined);
  } catch {
    // Removed between stat and read (a republish): the headers are out, the answer is cut.
    return res.destroy();
  }
  body.on("error", () => res.destroy());
  (gzip ? body.pipe(createGzip({ level: 6 })) : body).pipe(res);
}

/** The og:image of a page, relative to its revision, as an absolute address under `revisionUrl`. */
function withAbsoluteOgImage(html: string, revisionUrl: string): string {
  return html.replace(/(<meta property="og:image" content=")([^"]*)(")/i, (whole, start: string, image: string, end: string) =>
    /^[a-z][a-z0-9+.-]*:|^\//i.test(image) ? whole : `${start}${revisionUrl}${image}${end}`,
  );
}

/** What a bare address's index depends on besides the stored file: what goes into its head (a short tag of it). */
function variantOf(head: string): string {
  return createHash("sha256").update(head).digest("base64url").slice(0, 12);
}

/** The <base> first in the head (a page without a head element: right after its doctype, where the parser puts it in the head). */
function withBase(html: string, base: string): string {
  if (/<head[\s>]/i.test(html)) return html.replace(/<head[^>]*>/i, (head) => `${head}${base}`);
  return /^\s*<!doctype[^>]*>/i.test(html) ? html.replace(/^\s*<!doctype[^>]*>/i, (doctype) => `${doctype}${base}`) : base + html;
}

/**
 * A channel at its permanent address `/c/<shortPath>/` (ADR 0039): the latest revision of the
 * ePaper it holds. A renewed address is unknown at once; a disabled, unavailable or empty
 * channel answers a friendly page instead of the reader. Its reader page names its oEmbed
 * description for the address it was asked under (`address`, ADR 0057).
 */
async function serveChannel(
  deps: ContentServerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  input: { shortPath: string; revision: string | undefined; file: string | undefined; search: string; address: string },
) {
  const channel = await findChannel(deps.db, input.shortPath);
  if (!channel) return notAvailable(res, 404);
  // A deleted ePaper leaves every channel at once, as it leaves its previews.
  if (!channel.blobPrefix || channel.epaperDeletedAt) return notAvailable(res, 404);
  if (channel.disabled || !channel.available) return notAvailable(res, 503);
  return serveRevision(deps, req, res, {
    base: `/c/${input.shortPath}`,
    publication: { blobPrefix: channel.blobPrefix },
    revision: input.revision,
    file: input.file,
    search: input.search,
    shared: true,
    headLinks: oembedDiscoveryLink(deps.contentOrigin, input.address, channel.contentName ?? channel.name),
  });
}

/**
 * A subdomain's host (ADR 0041): `/` shows its channel (with several, a page lists them),
 * `/c/<shortPath>/…` serves a channel assigned to it; nothing else, and no other account's channel.
 */
async function serveSubdomain(deps: ContentServerDeps, req: IncomingMessage, res: ServerResponse, name: string, url: URL) {
  const channels = await findSubdomainChannels(deps.db, name);
  // The address as asked (the Host checked against the channel domain: `<name>.<domain>`).
  const address = `${deps.channelProtocol ?? new URL(deps.contentOrigin).protocol}//${name}.${deps.channelDomain?.toLowerCase()}${url.pathname}`;
  if (url.pathname === "/") {
    const only = channels.length === 1 ? channels[0] : undefined;
    // Its only channel answers here at once (its <base> names the channel's revision): no redirect hop.
    if (only)
      return serveChannel(deps, req, res, { shortPath: only.shortPath, revision: undefined, file: undefined, search: url.search, address });
    if (channels.length === 0) return notAvailable(res, 404);
    return channelIndex(res, name, channels);
  }
  const match = /^\/c\/([^/]+)\/(?:([^/]+)(?:\/(.*))?)?$/.exec(url.pathname);
  if (!match?.[1] || !channels.some((channel) => channel.shortPath === match[1])) return notAvailable(res, 404);
  return serveChannel(deps, req, res, { shortPath: match[1], revision: match[2], file: match[3], search: url.search, address });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page of a subdomain with several channels: their names, each a link to the channel. */
function channelIndex(res: ServerResponse, name: string, channels: { shortPath: string; name: string; contentName: string | null }[]) {
  res.writeHead(200, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-cache",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  });
  const items = channels
    .map((channel) => `<li><a href="/c/${channel.shortPath}/">${escapeHtml(channel.contentName ?? channel.name)}</a></li>`)
    .join("");
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(name)}</title><style>body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}main{max-width:40rem;margin:0 auto;padding:2rem}li{margin:.75rem 0;font-size:1.25rem}a{color:#1d4ed8}</style></head><body><main><h1>${escapeHtml(name)}</h1><ul>${items}</ul></main></body></html>`,
  );
}

/** The friendly page of a channel that shows nothing (both languages: the visitor's is unknown). */
function notAvailable(res: ServerResponse, status: number) {
  res.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Not available</title><style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f8fafc;color:#0f172a}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}</style></head><body><main><h1>This ePaper is not available</h1><p>The publication you are looking for is not available at the moment.</p><h1 lang="de">Dieses ePaper ist nicht verfügbar</h1><p lang="de">Die gesuchte Veröffentlichung ist im Moment nicht verfügbar.</p></main></body></html>`,
  );
}

function send(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
  });
  res.end(text);
}
