import type { IncomingMessage, ServerResponse } from "node:http";
import { channelAddress } from "#app/rules/channel";
import { channelEmbedCode, embedSize, OEMBED_PROVIDER_NAME } from "#app/rules/channel-embed";
import { subdomainOfHost } from "#app/rules/subdomain";
import type { Database } from "#db/client";
import { findChannel, findSubdomainChannels } from "./content-lookup.server.ts";

/*
 * oEmbed for channels on the content origin (issue 32 item 5, ADR 0057; oembed.com 1.0):
 * `GET /oembed?url=<channel address>&format=json&maxwidth=&maxheight=` answers a `rich` embed
 * whose html is the channel card's embed code, so a CMS (WordPress, …) embeds a channel from its
 * link alone. The address is resolved exactly as the content server serves it (content-lookup):
 * `<CONTENT_URL>/c/<shortPath>/`, and on a subdomain host `/` (its only channel) and
 * `/c/<shortPath>/` (a channel assigned to it). What that address would not show as a reader
 * (unknown, renewed away, cleared, its ePaper deleted, disabled, unavailable), and any address
 * that is not a channel's, is 404; another format than json is 501 (the spec's answers).
 */

export type ContentOembedDeps = {
  db: Database;
  /** PUBLIC_URL: the provider's address. */
  studioOrigin: string;
  /** CONTENT_URL: channels' own addresses live here, and the endpoint itself. */
  contentOrigin: string;
  /** The host subdomains live under (ADR 0041); without it no subdomain address is one of ours. */
  channelDomain?: string | undefined;
  /** The protocol of subdomain addresses (channelDomainFor); default the content origin's. */
  channelProtocol?: string | undefined;
};

/** Seconds a consumer or a shared cache may keep an answer (a channel that ends shows its own 'not available' page). */
export const OEMBED_MAX_AGE = 300;

// With or without its trailing slash (issue 45): both are pasted; the frame gets the canonical one.
const CHANNEL_ROOT = /^\/c\/([^/]+)\/?$/;

/** A channel its address shows as a reader: the frame's address (canonical form) and its public name. */
export type EmbeddableChannel = { shortPath: string; address: string; title: string; pageRatio: number | null };

/**
 * The channel an address shows, or null. Only the channel's root addresses count (what is shared
 * and pasted; a revision's files are not a channel's address); query and fragment are dropped.
 */
export async function channelAtAddress(deps: ContentOembedDeps, raw: string): Promise<EmbeddableChannel | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password) return null;
  const own = new URL(deps.contentOrigin);
  let shortPath: string | undefined;
  let address: string;
  if (url.host === own.host) {
    shortPath = CHANNEL_ROOT.exec(url.pathname)?.[1];
    if (!shortPath) return null;
    address = channelAddress(deps.contentOrigin.replace(/\/+$/, ""), shortPath);
  } else {
    const subdomain = deps.channelDomain ? subdomainOfHost(url.host, deps.channelDomain) : null;
    if (!subdomain) return null;
    const channels = await findSubdomainChannels(deps.db, subdomain);
    shortPath = url.pathname === "/" ? (channels.length === 1 ? channels[0]?.shortPath : undefined) : CHANNEL_ROOT.exec(url.pathname)?.[1];
    if (!shortPath || !channels.some((channel) => channel.shortPath === shortPath)) return null;
    address = `${deps.channelProtocol ?? own.protocol}//${url.host}${url.pathname === "/" ? "/" : `/c/${shortPath}/`}`;
  }
  const channel = await findChannel(deps.db, shortPath);
  // As the content server: nothing to show is nothing to embed (it would answer 404 or 503 there).
  if (!channel?.blobPrefix || channel.epaperDeletedAt || channel.disabled || !channel.available) return null;
  // The frame takes the shape of the ePaper's first page (issue 46).
  const first = channel.epaperId
    ? await deps.db
        .selectFrom("page")
        .select(["width", "height"])
        .where("epaperId", "=", channel.epaperId)
        .where("page", "=", 1)
        .executeTakeFirst()
    : undefined;
  const pageRatio = first && first.height > 0 ? first.width / first.height : null;
  return { shortPath, address, title: channel.contentName ?? channel.name, pageRatio };
}

/** maxwidth / maxheight: a positive whole number of pixels; anything else is as if not given. */
function dimension(value: string | null): number | null {
  if (!value || !/^\d{1,6}$/.test(value)) return null;
  const pixels = Number(value);
  return pixels > 0 ? pixels : null;
}

export function createOembedEndpoint(deps: ContentOembedDeps) {
  return async (req: IncomingMessage, res: ServerResponse, params: URLSearchParams) => {
    const format = params.get("format");
    if (format !== null && format !== "json") return answer(req, res, 501, { error: "only format=json is implemented" });
    const url = params.get("url");
    if (!url) return answer(req, res, 400, { error: "the url parameter is missing" });
    const channel = await channelAtAddress(deps, url);
    if (!channel) return answer(req, res, 404, { error: "no channel to embed at this address" });
    const { width, height } = embedSize(
      { width: dimension(params.get("maxwidth")), height: dimension(params.get("maxheight")) },
      channel.pageRatio,
    );
    return answer(req, res, 200, {
      type: "rich",
      version: "1.0",
      title: channel.title,
      provider_name: OEMBED_PROVIDER_NAME,
      provider_url: `${deps.studioOrigin.replace(/\/+$/, "")}/`,
      cache_age: OEMBED_MAX_AGE,
      html: channelEmbedCode({ address: channel.address, title: channel.title, width, height }),
      width,
      height,
    });
  };
}

/**
 * A JSON answer any page may read (a consumer's script in the browser, not only its server); a
 * found channel's for a few minutes in shared caches too, a refusal never.
 */
function answer(req: IncomingMessage, res: ServerResponse, status: number, body: object) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": status === 200 ? `public, max-age=${OEMBED_MAX_AGE}` : "no-store",
    "Access-Control-Allow-Origin": "*",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  });
  res.end(req.method === "HEAD" ? undefined : text);
}
