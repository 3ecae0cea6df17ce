import { existsSync, statSync } from "node:fs";
import path from "node:path";

/**
 * What the development server lets Vite answer (issue 16, finding 1): Vite's own endpoints, the
 * source modules the browser imports (app/, the optimized and linked packages), and the files of
 * public/. Everything else goes to React Router, which answers only its routes: Vite would
 * otherwise serve any file under the project root (the data folder with every upload and the
 * mail catcher's one-time links, package.json, …) and any readable file through /@fs/.
 */
/** Files outside app/ that browser code imports: pure data, no secrets (production bundles them anyway). */
const SHARED_WITH_BROWSER = ["/db/seed-data.ts"];

export function viteMayServe(requestPath: string, root: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return false;
  }
  if (decoded.includes("\0") || decoded.split(/[/\\]/).includes("..")) return false;
  if (["/@vite/", "/@id/", "/@react-refresh"].some((prefix) => decoded.startsWith(prefix))) return true;
  if (decoded.startsWith("/@fs/")) return insideSources(path.resolve(decoded.slice("/@fs".length)), root);
  if (decoded.startsWith("/app/") || decoded.startsWith("/node_modules/")) return true;
  // Pure modules outside app/ that the browser imports (reference data, the reader's shared rules).
  if (SHARED_WITH_BROWSER.includes(decoded) || decoded.startsWith("/publisher/src/")) return true;
  const publicFile = path.join(root, "public", decoded);
  return insideDir(publicFile, path.join(root, "public")) && existsSync(publicFile) && statSync(publicFile).isFile();
}

/** The folders whose modules the browser loads through /@fs/: the app, its packages, the shared publisher. */
function insideSources(file: string, root: string): boolean {
  return ["app", "node_modules", "publisher", ".react-router"].some((dir) => insideDir(file, path.join(root, dir)));
}

function insideDir(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}
