import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { STUDIO_COOKIES, STUDIO_LOCAL_STORAGE } from "./cookies.ts";

// Issue 30, item 8: the cookie settings dialog and the privacy page say that the studio sets only
// what is listed in cookies.ts (ADR 0050). A cookie or storage key added in the code without an
// entry there would make them wrong, so this reads the source and compares, both ways.

const repo = path.resolve(import.meta.dirname, "../..");

/** The studio's and its servers' source files, tests left out. */
const sources = ["app", "server"].flatMap((dir) =>
  readdirSync(path.join(repo, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => ({ file: `${dir}/${file}`, text: readFileSync(path.join(repo, dir, file), "utf8") })),
);

const IDENT = "[A-Za-z_$][\\w$]*";

/**
 * The text a constant starts with: `const X = "name"`, or a key function's
 * `const key = (userId: string) => \`prefix:${userId}\`` (its text before the first `${`).
 * The file's own constant first (two files may use the same local name), then an imported one.
 */
function resolve(identifier: string, file: string, text: string): string {
  const definition = new RegExp(
    `const\\s+${identifier.replace(/\$/g, "\\$")}\\s*(?::[^=]+)?=\\s*(?:\\([^)]*\\)\\s*(?::\\s*\\w+\\s*)?=>\\s*)?(["'\`])((?:(?!\\1|\\$\\{).)*)`,
    "g",
  );
  const values = (texts: string[]) => [...new Set(texts.flatMap((t) => [...t.matchAll(definition)].map((match) => match[2] ?? "")))];
  const own = values([text]);
  const found = own.length ? own : values(sources.map((source) => source.text));
  if (found.length !== 1)
    throw new Error(`${file}: cannot tell which name ${identifier} stands for (${found.join(", ") || "no constant"})`);
  return found[0] ?? "";
}

type Match = { file: string; text: string; groups: Record<string, string | undefined> };

/** Every match of the patterns in the sources, as the name it sets: a literal or a resolved constant. */
function namesMatching(patterns: RegExp[]): Set<string> {
  const matches: Match[] = sources.flatMap(({ file, text }) =>
    patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => ({ file, text, groups: { ...match.groups } }))),
  );
  return new Set(matches.map(({ file, text, groups }) => groups.literal ?? resolve(groups.constant ?? "", file, text)));
}

/** Every cookie name the code sets, reads or clears. */
function cookieNamesInCode(): Set<string> {
  return namesMatching([
    // react-router's createCookie("name", …) or createCookie(NAME, …)
    new RegExp(`createCookie\\(\\s*(?:(?<constant>${IDENT})|["'](?<literal>[^"']+)["'])`, "g"),
    // A serialised cookie that starts with a constant naming a cookie: `${GRID_SIZE_COOKIE}=…`
    /[`"']\$\{(?<constant>[\w$]*cookie[\w$]*)\}=/gi,
    // document.cookie = "name=…" or `${NAME}=…`, and Set-Cookie header values written out.
    new RegExp(`(?:\\.cookie\\s*=|Set-Cookie["']?\\s*[:,])\\s*[\`"'](?:\\$\\{(?<constant>${IDENT})\\}|(?<literal>[^\`"'$=\\s]+))=`, "gi"),
    // Any string that reads like a serialised cookie: "name=value; Path=/" (or Max-Age, Expires, …).
    /[`"'](?<literal>[\w.-]+)=[^`"'\n;]*;\s*(?:path|max-age|expires|samesite|httponly|domain)\b/gi,
  ]);
}

/** Every local or session storage key the code writes (of a key function, its fixed start). */
function storageKeysInCode(): Set<string> {
  return namesMatching([new RegExp(`(?:local|session)Storage\\.setItem\\(\\s*(?:(?<constant>${IDENT})|["'\`](?<literal>[^"'\`$]+))`, "g")]);
}

test("the cookie list names every cookie the studio and its content address set, and no other", () => {
  const inCode = [...cookieNamesInCode()];
  // The known ones, so a pattern that stops matching fails here rather than passing quietly.
  expect(inCode).toContain("__Host-ep_session");
  expect(inCode).toContain("previewlink_access");
  expect(inCode.sort()).toEqual(STUDIO_COOKIES.map((cookie) => cookie.name).sort());
});

test("the local storage list names every key the studio writes, and no other", () => {
  // `<user>` stands for the user's id, which the code appends to the key's fixed start.
  const listed = STUDIO_LOCAL_STORAGE.map((item) => item.name.replace(/<user>$/, ""));
  expect([...storageKeysInCode()].sort()).toEqual(listed.sort());
});

test("ids and names are unique", () => {
  const all = [...STUDIO_COOKIES, ...STUDIO_LOCAL_STORAGE];
  expect(new Set(all.map((item) => item.id)).size).toBe(all.length);
  expect(new Set(all.map((item) => item.name)).size).toBe(all.length);
});
