import { useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Button } from "react-aria-components";
import { href } from "react-router";
import type { FooterLink } from "#app/rules/footer-links";
import { CookieSettingsDialog } from "./cookie-settings.tsx";

const LABEL_KEYS = {
  terms: "shell.footer.terms",
  privacy_policy: "shell.footer.privacyPolicy",
  imprint: "shell.footer.imprint",
  helpcenter: "shell.footer.helpCentre",
} as const;

const entryClassName = "inline-flex min-h-8 items-center underline-offset-2 hover:underline";

/**
 * Copyright, cookie settings and the legal and help links; only links with a URL for the current
 * language arrive here (selectFooterLinks). Cookie settings needs no URL: it opens a dialog that
 * lists the studio's cookies (ADR 0050). `year` comes from the server so the page hydrates
 * unchanged around New Year; `version` is the studio's (package.json), for support questions.
 */
export function AppFooter({ links, year, version }: { links: FooterLink[]; year: number; version: string }) {
  const { t } = useTranslation();
  const [cookiesOpen, setCookiesOpen] = useState(false);
  // The operator's privacy policy when it has one for this language, else the installation's default page.
  const privacyUrl = links.find((link) => link.kind === "privacy_policy")?.url ?? href("/legal/:page", { page: "privacy" });
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-[1600px] flex-col gap-2 px-4 py-4 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          {t("shell.footer.copyright", { year })}
          {version ? <span className="ms-2 text-slate-500">{t("shell.footer.version", { version })}</span> : null}
        </p>
        <nav aria-label={t("shell.footer.label")}>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            <li>
              <Button onPress={() => setCookiesOpen(true)} className={`${entryClassName} cursor-pointer`}>
                {t("shell.footer.cookieSettings")}
              </Button>
            </li>
            {links.map((link) => (
              <li key={link.kind}>
                <a href={link.url} className={entryClassName}>
                  {t(LABEL_KEYS[link.kind])}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {/* Mounted only while open: the footer is on every studio page (issue 29). */}
      {cookiesOpen ? <CookieSettingsDialog isOpen onClose={() => setCookiesOpen(false)} privacyUrl={privacyUrl} /> : null}
    </footer>
  );
}
