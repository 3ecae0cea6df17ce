import { expect, test } from "vitest";
import { channelEmbedCode, embedSize, oembedAddress, oembedDiscoveryLink } from "./channel-embed.ts";

// The embed code of a channel (issue 32 item 5, ADR 0057): what the studio hands out and oEmbed
// answers is one responsive iframe, and nothing put into it leaves its attribute.

const ADDRESS = "https://content.example.org/c/abcdefghij/";

test("one responsive iframe of the channel's address: its box, a title, full screen allowed, loaded when near, no script", () => {
  expect(channelEmbedCode({ address: ADDRESS, title: "Weekly" })).toBe(
    `<iframe src="${ADDRESS}" title="Weekly" width="800" height="600" ` +
      `style="display:block;width:100%;max-width:800px;height:auto;aspect-ratio:800/600;min-height:min(600px,70vh);border:0" ` +
      `allow="fullscreen" loading="lazy"></iframe>`,
  );
  const small = channelEmbedCode({ address: ADDRESS, title: "Weekly", width: 400, height: 300 });
  expect(small).toContain('width="400" height="300"');
  expect(small).toContain("max-width:400px;height:auto;aspect-ratio:400/300;min-height:min(300px,70vh)");
  expect(small).not.toMatch(/<script|<div/);
});

test("every value stays in its attribute; only http(s) addresses are framed", () => {
  const code = channelEmbedCode({ address: 'https://content.example.org/c/abcdefghij/?a="><script>', title: `"Tom & Jerry's" <b>` });
  expect(code).toContain('title="&quot;Tom &amp; Jerry&#39;s&quot; &lt;b&gt;"');
  expect(code).not.toContain("<script>");
  expect(code.match(/"/g)?.length).toBe(2 * 7);
  expect(() => channelEmbedCode({ address: "javascript:alert(1)", title: "x" })).toThrow();
  expect(() => channelEmbedCode({ address: "/c/abcdefghij/", title: "x" })).toThrow();
});

test("the box fits maxwidth and maxheight with its proportions, never grows, never vanishes", () => {
  expect(embedSize()).toEqual({ width: 800, height: 600 });
  // The ePaper's page shape (issue 46): A4 portrait as a spread, a 16:9 slide on its own.
  expect(embedSize({}, 210 / 297)).toEqual({ width: 800, height: 678 });
  expect(embedSize({}, 16 / 9)).toEqual({ width: 800, height: 562 });
  expect(embedSize({ width: 400 }, 210 / 297)).toEqual({ width: 400, height: 339 });
  expect(embedSize({ width: 400 })).toEqual({ width: 400, height: 300 });
  expect(embedSize({ height: 150 })).toEqual({ width: 200, height: 150 });
  expect(embedSize({ width: 500, height: 200 })).toEqual({ width: 266, height: 200 });
  expect(embedSize({ width: 5000, height: 5000 })).toEqual({ width: 800, height: 600 });
  expect(embedSize({ width: null, height: null })).toEqual({ width: 800, height: 600 });
  expect(embedSize({ width: 1 })).toEqual({ width: 1, height: 1 });
});

test("the discovery link names the content origin's endpoint for the page's own address, as JSON", () => {
  expect(oembedAddress("https://content.example.org", ADDRESS)).toBe(
    "https://content.example.org/oembed?url=https%3A%2F%2Fcontent.example.org%2Fc%2Fabcdefghij%2F&format=json",
  );
  expect(oembedDiscoveryLink("https://content.example.org", "https://news.epaper.example.org/", "Spring & <Summer>")).toBe(
    '<link rel="alternate" type="application/json+oembed" ' +
      'href="https://content.example.org/oembed?url=https%3A%2F%2Fnews.epaper.example.org%2F&amp;format=json" title="Spring &amp; &lt;Summer&gt;">',
  );
});
