import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";
import { href } from "react-router";
import type { Route } from "./+types/docs-asset";

/*
 * GET /api/docs/assets/:file: the files of the API reference page (docs.ts): Swagger UI's bundle
 * and style sheet from the installed swagger-ui-dist package (named here, nothing else of the
 * folder is served), and the script that starts it on the generated document.
 */

const PACKAGE_FILES: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

const INIT_SCRIPT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({ url: ${JSON.stringify(href("/api/v1/openapi.json"))}, dom_id: "#api-reference", deepLinking: true, tryItOutEnabled: false });
});
`;

const packageDir = () => path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

export async function loader({ params }: Route.LoaderArgs) {
  const cache = { "Cache-Control": "public, max-age=86400", "X-Content-Type-Options": "nosniff" };
  if (params.file === "init.js")
    return new Response(INIT_SCRIPT, { headers: { ...cache, "Content-Type": "text/javascript; charset=utf-8" } });
  // Own keys only: `constructor` or `__proto__` are no files of the package.
  const type = Object.hasOwn(PACKAGE_FILES, params.file) ? PACKAGE_FILES[params.file] : undefined;
  if (!type) return new Response("not found", { status: 404 });
  const file = path.join(packageDir(), params.file);
  const { size } = await stat(file);
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, { headers: { ...cache, "Content-Type": type, "Content-Length": String(size) } });
}
