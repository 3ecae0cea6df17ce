import { useTranslation } from "react-i18next";
import type { FooterLink } from "#app/rules/footer-links";

const LABEL_KEYS = {
  terms: "shell.footer.terms",
  privacy_policy: "shell.footer.privacyPolicy",
  imprint: "shell.footer.imprint",
  helpcenter: "shell.footer.helpCentre",
} as const;

/**
 * Copyright and the legal and help links; only links with a URL for the current language
 * arrive here (selectFooterLinks). `year` comes from the server so the page hydrates unchanged
 * around New Year.
 */
export function AppFooter({ links, year }: { links: FooterLink[]; year: number }) {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-4 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
        <p>{t("shell.footer.copyright", { year })}</p>
        {links.length ? (
          <nav aria-label={t("shell.footer.label")}>
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {links.map((link) => (
                <li key={link.kind}>
                  <a href={link.url} className="inline-flex min-h-8 items-center underline-offset-2 hover:underline">
                    {t(LABEL_KEYS[link.kind])}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </footer>
  );
}
