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
];

export const subdomainNameSchema = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { error: "subdomains.errors.nameRequired" })
      .max(SUBDOMAIN_NAME_MAX, { error: "subdomains.errors.nameTooLong" })
      .regex(/^[a-z0-9-]+$/, { error: "subdomains.errors.nameInvalid" })
      .refine((name) => !name.startsWith("-") && !name.endsWith("-"), { error: "subdomains.errors.nameHyphen" })
      .refine((name) => !RESERVED_SUBDOMAINS.includes(name), { error: "subdomains.errors.nameReserved" }),
  );

/** The subdomain's address: `<protocol of the content origin>//<name>.<CHANNEL_DOMAIN>/`. */
export const subdomainAddress = (contentUrl: string, channelDomain: string, name: string) =>
  `${new URL(contentUrl).protocol}//${name}.${channelDomain}/`;

/** The subdomain a request's Host names, or null when it is not `<label>.<channelDomain>`. */
export function subdomainOfHost(host: string, channelDomain: string): string | null {
  const suffix = `.${channelDomain.toLowerCase()}`;
  const lower = host.toLowerCase();
  if (!lower.endsWith(suffix)) return null;
  const label = lower.slice(0, -suffix.length);
  return subdomainNameSchema.safeParse(label).success && !label.includes(".") ? label : null;
}

export type SubdomainChannel = { id: string; name: string };
export type SubdomainView = { id: string; name: string; address: string | null; channels: SubdomainChannel[] };
