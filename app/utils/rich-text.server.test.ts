import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./rich-text.server.ts";

describe("sanitizeRichText", () => {
  it("keeps the editor's formatting", () => {
    const html =
      '<h2>Title</h2><p>A <strong>bold</strong>, <em>italic</em>, <u>under</u> and <s>gone</s> word.</p><ul><li><p>one</p></li></ul><ol start="3"><li>three</li></ol><blockquote><p>q</p></blockquote><hr>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>Title</h2><p>A <strong>bold</strong>, <em>italic</em>, <u>under</u> and <s>gone</s> word.</p><ul><li><p>one</p></li></ul><ol start="3"><li>three</li></ol><blockquote><p>q</p></blockquote><hr />',
    );
  });

  it("drops scripts, styles, event handlers and foreign tags", () => {
    expect(sanitizeRichText('<p onclick="alert(1)" style="color:red">hi<script>alert(1)</script></p><style>p{}</style>')).toBe("<p>hi</p>");
    expect(sanitizeRichText('<img src=x onerror="alert(1)"><p>ok</p><iframe src="https://evil.test">x</iframe>')).toBe("<p>ok</p>");
    expect(sanitizeRichText("<svg><a href='javascript:alert(1)'>x</a></svg>")).toBe('<a target="_blank" rel="noopener noreferrer">x</a>');
  });

  it("lets links open only http, https, mailto and tel, always in a new tab without the opener", () => {
    expect(sanitizeRichText('<p><a href="https://example.com" target="_self" onclick="x()">a</a></p>')).toBe(
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">a</a></p>',
    );
    expect(sanitizeRichText('<p><a href="javascript:alert(1)">a</a></p>')).toBe(
      '<p><a target="_blank" rel="noopener noreferrer">a</a></p>',
    );
    expect(sanitizeRichText('<p><a href="data:text/html,x">a</a></p>')).toBe('<p><a target="_blank" rel="noopener noreferrer">a</a></p>');
    expect(sanitizeRichText('<p><a href="mailto:a@b.de">a</a></p>')).toContain('href="mailto:a@b.de"');
  });

  it("turns plain text into escaped paragraphs", () => {
    expect(sanitizeRichText("first line\n\nsecond & <third")).toBe("<p>first line</p><p>second &amp; &lt;third</p>");
    expect(sanitizeRichText("   ")).toBe("");
  });
});
