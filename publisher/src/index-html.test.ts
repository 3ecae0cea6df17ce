import { describe, expect, it } from "vitest";
import { escapeHtml, jsonForScript, renderIndexHtml, safeCssColor } from "./index-html.ts";
import { MANIFEST_VERSION, type ReaderManifest } from "./manifest.ts";

function manifest(overrides: Partial<ReaderManifest> = {}): ReaderManifest {
  return {
    version: MANIFEST_VERSION,
    name: 'Spring "sale" <b>&</b>',
    language: "de",
    direction: "ltr",
    publishedAt: "2026-03-01T10:00:00.000Z",
    pages: [0, 1].map((index) => ({
      index,
      label: index === 0 ? null : String(index + 1),
      width: 595,
      height: 842,
      images: [
        { src: `pages/${index + 1}/w1600.webp`, width: 1600, height: 2264, bytes: 1 },
        { src: `pages/${index + 1}/w800.webp`, width: 800, height: 1132, bytes: 1 },
      ],
      thumb: { src: `pages/${index + 1}/thumb.webp`, width: 200, height: 283 },
      words: `pages/${index + 1}/words.js`,
      pdf: null,
      enrichments: [],
    })),
    toc: [],
    settings: {
      interfaceColor: "#123456",
      darkControls: false,
      backgroundColor: "red;}</style><script>alert(1)</script>",
      backgroundImage: null,
      logo: null,
      clickAreaColor: "rgba(0,0,0,.2)",
      clickAreaHoverColor: "rgba(0,0,0,.4)",
      cookieBanner: null,
      analyticsTagId: null,
      seo: { author: "A & B", keywords: "x, y", description: 'Say "hi"', robots: "noindex" },
      openGraph: { title: null, description: null, image: "media/og.webp" },
      share: [],
      imprint: null,
      privacyPolicy: null,
      toc: { enabled: false, autostart: false, thumbs: false },
      custom: { headHtml: '<meta name="verify" content="1">', css: "body{color:red}</style><script>x()</script>", javascript: null },
    },
    galleries: {},
    search: "search.js",
    ...overrides,
  };
}

const render = (m = manifest(), texts = ["Erste <Seite>", "Zweite & letzte"]) =>
  renderIndexHtml({ manifest: m, pageTexts: texts, assets: { js: "assets/reader.js", css: "assets/reader.css" } });

describe("renderIndexHtml", () => {
  it("carries each page's text blocks as headings, paragraphs and lists below its h2; running heads, feet and numbers left out (issue 47)", () => {
    const html = renderIndexHtml({
      manifest: manifest(),
      pageTexts: ["flat one", "Zweite & letzte"],
      pageBlocks: [
        [
          { kind: "header", text: "Gemeindeblatt" },
          { kind: "heading", level: 1, text: "Neues <aus> dem Rathaus" },
          { kind: "heading", level: 2, text: "Der Haushalt" },
          { kind: "paragraph", text: "Beschlossen & verkündet." },
          { kind: "list", items: ["Brot", "Milch"] },
          { kind: "list", items: ["Drittens", "Viertens"], ordered: "a", start: 3 },
          { kind: "footer", text: "Impressum" },
          { kind: "pageNumber", text: "1" },
        ],
        null,
      ],
      assets: { js: "a.js", css: "a.css" },
    });
    const first = html.slice(html.indexOf("<article>"), html.indexOf("</article>"));
    expect(first).toContain(
      "<h3>Neues &lt;aus&gt; dem Rathaus</h3><h4>Der Haushalt</h4><p>Beschlossen &amp; verkündet.</p><ul><li>Brot</li><li>Milch</li></ul>" +
        '<ol type="a" start="3"><li>Drittens</li><li>Viertens</li></ol>',
    );
    expect(first).not.toContain("Gemeindeblatt");
    expect(first).not.toContain("Impressum");
    expect(first).not.toContain("flat one");
    // A page without blocks keeps its flat text.
    expect(html).toContain("<p>Zweite &amp; letzte</p>");
    // So does a page whose blocks are all running heads.
    const heads = renderIndexHtml({
      manifest: manifest(),
      pageTexts: ["Kopf", "Fuß"],
      pageBlocks: [[{ kind: "header", text: "Kopf" }], [{ kind: "pageNumber", text: "2" }]],
      assets: { js: "a.js", css: "a.css" },
    });
    expect(heads).toContain("<p>Kopf</p>");
  });

  it("sets language, direction and an escaped title", () => {
    const html = render(manifest({ language: "zh_Hans", direction: "rtl" }));
    expect(html).toContain('<html lang="zh-Hans" dir="rtl">');
    expect(html).toContain("<title>Spring &quot;sale&quot; &lt;b&gt;&amp;&lt;/b&gt;</title>");
  });

  it("writes SEO and Open Graph tags, escaped", () => {
    const html = render();
    expect(html).toContain('<meta name="author" content="A &amp; B">');
    expect(html).toContain('<meta name="description" content="Say &quot;hi&quot;">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<meta property="og:title" content="Spring &quot;sale&quot; &lt;b&gt;&amp;&lt;/b&gt;">');
    expect(html).toContain('<meta property="og:image" content="media/og.webp">');
  });

  it("leaves the media bar's column free on wide screens when the ePaper has a media bar, so the page does not move at takeover", () => {
    expect(render()).not.toContain("inset-inline-end:256px");
    const base = manifest();
    const [first, ...rest] = base.pages;
    if (!first) throw new Error("fixture without pages");
    const withBar = manifest({
      pages: [
        {
          ...first,
          enrichments: [
            {
              id: "e1",
              source: "studio",
              title: "Shop",
              description: null,
              frame: { x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.2 },
              frameActive: false,
              frameIconActive: false,
              frameEmbedded: false,
              mediaBar: "short",
              icon: "link",
              previewImage: null,
              action: { kind: "externalLink", url: "https://example.com/", displayAs: "tab_blank", width: null, height: null },
            },
          ],
        },
        ...rest,
      ],
    });
    expect(renderIndexHtml({ manifest: withBar, pageTexts: ["", ""], assets: { js: "a.js", css: "a.css" } })).toContain(
      "@media (min-width:900px){.ep-static{inset-inline-end:256px}}",
    );
  });

  it("puts the first page in the markup, loading early, as its narrowest rendition (no srcset: a phone would pick the widest)", () => {
    const html = render();
    const image = /<div id="reader"><div class="ep-static" data-ep-static><img ([^>]+)>/.exec(html)?.[1] ?? "";
    expect(image).toContain('src="pages/1/w800.webp"');
    expect(image).not.toContain("srcset");
    expect(image).toContain('fetchpriority="high"');
    expect(image).toContain('width="800" height="1132"');
    expect(image).toContain('alt="Spring &quot;sale&quot;');
  });

  it("gives the first page its box before the image loads (the page's proportions, fitted to the stage), so nothing shifts", () => {
    const html = render();
    expect(html).toContain("container-type:size");
    expect(html).toContain(".ep-static img{width:min(100cqw,calc(100cqh * 0.7067));aspect-ratio:595/842}");
  });

  it("describes a publication without a description of its own by the start of its first page's text", () => {
    const own = manifest();
    const none = manifest({ settings: { ...own.settings, seo: { ...own.settings.seo, description: null } } });
    expect(render(none)).toContain('<meta name="description" content="Erste &lt;Seite&gt;">');
    const long = `${"Wort ".repeat(60)}Ende`;
    const cut = /<meta name="description" content="([^"]*)">/.exec(render(none, [long, ""]))?.[1] ?? "";
    expect(cut.length).toBeLessThanOrEqual(162);
    expect(cut).toMatch(/^Wort( Wort)+ …$/);
    expect(render(none, ["  ", ""])).not.toContain('name="description"');
    expect(render(own)).toContain('<meta name="description" content="Say &quot;hi&quot;">');
  });

  it("inlines the manifest so that no text in it can end the script", () => {
    const html = render();
    const json = /<script type="application\/json" id="epaper-manifest">(.*?)<\/script>/s.exec(html)?.[1] ?? "";
    expect(json).not.toContain("<");
    expect(JSON.parse(json).name).toBe('Spring "sale" <b>&</b>');
    expect(jsonForScript({ a: "</script><!--" })).toBe('{"a":"\\u003c/script>\\u003c!--"}');
  });

  it("carries the page texts for search engines in a visually hidden section", () => {
    const html = render();
    expect(html).toContain('<section class="ep-visually-hidden" aria-label="Text der Seiten">');
    expect(html).toContain("<article><h2>Seite 1</h2><p>Erste &lt;Seite&gt;</p></article>");
    expect(html).toContain("<article><h2>Seite 2</h2><p>Zweite &amp; letzte</p></article>");
    expect(html).not.toMatch(/display:\s*none/);
  });

  it("loads the reader as a classic script after the manifest and before the page text, with relative paths", () => {
    const html = render();
    expect(html).toContain('<script src="assets/reader.js"></script>');
    // The reader must not wait for the text of every page: the script comes first.
    expect(html.indexOf('id="epaper-manifest"')).toBeLessThan(html.indexOf('src="assets/reader.js"'));
    expect(html.indexOf('src="assets/reader.js"')).toBeLessThan(html.indexOf('class="ep-visually-hidden"'));
    expect(html).toContain('<link rel="stylesheet" href="assets/reader.css">');
    expect(html).not.toContain('type="module"');
    expect(html).not.toMatch(/(src|href)="\//);
  });

  it("takes the customer's head HTML as written, keeps their CSS inside its style element", () => {
    const html = render();
    expect(html).toContain('<meta name="verify" content="1">');
    expect(html).toContain("<style data-ep-custom>body{color:red}<\\/style><script>x()</script></style>");
  });

  it("drops a background colour that could break out of the critical CSS", () => {
    const critical = /<style>(.*?)<\/style>/s.exec(render())?.[1] ?? "";
    expect(critical).toContain("background:#e9eaee");
    expect(critical).not.toContain("alert(1)");
    expect(safeCssColor("#fff")).toBe("#fff");
    expect(safeCssColor("rgb(1, 2, 3)")).toBe("rgb(1, 2, 3)");
    expect(safeCssColor("red;}")).toBeNull();
  });

  it("escapes the five HTML specials", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});
