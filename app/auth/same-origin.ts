/**
 * Writes to the studio must come from the studio's own pages. SameSite=Lax cookies stop other
 * sites, but not other hosts of the same site: published ePapers run customer JavaScript on the
 * content origin (e.g. content.example.com next to studio.example.com), which could otherwise
 * post forms to the studio with the reader's cookies. Browsers send Origin on every cross-origin
 * request and on same-origin POSTs; a write whose Origin names another host is refused.
 * Requests without Origin (old browsers, server-to-server calls with a bearer token) pass: they
 * are not what a page on another origin can send. The whole origin counts (scheme, host and
 * port): `https://studio` or `ftp://studio` is not the studio at `http://studio`.
 */
export function crossOriginWriteRefused(input: {
  method: string;
  path: string;
  origin: string | undefined;
  /** The request's own Host header and scheme (as Express sees them, behind TRUST_PROXY). */
  host: string | undefined;
  protocol: string;
  publicUrl: string;
}): boolean {
  if (input.method === "GET" || input.method === "HEAD" || input.method === "OPTIONS") return false;
  // The embedded upload widget's API is made to be used from customers' pages (ADR 0018); its
  // hand-over to the studio (/upload-embedded/continue/…) is a login and never is (issue 16, finding 3).
  if (input.path === "/upload-embedded/session") return false;
  if (!input.origin) return false;
  if (input.origin === "null") return true; // sandboxed frames, file:// pages
  let origin: string;
  try {
    origin = new URL(input.origin).origin;
  } catch {
    return true;
  }
  // Only http(s) origins serialise to themselves; anything else ("ftp://host" → "null") is refused.
  if (origin === "null") return true;
  const own = [new URL(input.publicUrl).origin];
  if (input.host) own.push(`${input.protocol}://${input.host.toLowerCase()}`);
  return !own.includes(origin);
}
