/**
 * Writes to the studio must come from the studio's own pages. SameSite=Lax cookies stop other
 * sites, but not other hosts of the same site: published ePapers run customer JavaScript on the
 * content origin (e.g. content.example.com next to studio.example.com), which could otherwise
 * post forms to the studio with the reader's cookies. Browsers send Origin on every cross-origin
 * request and on same-origin POSTs; a write whose Origin names another host is refused.
 * Requests without Origin (old browsers, server-to-server calls with a bearer token) pass: they
 * are not what a page on another origin can send.
 */
export function crossOriginWriteRefused(input: {
  method: string;
  path: string;
  origin: string | undefined;
  host: string | undefined;
  publicUrl: string;
}): boolean {
  if (input.method === "GET" || input.method === "HEAD" || input.method === "OPTIONS") return false;
  // The embedded upload widget is made to be used from customers' pages (ADR 0018).
  if (input.path === "/upload-embedded" || input.path.startsWith("/upload-embedded/")) return false;
  if (!input.origin) return false;
  if (input.origin === "null") return true; // sandboxed frames, file:// pages
  let originHost: string;
  try {
    originHost = new URL(input.origin).host;
  } catch {
    return true;
  }
  return originHost !== input.host && originHost !== new URL(input.publicUrl).host;
}
