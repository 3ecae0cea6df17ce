import { useTranslation } from "#app/components/hooks/use-translation";
import { Button } from "#app/components/ui/button";
import { Dialog } from "#app/components/ui/dialog";
import { STUDIO_COOKIES, STUDIO_LOCAL_STORAGE, type StoredItem, type StoredItemId } from "#app/rules/cookies";

/**
 * What the studio stores in the browser (app/rules/cookies.ts, ADR 0050): every cookie and local
 * storage key with its purpose, lifetime and address, and why there is nothing to consent to.
 * The footer's 'cookie settings' dialog and the privacy page (routes/legal.tsx) show it.
 */
export function CookieList() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-800">{t("legal.cookies.intro")}</p>
      <StoredItems title={t("legal.cookies.cookiesHeading")} items={STUDIO_COOKIES} />
      <StoredItems title={t("legal.cookies.storageHeading")} items={STUDIO_LOCAL_STORAGE} />
      <p className="text-sm text-slate-600">{t("legal.cookies.publications")}</p>
    </div>
  );
}

function StoredItems({ title, items }: { title: string; items: readonly (StoredItem & { id: StoredItemId })[] }) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-2">
      <h3 className="font-semibold">{title}</h3>
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.id} className="rounded-lg p-3 ring-1 ring-slate-200">
            <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <code className="font-mono text-sm font-semibold break-all">{item.name}</code>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{t(`legal.cookies.basis.${item.basis}`)}</span>
            </p>
            <dl className="mt-2 grid grid-cols-1 gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-1">
              <dt className="font-medium text-slate-600">{t("legal.cookies.purpose")}</dt>
              <dd className="mb-1 sm:mb-0">{t(`legal.cookies.items.${item.id}.purpose`)}</dd>
              <dt className="font-medium text-slate-600">{t("legal.cookies.lifetime")}</dt>
              <dd className="mb-1 sm:mb-0">{t(`legal.cookies.items.${item.id}.lifetime`)}</dd>
              <dt className="font-medium text-slate-600">{t("legal.cookies.host")}</dt>
              <dd>{t(`legal.cookies.hosts.${item.host}`)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The footer's 'cookie settings' (studio-admin.md §2 footer): no choices to make, since the studio
 * sets only what it needs and what the person chose (no banner, ADR 0050), so it lists them and
 * links to the privacy policy. Escape or a close button closes it; focus returns to the entry.
 */
export function CookieSettingsDialog({ isOpen, onClose, privacyUrl }: { isOpen: boolean; onClose: () => void; privacyUrl: string }) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title={t("shell.footer.cookieSettings")} maxWidth="640px">
      <div className="flex flex-col gap-4">
        <CookieList />
        <p className="text-sm">
          <a href={privacyUrl} className="font-semibold text-brand-700 underline underline-offset-2">
            {t("legal.cookies.privacyLink")}
          </a>
        </p>
        <div className="flex justify-end">
          <Button variant="secondary" onPress={onClose}>
            {t("shell.drawer.close")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
