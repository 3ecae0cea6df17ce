import { isIP } from "node:net";
import { isPublicAddress } from "#app/utils/safe-fetch.server";

/**
 * Whether an endpoint's address may be saved (ADR 0058), as a translation key of what is wrong,
 * or null. Only https, without credentials; plain http only to a host:port of `allowPrivate`
 * (OUTBOUND_ALLOW_PRIVATE: the tests' local receivers). An address that names a private network
 * (an IP literal that is not public, localhost, .local, .internal) is refused at once, unless
 * allowed. A name that resolves to a private address is refused at every delivery instead (the
 * SSRF-safe fetch checks each connection), and the attempt's log says so.
 */
export function endpointUrlProblem(raw: string, allowPrivate: readonly string[]) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "webhooks.validation.urlInvalid" as const;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "webhooks.validation.urlInvalid" as const;
  if (url.username || url.password) return "webhooks.validation.urlCredentials" as const;
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const allowed = allowPrivate.includes(`${url.hostname}:${port}`);
  if (allowed) return null;
  if (url.protocol !== "https:") return "webhooks.validation.httpsRequired" as const;
  // A fully qualified name's trailing dot names the same host ("localhost." is localhost; issue 44).
  const host = url.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.+$/, "")
    .toLowerCase();
  const privateName = host === "localhost" || /\.(localhost|local|internal|lan|home\.arpa)$/.test(host) || !host.includes(".");
  if (isIP(host) ? !isPublicAddress(host) : privateName) return "webhooks.validation.privateAddress" as const;
  return null;
}
