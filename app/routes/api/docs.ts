import { href } from "react-router";

/*
 * GET /api/docs: the public API's reference (issue 32, ADR 0056), Swagger UI rendering the
 * generated /api/v1/openapi.json. Its files come from the studio itself (docs-asset.ts, from the
 * swagger-ui-dist package), never from a CDN; the page allows scripts from the studio only, so it
 * needs no nonce and no inline script.
 */

export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI sets style attributes on its expanding sections.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

export function loader() {
  const asset = (file: string) => href("/api/docs/assets/:file", { file });
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ePaper studio API reference</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${asset("swagger-ui.css")}">
</head>
<body>
<main id="api-reference"><noscript>The reference needs JavaScript; the document itself is at <a href="${href("/api/v1/openapi.json")}">/api/v1/openapi.json</a>.</noscript></main>
<script src="${asset("swagger-ui-bundle.js")}"></script>
<script src="${asset("init.js")}"></script>
</body>
</html>`;
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": DOCS_CSP,
      "Cache-Control": "public, max-age=300",
    },
  });
}
