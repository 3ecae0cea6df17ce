import type { Database } from "#db/client";
import { type FooterLink, selectFooterLinks } from "#app/rules/footer-links";
import { findSupportEmail } from "#app/preferences/system-preference.server";
import { remembered } from "#app/utils/reference-cache.server";

export type ShellReferenceData = {
  /** The system languages (studio-admin.md §2 "first protected entry"), in their order. */
  systemLanguages: { code: string; name: string }[];
  /** Terms, privacy policy, imprint and help centre that exist for the locale. */
  footerLinks: FooterLink[];
  supportEmail: string | null;
};

/**
 * What the studio loads on the first protected entry (studio-core.md §2): system languages,
 * imprint, help centre, terms, privacy policy and the support address. The app shell's loader
 * runs on entry and after writes, not on every navigation; each instance keeps the rows for a
 * moment (reference-cache.server.ts, ADR 0054).
 */
export async function loadShellReferenceData(db: Database, locale: string): Promise<ShellReferenceData> {
  const [systemLanguages, footerRows, supportEmail] = await Promise.all([
    remembered(db, "systemLanguages", () => db.selectFrom("systemLanguage").select(["code", "name"]).orderBy("position").execute()),
    remembered(db, `footerLinks:${locale}`, () =>
      db.selectFrom("footerLink").select(["languageCode", "kind", "url"]).where("languageCode", "=", locale).execute(),
    ),
    findSupportEmail(db),
  ]);
  return { systemLanguages, footerLinks: selectFooterLinks(footerRows, locale), supportEmail };
}
