import sanitizeHtml from "sanitize-html";

/*
 * The custom-HTML element's text mode stores what the rich-text editor (Tiptap, ADR 0032) writes:
 * a small set of formatting tags. The server never trusts that: whatever arrives is cut down to
 * this allow-list on save and again when a publication is built, so text mode can never carry a
 * script, a style, an event handler or a javascript: link into the reader (HTML mode is the
 * customer's own code and runs in the sandboxed iframe instead).
 */

const ALLOWED_TAGS = ["p", "br", "strong", "em", "u", "s", "code", "pre", "blockquote", "h2", "h3", "h4", "ul", "ol", "li", "hr", "a"];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  // target/rel come from the transform below, which replaces whatever attributes a link had.
  allowedAttributes: { a: ["href", "target", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Tags outside the list are dropped with their text kept; these lose their content too.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "template", "title"],
  transformTags: {
    b: "strong",
    i: "em",
    strike: "s",
    del: "s",
    h1: "h2",
    h5: "h4",
    h6: "h4",
    div: "p",
    a: (tagName, attribs) => {
      const kept: Record<string, string> = attribs.href ? { href: attribs.href, target: "_blank", rel: "noopener noreferrer" } : {};
      return { tagName, attribs: kept };
    },
  },
};

const HAS_MARKUP = /<\/?[a-z][^>]*>/i;

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The stored form of a text-mode content. Text without any tag (what earlier versions stored, or
 * what a client sends as plain text) becomes one paragraph per line, escaped.
 */
export function sanitizeRichText(content: string): string {
  if (!content.trim()) return "";
  if (!HAS_MARKUP.test(content)) {
    return content
      .split(/\r?\n/)
      .map((line) => (line.trim() ? `<p>${escapeText(line)}</p>` : ""))
      .join("");
  }
  return sanitizeHtml(content, OPTIONS).trim();
}
