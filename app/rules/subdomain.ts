import { z } from "zod";

/**
 * Subdomains (studio-admin.md §3 Subdomain, §5 'the subdomain rule'; ADR 0041): a name under
 * CHANNEL_DOMAIN that serves an account's channels, shared by the management dialog and the
 * server. Names are DNS labels: letters, digits and hyphens, no umlauts, stored in lower case,
 * unique across all accounts; names the service itself may need are reserved.
 */

export const SUBDOMAIN_NAME_MAX = 63;

export const RESERVED_SUBDOMAINS: readonly string[] = [
  "www",
  "api",
  "admin",
  "studio",
  "app",
  "mail",
  "smtp",
  "imap",
  "ftp",
  "static",
  "cdn",
  "assets",
  "content",
  "support",
  "help",
  "shop",
  "status",
  "login",
  "auth",
  "docs",
  "dev",
  "test",
  // A browser resolves `localhost.<domain>`-like names locally in places; never a customer's (issue 27).
  "localhost",
];

/**
 * IDNA A-labels (`xn--…`, an internationalised name in Punycode) and every other label with hyphens
 * in its 3rd and 4th place (reserved by IDNA2008): they can be made to look like another
 * customer's or a brand's name. Only an admin (level 4) creates one, on a customer's request
 * (ADR 0041).
 */
export const isLookalikeLabel = (name: string) => name.slice(2, 4) === "--";

/** The subdomain rule; `allowLookalike`: an admin may create `xn--` names (see isLookalikeLabel). */
export const subdomainNameSchemaFor = (options: { allowLookalike: boolean }) =>
  z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .pipe(
      z
        .string()
        .min(1, { error: "subdomains.errors.nameRequired" })
        .max(SUBDOMAIN_NAME_MAX, { error: "subdomains.errors.nameTooLong" })
        .regex(/^[a-z0-9-]+$/, { error: "subdomains.errors.nameInvalid" })
        .refine((name) => !name.startsWith("-") && !name.endsWith("-"), { error: "subdomains.errors.nameHyphen" })
        .refine((name) => !RESERVED_SUBDOMAINS.includes(name), { error: "subdomains.errors.nameReserved" })
        .refine((name) => options.allowLookalike || !isLookalikeLabel(name), { error: "subdomains.errors.nameLookalike" }),
    );

/** The rule as customers meet it. */
export const subdomainNameSchema = subdomainNameSchemaFor({ allowLookalike: false });
/** Any name that may exist (an admin's `xn--` names included): for reading a request's Host. */
const existingNameSchema = subdomainNameSchemaFor({ allowLookalike: true });

/**
 * Where channel subdomains live (ADR 0041): `host` (a host name, optionally with `:port`) is what
 * `<name>.` precedes, `protocol` what their addresses start with, `local` that they reach this
 * machine only.
 */
export type ChannelDomain = { host: string; protocol: string; local: boolean };

/**
 * CHANNEL_DOMAIN when the operator sets it (a wildcard DNS entry and certificate point at the
 * content origin), with the content origin's protocol, exactly as before. Unset (one machine,
 * `npm start`; issue 30): `localhost:<content port>` over plain HTTP, since every browser resolves
 * `*.localhost` to this machine (RFC 6761) and the content port itself speaks HTTP.
 */
export function channelDomainFor(config: { channelDomain: string | undefined; contentUrl: string; contentPort: number }): ChannelDomain {
  if (config.channelDomain)
    return { host: config.channelDomain.toLowerCase(), protocol: new URL(config.contentUrl).protocol, local: false };
  return { host: `localhost:${config.contentPort}`, protocol: "http:", local: true };
}

/** The subdomain's address: `<protocol>//<name>.<channel domain>/`. */
export const subdomainAddress = (domain: ChannelDomain, name: string) => `${domain.protocol}//${name}.${domain.host}/`;

/** The subdomain a request's Host names, or null when it is not `<label>.<channelDomain>`. */
export function subdomainOfHost(host: string, channelDomain: string): string | null {
  const suffix = `.${channelDomain.toLowerCase()}`;
  const lower = host.toLowerCase();
  if (!lower.endsWith(suffix)) return null;
  const label = lower.slice(0, -suffix.length);
  return existingNameSchema.safeParse(label).success && !label.includes(".") ? label : null;
}

export type SubdomainChannel = { id: string; name: string };
export type SubdomainView = { id: string; name: string; address: string; channels: SubdomainChannel[] };
