import { data, redirect } from "react-router";
import { START_ROUTE, safeRedirect } from "#app/rules/login-redirect";
import { getSessionUser } from "#app/auth/session.server";
import { setEmailLanguage } from "#app/models/profile.server";
import { db } from "#app/utils/db.server";
import { isLocale } from "#app/utils/i18n";
import { localeCookie } from "#app/utils/i18next.server";
import type { Route } from "./+types/language";
import { readForm } from "#app/utils/read-form.server";

// Changing the language is a write (cookie, user.email_language): POST only.
export function loader() {
  return redirect(START_ROUTE);
}

/**
 * The language switch: stores the choice in the locale cookie (read before the browser's
 * language, docs/decisions/0005-i18n.md) and, for a signed-in user, as the language of their
 * e-mails, then returns to the page it came from.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const locale = form.get("locale");
  if (!isLocale(locale)) throw data("Unknown language", { status: 400 });
  const session = await getSessionUser(db, request);
  if (session.status === "active" && session.user.emailLanguage !== locale) {
    await setEmailLanguage(db, session.user.id, locale);
  }
  return redirect(safeRedirect(form.get("redirectTo"), START_ROUTE), {
    headers: { "Set-Cookie": await localeCookie.serialize(locale) },
  });
}
