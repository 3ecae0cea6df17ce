/**
 * The studio's security headers (issue 16, finding 10; docs/decisions/0027-threat-model.md).
 * A strict Content-Security-Policy for every page: scripts only with this response's nonce (and
 * what they load, 'strict-dynamic'), nothing framed but the content origin's previews, the page
 * itself framed by nobody (the embedded upload widget by anyone: its route says so).
 */
export function contentSecurityPolicy(options: {
  nonce: string;
  /** CONTENT_URL: previews are framed from there. */
  contentOrigin: string;
  /** 'none' unless the route allows framing (the embedded upload widget: *). */
  frameAncestors: string;
  /** Vite's development server: its HMR socket and its module transforms. */
  development: boolean;
}): string {
  const directives = [
    "default-src 'self'",
    `script-src 'nonce-${options.nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ""}`,
    // react-aria positions popovers with style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${options.development ? " ws: wss:" : ""}`,
    `frame-src ${options.contentOrigin}`,
    `frame-ancestors ${options.frameAncestors}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
  return directives.join("; ");
}

/** The frame-ancestors a route asked for in its own Content-Security-Policy header, else 'none'. */
export function frameAncestorsOf(routePolicy: string | null): string {
  return routePolicy?.match(/frame-ancestors ([^;]+)/)?.[1]?.trim() ?? "'none'";
}

/** Headers every studio response carries; HSTS only when the studio is served over https. */
export function studioSecurityHeaders(publicUrl: string): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    ...(publicUrl.startsWith("https://") ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
