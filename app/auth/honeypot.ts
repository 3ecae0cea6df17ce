import { data } from "react-router";
import { HONEYPOT_FIELD } from "#app/rules/account-validation";

/**
 * The honeypot of public forms: a hidden field (`HONEYPOT_FIELD`, "website") that people leave
 * empty and bots fill in. The account schemas already reject a filled one with
 * `validation.formRejected`; these helpers serve actions that have no such schema (try-it) or
 * that must stop before any other work (rate limits, database).
 */
export { HONEYPOT_FIELD };

/** Anything in the field, even blanks or a file, counts as filled (as in the account schemas). */
export function isHoneypotFilled(form: FormData | URLSearchParams): boolean {
  const value = form.get(HONEYPOT_FIELD);
  if (value === null) return false;
  return typeof value === "string" ? value !== "" : true;
}

/** Throws a 400 answer (message key `validation.formRejected`) when the honeypot is filled. */
export function checkHoneypot(form: FormData | URLSearchParams): void {
  if (isHoneypotFilled(form)) throw data({ formErrors: ["validation.formRejected"] }, { status: 400 });
}
