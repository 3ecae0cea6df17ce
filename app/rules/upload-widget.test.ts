import { describe, expect, test } from "vitest";
import { buildWidgetCode, isAffiliateDigest, isReturnUrl, returnUrlOrNull, WidgetCodeSchema, widgetAddress } from "./upload-widget.ts";

// The embedded upload widget's code for a customer's site (ADR 0052): what the account drawer
// hands out must be the studio's public address, and nothing typed into it may leave its place.

const STUDIO = "https://studio.example.com";
const DIGEST = "AbCdEfGhIjKlMnOpQrSt_-";
const base = { studioUrl: STUDIO, locale: "de" as const, digest: DIGEST, returnUrl: null, title: "PDF hochladen" };

/** The iframe's src as the browser reads it: the one attribute, its character references decoded. */
function srcOf(code: string): URL {
  const match = code.match(/^<iframe src="([^"]*)" /);
  if (!match?.[1]) throw new Error(`no src in ${code}`);
  return new URL(
    match[1].replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&"),
  );
}

describe("buildWidgetCode", () => {
  test("an iframe of 260 × 260 px on the studio's public address, with the locale and the affiliate digest", () => {
    const code = buildWidgetCode(base);
    expect(code).toBe(
      `<iframe src="https://studio.example.com/upload-embedded?locale=de&amp;affiliate=${DIGEST}" title="PDF hochladen" width="260" height="260" style="border:0"></iframe>`,
    );
    const src = srcOf(code);
    expect(src.origin).toBe(STUDIO);
    expect(src.pathname).toBe("/upload-embedded");
    expect(Object.fromEntries(src.searchParams)).toEqual({ locale: "de", affiliate: DIGEST });
  });

  test("only the studio's own origin counts: a path or a trailing slash of the address changes nothing", () => {
    for (const studioUrl of ["https://studio.example.com/", "https://studio.example.com/epaper?x=1"]) {
      expect(srcOf(buildWidgetCode({ ...base, studioUrl })).href).toBe(`${STUDIO}/upload-embedded?locale=de&affiliate=${DIGEST}`);
    }
    expect(srcOf(buildWidgetCode({ ...base, studioUrl: "http://localhost:3100", locale: "en" })).href).toBe(
      `http://localhost:3100/upload-embedded?locale=en&affiliate=${DIGEST}`,
    );
  });

  test("the return target travels URL-encoded and HTML-escaped: it can neither leave the attribute nor the parameter", () => {
    const hostile = `https://shop.example.org/danke?a=1&b="><script>alert('x')</script>#top`;
    const code = buildWidgetCode({ ...base, returnUrl: hostile });
    // One element with its five attributes, nothing of the input as markup or as a quote.
    expect(code).not.toMatch(/<script|'x'/);
    expect(code.match(/</g)).toHaveLength(2); // <iframe …></iframe>
    expect(code.match(/>/g)).toHaveLength(2);
    expect(code.match(/"/g)).toHaveLength(2 * 5); // src, title, width, height, style
    const src = srcOf(code);
    expect([...src.searchParams.keys()]).toEqual(["locale", "affiliate", "return"]);
    // The widget gets back exactly the address that was typed (as the URL parser writes it).
    expect(src.searchParams.get("return")).toBe(new URL(hostile).href);
    expect(new URL(src.searchParams.get("return") ?? "").searchParams.get("b")).toBe(`"><script>alert('x')</script>`);
  });

  test("the title is escaped as well", () => {
    const code = buildWidgetCode({ ...base, title: `Upload "PDF" <now> & 'go'` });
    expect(code).toContain(`title="Upload &quot;PDF&quot; &lt;now&gt; &amp; &#39;go&#39;"`);
  });

  test.each([
    "javascript:alert(document.cookie)",
    " JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "ftp://files.example.com/",
    "//evil.example.com/",
    "/relative/path",
    "https://studio.example.com@evil.example.com/",
    "https://user:secret@shop.example.org/",
    "https://",
    `https://shop.example.org/${"a".repeat(2048)}`,
  ])("refuses the return target %j", (returnUrl) => {
    expect(isReturnUrl(returnUrl)).toBe(false);
    expect(returnUrlOrNull(returnUrl)).toBeNull();
    expect(() => buildWidgetCode({ ...base, returnUrl })).toThrow();
  });

  test("refuses a locale other than de or en and a digest the studio did not make", () => {
    expect(() => buildWidgetCode({ ...base, locale: "fr" as never })).toThrow();
    expect(() => widgetAddress({ ...base, digest: `${DIGEST.slice(1)}"` })).toThrow();
    expect(() => widgetAddress({ ...base, digest: "" })).toThrow();
  });
});

describe("return targets", () => {
  test.each([
    ["https://www.example.com/epaper", "https://www.example.com/epaper"],
    ["  http://shop.example.org  ", "http://shop.example.org/"],
    ["https://Shop.Example.org/Seite mit Leerzeichen", "https://shop.example.org/Seite%20mit%20Leerzeichen"],
    ["http://127.0.0.1:4000/news.html", "http://127.0.0.1:4000/news.html"],
    ["http://localhost:8080/", "http://localhost:8080/"],
  ])("%j is a return target (%s)", (typed, normalised) => {
    expect(isReturnUrl(typed)).toBe(true);
    expect(returnUrlOrNull(typed)).toBe(normalised);
  });

  test("an empty or missing one is none", () => {
    expect(returnUrlOrNull("")).toBeNull();
    expect(returnUrlOrNull("   ")).toBeNull();
    expect(returnUrlOrNull(null)).toBeNull();
    expect(returnUrlOrNull(undefined)).toBeNull();
  });
});

describe("WidgetCodeSchema (the drawer's form, on both sides)", () => {
  test("a language and no return target", () => {
    expect(WidgetCodeSchema.parse({ locale: "en" })).toEqual({ locale: "en" });
  });

  test("a return target, trimmed", () => {
    expect(WidgetCodeSchema.parse({ locale: "de", returnUrl: " https://www.example.com/a " })).toEqual({
      locale: "de",
      returnUrl: "https://www.example.com/a",
    });
  });

  test("the messages are keys under validation.*", () => {
    const refused = WidgetCodeSchema.safeParse({ locale: "fr", returnUrl: "javascript:alert(1)" });
    expect(refused.success).toBe(false);
    const messages = Object.fromEntries(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? []);
    expect(messages).toEqual({ locale: "widgetLocaleInvalid", returnUrl: "returnUrlInvalid" });
  });
});

test("affiliate digests: 22 characters of base64url", () => {
  expect(isAffiliateDigest(DIGEST)).toBe(true);
  expect(isAffiliateDigest(DIGEST.slice(1))).toBe(false);
  expect(isAffiliateDigest(`${DIGEST.slice(1)}=`)).toBe(false);
  expect(isAffiliateDigest(`${DIGEST.slice(1)}"`)).toBe(false);
});
