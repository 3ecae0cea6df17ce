import i18next from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { expect, test } from "vitest";
import { resources } from "#app/locales/index";
import { channelEmbedCode } from "#app/rules/channel-embed";
import { EmbedCode } from "./embed-code-dialog.tsx";

// Issue 32 item 5 (ADR 0057): the embed code dialog's content in both languages: the code in a
// labelled, described, read-only field, the live region for 'copied', and the oEmbed hint with
// the channel's address. The journey itself (focus, clipboard, the frame elsewhere) is tests/e2e/embed.test.ts;
// the field on its own (CopyableCodeField, shared with the upload widget's code) is ui/copyable-code-field.test.tsx.

const ADDRESS = "https://content.example.org/c/abcdefghij/";

async function render(lng: "de" | "en", props: { channelName?: string; empty?: boolean } = {}) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources, fallbackLng: "en", interpolation: { escapeValue: false } });
  const content = createElement(EmbedCode, {
    onClose: () => {},
    channelName: props.channelName ?? "Weekly",
    frameTitle: "Spring issue",
    pageRatio: 210 / 297,
    address: ADDRESS,
    empty: props.empty ?? false,
  });
  return renderToString(createElement(I18nextProvider, { i18n }, content));
}

const decode = (html: string) =>
  html.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

test("the code of the channel's address in a labelled, described, read-only field, with a status line", async () => {
  const html = await render("en");
  const textarea = html.match(/<textarea[^>]*>([^<]*)<\/textarea>/);
  expect(textarea).not.toBeNull();
  const [tag, value] = textarea as unknown as [string, string];
  // The frame is named after the published ePaper and takes the shape of its A4 pages (issue 46).
  expect(decode(value)).toBe(channelEmbedCode({ address: ADDRESS, title: "Spring issue", width: 800, height: 678 }));
  expect(tag).toContain("readOnly");
  const id = tag.match(/id="([^"]+)"/)?.[1];
  expect(html).toMatch(new RegExp(`<label for="${id}"[^>]*>HTML code for your website</label>`));
  const described = tag.match(/aria-describedby="([^"]+)"/)?.[1];
  expect(html).toContain(`id="${described}"`);
  expect(html).toMatch(/<p role="status"[^>]*><\/p>/);
  expect(html).toContain(">Copy code<");
  expect(html).toContain("WordPress and other systems that support oEmbed need no code");
  expect(html).toContain(`value="${ADDRESS}"`);
  expect(html).toContain(">Address of the channel</label>");
  expect(html).not.toContain('data-testid="embed-empty"');
});

test("in German, with the note of an empty channel; a name with markup stays text", async () => {
  const html = await render("de", { channelName: `<b>"Wochen" & mehr</b>`, empty: true });
  expect(html).toContain(">HTML-Code für Ihre Website</label>");
  expect(html).toContain(">Code kopieren<");
  expect(html).toContain("Adresse des Kanals");
  expect(html).toContain('data-testid="embed-empty"');
  expect(html).toContain("Dieser Kanal zeigt noch kein ePaper");
  expect(html).not.toContain("<b>");
});
