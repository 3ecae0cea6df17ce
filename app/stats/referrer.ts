/*
 * The referrer domain of a reader's visit (issue 31, ADR 0053): the host of the origin the reader
 * reported (lower case, no port, no leading `www.`); '' is a direct visit: no referrer, one that
 * is no web address, or one of the publication's own hosts (the reader moving within itself, or
 * the studio's preview dialog around a preview).
 */

const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

/** A host name as the statistics keep it: lower case, without port and leading `www.`. */
export function normalizedHost(host: string): string {
  const lower = host.trim().toLowerCase();
  const withoutPort = lower.startsWith("[") ? lower : lower.replace(/:\d+$/, "");
  return withoutPort.replace(/^www\./, "").replace(/\.$/, "");
}

/** The domain of `ref` ('' when direct); `ownHosts` are host names (with or without port) that count as direct. */
export function referrerDomain(ref: string, ownHosts: readonly string[]): string {
  if (!ref) return "";
  let url: URL;
  try {
    url = new URL(ref);
  } catch {
    return "";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "";
  const domain = normalizedHost(url.hostname);
  if (!domain || domain.length > 253 || !DOMAIN.test(domain)) return "";
  return ownHosts.some((host) => normalizedHost(host) === domain) ? "" : domain;
}
