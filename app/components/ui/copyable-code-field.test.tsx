import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { CopyableCodeField } from "./copyable-code-field.tsx";

// The code field of the upload widget's code (account drawer) and of a channel's embed code, as
// the server renders it: labelled, described, read-only, its copy button and an empty live region.
// Focus, the clipboard and the status after a copy are the journeys' (tests/e2e/embed.test.ts,
// tests/e2e/upload-embedded.test.ts).

const TEXTS = { copy: "Copy code", copied: "Copied.", copyManually: "Press Ctrl+C." };
const CODE = `<iframe src="https://example.org/?a=1&b=2" title="Spring"></iframe>`;

const render = (props: Partial<Parameters<typeof CopyableCodeField>[0]> = {}) =>
  renderToString(createElement(CopyableCodeField, { id: "the-code", label: "HTML code", value: CODE, texts: TEXTS, ...props }));

const textareaOf = (html: string) => html.match(/<textarea[^>]*>/)?.[0] ?? "";

test("a labelled, read-only field of the code, its hint below it, the copy button and an empty status line", () => {
  const html = render({ hint: "Paste it unchanged." });
  const textarea = textareaOf(html);
  expect(textarea).toContain('id="the-code"');
  expect(textarea).toContain("readOnly");
  expect(textarea).toContain('rows="5"');
  expect(textarea).toContain('spellCheck="false"');
  expect(textarea).toContain('aria-describedby="the-code-hint"');
  expect(html).toMatch(/<label for="the-code"[^>]*>HTML code<\/label>/);
  expect(html).toMatch(/<p id="the-code-hint"[^>]*>Paste it unchanged.<\/p>/);
  expect(html).toContain(
    "&lt;iframe src=&quot;https://example.org/?a=1&amp;b=2&quot; title=&quot;Spring&quot;&gt;&lt;/iframe&gt;</textarea>",
  );
  expect(html).toContain(">Copy code<");
  expect(html).toMatch(/<p role="status"[^>]*><\/p>/);
  expect(html).not.toContain("Copied.");
  expect(html).not.toContain("data-testid");
});

test("described by a text elsewhere on the page, without a hint of its own; rows and test id as given", () => {
  const html = render({ describedBy: "intro", rows: 3, testId: "embed-code" });
  const textarea = textareaOf(html);
  expect(textarea).toContain('aria-describedby="intro"');
  expect(textarea).toContain('rows="3"');
  expect(textarea).toContain('data-testid="embed-code"');
  expect(html).not.toContain("the-code-hint");
  // Both: the text elsewhere, then the hint.
  expect(textareaOf(render({ describedBy: "intro", hint: "Paste it." }))).toContain('aria-describedby="intro the-code-hint"');
});
