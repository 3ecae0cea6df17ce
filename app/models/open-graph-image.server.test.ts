import { expect, test } from "vitest";
import { imageUrlsOf } from "./open-graph-image.server.ts";

test("the page's own picture: og:image first, then twitter:image and image_src; the body is not read", () => {
  const html = `<!doctype html><html><head>
    <meta name="twitter:image" content="https://cdn.example.com/t.jpg">
    <meta property="og:image" content=" /img/og.png?x=1&amp;y=2 ">
    <meta property="og:image:secure_url" content="https://cdn.example.com/secure.png">
    <link rel="image_src" href="/legacy.jpg">
  </head><body><meta property="og:image" content="https://evil.example/late.png"></body></html>`;
  expect(imageUrlsOf(html)).toEqual([
    "https://cdn.example.com/secure.png",
    "/img/og.png?x=1&y=2",
    "https://cdn.example.com/t.jpg",
    "/legacy.jpg",
  ]);
  expect(imageUrlsOf("<html><head><title>x</title></head></html>")).toEqual([]);
});
