import { describe, expect, test } from "vitest";
import { crossOriginWriteRefused } from "./same-origin.ts";

const base = { path: "/epaper/e1/action", host: "studio.example.com", publicUrl: "https://studio.example.com" };

describe("crossOriginWriteRefused", () => {
  test("a published ePaper's script on the content host cannot post to the studio", () => {
    expect(crossOriginWriteRefused({ ...base, method: "POST", origin: "https://content.example.com" })).toBe(true);
    expect(crossOriginWriteRefused({ ...base, method: "POST", origin: "null" })).toBe(true);
    expect(crossOriginWriteRefused({ ...base, method: "DELETE", origin: "not a url" })).toBe(true);
  });
  test("the studio's own pages, reads, and requests without Origin pass", () => {
    expect(crossOriginWriteRefused({ ...base, method: "POST", origin: "https://studio.example.com" })).toBe(false);
    expect(crossOriginWriteRefused({ ...base, method: "GET", origin: "https://content.example.com" })).toBe(false);
    expect(crossOriginWriteRefused({ ...base, method: "POST", origin: undefined })).toBe(false);
    // Behind a proxy that rewrites Host, the public address still counts as the studio.
    expect(crossOriginWriteRefused({ ...base, host: "10.0.0.5:3000", method: "POST", origin: "https://studio.example.com" })).toBe(false);
  });
  test("the embedded upload widget may be used from customers' sites", () => {
    expect(crossOriginWriteRefused({ ...base, path: "/upload-embedded/session", method: "POST", origin: "https://shop.example.org" })).toBe(
      false,
    );
  });
});
