import { describe, expect, test } from "vitest";
import { crossOriginWriteRefused } from "./same-origin.ts";

const base = { path: "/epaper/e1/action", host: "studio.example.com", protocol: "https", publicUrl: "https://studio.example.com" };

describe("crossOriginWriteRefused", () => {
  test("a published ePaper's script on the content host cannot post to the studio", () => {
    expect(crossOriginWriteRefused({ ...base, method: "POST", origin: "https://content.example.com" })).toBe(true);
    expect(crossOriginWriteRefused({ ...base, method: "POST", origin: "null" })).toBe(true);
    expect(crossOriginWriteRefused({ ...base, method: "DELETE", origin: "not a url" })).toBe(true);
  });
  // Issue 16, finding 4: the scheme was ignored.
  test("the whole origin counts: another scheme or port of the studio's host is another origin", () => {
    const local = { ...base, host: "localhost:3000", protocol: "http", publicUrl: "http://localhost:3000" };
    for (const origin of [
      "https://localhost:3000",
      "ftp://localhost:3000",
      "http://localhost:3001",
      "http://localhost",
      "ws://localhost:3000",
    ])
      expect(crossOriginWriteRefused({ ...local, method: "POST", origin }), origin).toBe(true);
    expect(crossOriginWriteRefused({ ...local, method: "POST", origin: "http://localhost:3000" })).toBe(false);
    expect(crossOriginWriteRefused({ ...local, method: "POST", origin: "HTTP://LOCALHOST:3000" })).toBe(false);
  });
  test("the studio's own pages, reads, and requests without Origin pass", () => {
    expect(crossOriginWriteRefused({ ...base, method: "POST", origin: "https://studio.example.com" })).toBe(false);
    expect(crossOriginWriteRefused({ ...base, method: "GET", origin: "https://content.example.com" })).toBe(false);
    expect(crossOriginWriteRefused({ ...base, method: "POST", origin: undefined })).toBe(false);
    // Behind a proxy that rewrites Host, the public address still counts as the studio.
    expect(
      crossOriginWriteRefused({ ...base, host: "10.0.0.5:3000", protocol: "http", method: "POST", origin: "https://studio.example.com" }),
    ).toBe(false);
  });
  test("the embedded upload widget may be used from customers' sites; its hand-over to the studio may not", () => {
    expect(crossOriginWriteRefused({ ...base, path: "/upload-embedded/session", method: "POST", origin: "https://shop.example.org" })).toBe(
      false,
    );
    // Issue 16, finding 3: a page elsewhere logged a visitor into the page's own try-it account.
    expect(
      crossOriginWriteRefused({ ...base, path: "/upload-embedded/continue/abc", method: "POST", origin: "https://evil.example" }),
    ).toBe(true);
  });
});
