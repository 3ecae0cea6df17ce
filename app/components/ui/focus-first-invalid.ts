/**
 * After a submit that found errors (issue 46: submit buttons are never disabled), moves focus to
 * the form's first field that says it is invalid, once React has rendered the errors. Conform's
 * forms do this themselves; the hand-made forms (rename, TOC entry, upload name) call this.
 */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus();
  });
}
