import { describe, expect, test } from "vitest";
import { safeRedirect } from "./login-redirect.ts";

// Issue 16, finding 2: `/.//evil.example/` was normalised to `//evil.example/` and followed.
describe("safeRedirect", () => {
  test.each([
    ["/epaper", "/epaper"],
    ["/epaper/abc?search=x#top", "/epaper/abc?search=x#top"],
    ["/channel?channelId=1", "/channel?channelId=1"],
    ["/a/../b", "/b"],
    ["/epaper?next=//evil.example", "/epaper?next=//evil.example"],
    ["/epaper#//evil.example", "/epaper#//evil.example"],
  ])("keeps the same-site path %s", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });

  // Known open-redirect bypasses (OWASP, PortSwigger and bug-bounty write-ups), each refused.
  const payloads = [
    "//evil.example",
    "//evil.example/path",
    "///evil.example",
    "////evil.example",
    "/.//evil.example/",
    "/./\\evil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/%2e%2e//evil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "/\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0d/evil.example",
    "/%00/evil.example",
    "https://evil.example",
    "http://localhost/epaper",
    "HTTPS://evil.example",
    "//evil.example@studio.example",
    "https:evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/%E0%A4%A",
    "epaper",
    "evil.example",
    "",
    " /epaper",
  ];

  test(`refuses ${payloads.length} known bypasses`, () => {
    expect(payloads.length).toBeGreaterThanOrEqual(30);
    for (const to of payloads) {
      expect(safeRedirect(to), JSON.stringify(to)).toBe("/epaper");
      expect(safeRedirect(to, "/login"), JSON.stringify(to)).toBe("/login");
    }
  });

  test("refuses what is not a string", () => {
    expect(safeRedirect(null)).toBe("/epaper");
    expect(safeRedirect(undefined)).toBe("/epaper");
    expect(safeRedirect(new File(["x"], "x.txt"))).toBe("/epaper");
  });
});
