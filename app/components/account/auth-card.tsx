import type { ReactNode } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";

/**
 * The frame of the headerless pages (login, signup, password, token pages, try-it; studio-admin.md
 * §2): the product name above one centred card, nothing else. Fits a phone from 320 px up.
 */
export function AuthCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center p-4">
      <div className={`w-full ${wide ? "max-w-lg" : "max-w-md"} rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8`}>
        <p className="mb-2 text-sm font-semibold text-brand-600">{t("app.name")}</p>
        <h1 className="mb-6 text-2xl font-bold">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** A notice inside a form or card: status (polite) for information, alert for errors. */
export function Notice({ tone, children, id }: { tone: "info" | "success" | "error"; children: ReactNode; id?: string }) {
  const colours = {
    info: "bg-sky-50 text-sky-900 ring-sky-200",
    success: "bg-emerald-50 text-emerald-900 ring-emerald-200",
    error: "bg-amber-50 text-amber-900 ring-amber-200",
  }[tone];
  return (
    <p id={id} role={tone === "error" ? "alert" : "status"} className={`mb-4 rounded-lg p-3 text-sm ring-1 ${colours}`}>
      {children}
    </p>
  );
}
