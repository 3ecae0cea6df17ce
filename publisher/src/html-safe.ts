/**
 * Text into HTML and JSON into scripts, safely: the one copy of each, used by the reader's
 * bundle (index.html, data scripts) and by the studio (e-mails, custom HTML of text mode).
 */

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * JSON text made safe inside a <script>: `<` escaped so no `</script>` or `<!--` can end it, and
 * the line separators that end a JavaScript string literal escaped too.
 */
export function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** A value as JSON for a <script> (see scriptSafeJson). */
export function jsonForScript(value: unknown): string {
  return scriptSafeJson(JSON.stringify(value));
}
