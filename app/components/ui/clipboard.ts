/**
 * Copies a text field's value: through the clipboard API, else (no secure context, no permission)
 * the old way on the field's selection. Answers "manual" where the browser refuses both: the text
 * is then selected, for the visitor's own Ctrl+C.
 */
export async function copyFieldText(field: HTMLTextAreaElement | HTMLInputElement | null, text: string): Promise<"copied" | "manual"> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return "copied";
    }
  } catch {
    // refused: the selection below
  }
  field?.focus();
  field?.select();
  try {
    return document.execCommand("copy") ? "copied" : "manual";
  } catch {
    return "manual";
  }
}
