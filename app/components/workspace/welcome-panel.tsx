import { useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useFetcher } from "react-router";
import { Notice } from "#app/components/account/auth-card";
import { Button, buttonClassName } from "#app/components/ui/button";
import { returnUrlOrNull } from "#app/rules/upload-widget";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";

/** The form intent of the welcome panel's confirmed 'delete all ePaper' (handled by the /epaper action). */
export const DELETE_ALL_EPAPERS_INTENT = "deleteAllEpapers";

/**
 * What a try-it user sees above the grid (studio-core.md §2): a headline, two paragraphs, 'delete
 * all ePaper' (after confirmation) and 'sign up'. A try-it account made by the embedded widget on
 * a customer's page whose code names a return target also gets a link back to that page, named
 * by its host (ADR 0052).
 */
export function WelcomePanel({
  storageDays,
  onSignup,
  returnUrl,
}: {
  storageDays: number;
  onSignup: () => void;
  returnUrl: string | null;
}) {
  const { t } = useTranslation();
  // Checked again here: only an http(s) address ever becomes the link.
  const back = returnUrlOrNull(returnUrl);
  const [confirming, setConfirming] = useState(false);
  const fetcher = useFetcher<{ deleted: number }>();
  const deleted = fetcher.state === "idle" && fetcher.data ? fetcher.data.deleted : null;
  return (
    <section aria-labelledby="welcome-headline" className="mb-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="welcome-headline" className="mb-3 text-xl font-bold">
        {t("welcome.headline")}
      </h2>
      <p className="mb-2 text-slate-700">{t("welcome.paragraph1")}</p>
      <p className="mb-4 text-slate-700">{t("welcome.paragraph2", { days: storageDays })}</p>
      {deleted !== null ? <Notice tone="success">{t("welcome.deleted")}</Notice> : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button onPress={onSignup}>{t("welcome.signup")}</Button>
        <Button variant="secondary" onPress={() => setConfirming(true)}>
          {t("welcome.deleteAll")}
        </Button>
        {back ? (
          <a href={back} className={buttonClassName("secondary")}>
            {t("welcome.backTo", { site: new URL(back).host })}
          </a>
        ) : null}
      </div>
      <ConfirmDialog
        isOpen={confirming}
        onClose={() => setConfirming(false)}
        title={t("welcome.deleteAllConfirmTitle")}
        text={t("welcome.deleteAllConfirmText")}
        confirm={t("welcome.deleteAllConfirm")}
        cancel={t("welcome.cancel")}
        onConfirm={() => fetcher.submit({ intent: DELETE_ALL_EPAPERS_INTENT }, { method: "POST" })}
      />
    </section>
  );
}
