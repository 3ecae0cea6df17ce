import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/**
 * The decision records (docs/decisions/*.md) must stay true when code moves (issue 30): every
 * repository path a record names in backticks must exist.
 *
 * The rule, kept simple on purpose:
 * - A path is a backticked span (`…`, outside fenced code blocks) that starts with app/, server/,
 *   db/, tests/, scripts/, render-node/, publisher/ or docs/ and either ends with '/' (a folder)
 *   or whose last part has a file extension (`app/rules/permissions.ts`). Spans with spaces or
 *   placeholders (<id>, :param, {x}) are not paths. A '*' matches within one path part
 *   (`app/locales/en/*.ts` needs at least one match).
 * - A path that does not exist (relative to the repository root) fails the test, with its record
 *   and line.
 * - Historical mentions opt out: a line that contains the word 'was', 'removed' or 'formerly' is
 *   not checked ("the layout was `app/routes/studio-layout.tsx`"). Better still, name an old path
 *   without backticks.
 * Paths relative to a folder (`rules/toc.ts`, `components/hooks/`) are not checked.
 */

const repo = path.resolve(import.meta.dirname, "../..");
const decisions = path.join(repo, "docs/decisions");

const ROOTS = ["app/", "server/", "db/", "tests/", "scripts/", "render-node/", "publisher/", "docs/"];
const HISTORICAL = /\b(was|removed|formerly)\b/i;

type Mention = { line: number; path: string };

/** The repository paths a record names in backticks, except on lines that opt out. */
function pathsOf(markdown: string): Mention[] {
  const mentions: Mention[] = [];
  let fenced = false;
  markdown.split("\n").forEach((text, index) => {
    if (text.trimStart().startsWith("```")) {
      fenced = !fenced;
      return;
    }
    if (fenced || HISTORICAL.test(text)) return;
    for (const [, span] of text.matchAll(/`([^`]+)`/g)) {
      if (!span || !ROOTS.some((root) => span.startsWith(root))) continue;
      if (/[\s<>{}:?#]/.test(span)) continue;
      const last = span.split("/").at(-1) ?? "";
      if (span.endsWith("/") || /\.[A-Za-z0-9]+$/.test(last)) mentions.push({ line: index + 1, path: span });
    }
  });
  return mentions;
}

/** Whether `relative` exists under `root`; a '*' matches any characters within one path part. */
function exists(root: string, relative: string): boolean {
  if (!relative.includes("*")) return existsSync(path.join(root, relative));
  const parts = relative.split("/").filter(Boolean);
  const walk = (dir: string, rest: string[]): boolean => {
    const [part, ...others] = rest;
    if (part === undefined) return true;
    if (!part.includes("*")) return existsSync(path.join(dir, part)) && walk(path.join(dir, part), others);
    const pattern = new RegExp(
      `^${part
        .split("*")
        .map((piece) => piece.replace(/[.+^${}()|[\]\\]/g, "\\$&"))
        .join("[^/]*")}$`,
    );
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return false;
    }
    return entries.some((entry) => pattern.test(entry) && walk(path.join(dir, entry), others));
  };
  return walk(root, parts);
}

test("every repository path a decision record names exists", () => {
  const missing: string[] = [];
  for (const file of readdirSync(decisions)
    .filter((name) => name.endsWith(".md"))
    .sort()) {
    for (const mention of pathsOf(readFileSync(path.join(decisions, file), "utf8"))) {
      if (!exists(repo, mention.path)) missing.push(`docs/decisions/${file}:${mention.line} ${mention.path}`);
    }
  }
  expect(missing, "paths named in decision records that do not exist (fix the record, or say 'was'/'formerly'/'removed')").toEqual([]);
});

test("the check finds a missing path, and skips folder-relative paths, placeholders and historical lines", () => {
  const record = [
    "The module `app/rules/permissions.ts` and `app/locales/en/*.ts` exist; `app/rules/gone-for-good.ts` does not.",
    "Folder-relative `rules/toc.ts`, a URL `/epaper/:id`, a placeholder `publisher/<id>/x.ts`, a folder `publisher/reader/`.",
    "The layout was `app/routes/studio-layout.tsx` before issue 17.",
    "```",
    "`app/inside-a-fence.ts`",
    "```",
  ].join("\n");
  const mentions = pathsOf(record);
  expect(mentions.map((mention) => mention.path)).toEqual([
    "app/rules/permissions.ts",
    "app/locales/en/*.ts",
    "app/rules/gone-for-good.ts",
    "publisher/reader/",
  ]);
  expect(mentions.filter((mention) => !exists(repo, mention.path)).map((mention) => mention.path)).toEqual(["app/rules/gone-for-good.ts"]);
});
