import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The studio's version (studio-admin.md §9 "App version"), from package.json, read once per
 * process: the footer shows it, so a customer can tell support which version they use. The
 * server reads it (the browser's bundle never carries package.json).
 */
export const APP_VERSION: string = (() => {
  try {
    return String((JSON.parse(readFileSync(path.resolve("package.json"), "utf8")) as { version?: string }).version ?? "");
  } catch {
    return "";
  }
})();
