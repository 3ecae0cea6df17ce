import type { IncomingMessage, ServerResponse } from "node:http";
import { trustedClientIp } from "#app/auth/client-ip";
import { remembered } from "#app/utils/reference-cache.server";
import { answerStats, handleStatsBeacon } from "#app/stats/stats-endpoint.server";
import type { StatsIngest } from "#app/stats/stats-ingest.server";
import type { StatsTarget } from "#app/stats/stats-stream.server";
import { findChannel, findPreview, findSubdomainChannels, findZipStatsEpaper, PREVIEW_HASH } from "./content-lookup.server.ts";
import { createPreviewLinkCheck, type PreviewLinkGateDeps } from "./preview-link-content.server.ts";
import { ZIP_STATS_SEGMENT } from "./reader-settings.server.ts";

/*
 * A publication's statistics address on the content origin (issue 31, ADR 0053): `<root>/_stats`
 * under a preview, an unlocked preview link, a channel, or a subdomain's channel. The publication
 * is found exactly as for its pages (content-lookup.server.ts): what nobody could read, nobody can
 * count for. A preview link without its unlock is 403, any other unknown or unavailable
 * publication 404; switched-off statistics, bots and the rest are the ingest's to drop.
 * A self-hosted zip package posts to `/zip/<epaperId>/_stats` (ADR 0053 'Zip packages'), from the
 * customer's site: only while its ePaper counts zip packages here, else 404.
 */

export type ContentStatsDeps = PreviewLinkGateDeps & { stats?: StatsIngest };

type Resolved = StatsTarget | "forbidden" | null;

const CHANNEL_ROOT = /^\/c\/([^/]+)\/$/;
const PREVIEW_ROOT = /^\/(preview|previewlink)\/([^/]+)\/$/;
const ZIP_ROOT = new RegExp(`^/${ZIP_STATS_SEGMENT}/([^/]+)/$`);

export function createStatsAddress(deps: ContentStatsDeps) {
  const previewLink = createPreviewLinkCheck(deps);
  const ownHosts = [new URL(deps.contentOrigin).host, new URL(deps.studioOrigin).host];

  // A beacon per reader every 15 s: the publication's lookups are remembered for the reference
  // memory's lifetime (2 s, ADR 0054), so a channel switched off stops counting within it.
  const lookup = <T>(key: string, load: () => Promise<T>) => remembered(deps.db, `stats-address:${key}`, load);

  async function channelTarget(shortPath: string): Promise<StatsTarget | null> {
    const channel = await lookup(`channel:${shortPath}`, () => findChannel(deps.db, shortPath));
    // As its pages: gone, empty, held by a deleted ePaper, disabled or unavailable means nothing to count.
    if (!channel?.epaperId || !channel.blobPrefix || channel.epaperDeletedAt || channel.disabled || !channel.available) return null;
    return { epaperId: channel.epaperId, source: "channel", channelId: channel.id };
  }

  async function targetOf(req: IncomingMessage, root: string, subdomain: string | null): Promise<Resolved> {
    if (subdomain) {
      // A subdomain counts only for its own channels: its only one at `/`, any of them under /c/<shortPath>/.
      const channels = await lookup(`subdomain:${subdomain}`, () => findSubdomainChannels(deps.db, subdomain));
      const shortPath = root === "/" ? (channels.length === 1 ? channels[0]?.shortPath : undefined) : CHANNEL_ROOT.exec(root)?.[1];
      if (!shortPath || !channels.some((channel) => channel.shortPath === shortPath)) return null;
      return channelTarget(shortPath);
    }
    const channel = CHANNEL_ROOT.exec(root);
    if (channel?.[1]) return channelTarget(channel[1]);
    const zip = ZIP_ROOT.exec(root);
    if (zip?.[1]) {
      const epaper = await lookup(`zip:${zip[1]}`, () => findZipStatsEpaper(deps.db, zip[1] as string));
      return epaper ? { epaperId: epaper.id, source: "zip", channelId: null } : null;
    }
    const preview = PREVIEW_ROOT.exec(root);
    const hash = preview?.[2];
    if (!hash || !PREVIEW_HASH.test(hash)) return null;
    if (preview[1] === "previewlink") {
      // The same unlock cookie as its pages (Path=/previewlink/<hash>/ reaches this address too).
      const unlocked = await previewLink(req, hash);
      return unlocked ? { epaperId: unlocked.epaperId, source: "previewlink", channelId: null } : "forbidden";
    }
    const publication = await lookup(`preview:${hash}`, () => findPreview(deps.db, hash));
    return publication?.blobPrefix ? { epaperId: publication.epaperId, source: "preview", channelId: null } : null;
  }

  return async (req: IncomingMessage, res: ServerResponse, input: { root: string; host: string; subdomain: string | null }) => {
    if (req.method !== "POST") return answerStats(res, 405, { Allow: "POST" });
    const target = await targetOf(req, input.root, input.subdomain);
    if (target === "forbidden") return answerStats(res, 403);
    if (!target) return answerStats(res, 404);
    return handleStatsBeacon(deps.stats, req, res, { target, ip: trustedClientIp(req), ownHosts: [input.host, ...ownHosts] });
  };
}
