import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Notice } from "#app/components/account/auth-card";
import { Button } from "#app/components/ui/button";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";

/** The form intent of the welcome panel's confirmed 'delete all ePaper' (handled by the /epaper action). */
export const DELETE_ALL_EPAPERS_INTENT = "deleteAllEpapers";

/**
 * What a try-it user sees above the grid (studio-core.md §2): a headline, two paragraphs, 'delete
 * all ePaper' (after confirmation) and 'sign up'.
 */
export function WelcomePanel({ storageDays, onSignup }: { storageDays: number; onSignup: () => void }) {
  const { t } = useTranslation();
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
