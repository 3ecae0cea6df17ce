import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useFetcher, href } from "react-router";
import type { action as accountSettingsAction } from "#app/routes/resources/account-settings";
import { shellDialogHref } from "#app/rules/shell-menu";
import { Button, ButtonLink, buttonClassName } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";

/** What the drawers' loaders say about deleting the user's own account (DeleteAccountState). */
export type DeleteAccountOffer = { allowed: boolean; administered: boolean; hasActiveChannels: boolean; accountName: string };

export const CONFIRM_DIALOG_WIDTH = "480px";

/**
 * Deleting the account (studio-admin.md §4, §8): with an active channel subscription the
 * active-channels dialog offers 'manage channels' or 'contact support'; otherwise a confirmation
 * asks for the delete-account mail, whose link deletes the account. The server checks the
 * subscriptions again and answers 409, which opens the same dialog. Used by the account drawer
 * and by the profile drawer's "delete account instead".
 */
export function useDeleteAccountFlow(options: { offer: DeleteAccountOffer; supportEmail: string | null; onLeave: () => void }): {
  start: () => void;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { offer, supportEmail, onLeave } = options;
  const fetcher = useFetcher<typeof accountSettingsAction>();
  const [dialog, setDialog] = useState<"confirm" | "activeChannels" | null>(null);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!result) return;
    // Success and global errors (toasts) close the confirmation; a 409 shows why it cannot go.
    setDialog("reason" in result && result.reason === "activeChannels" ? "activeChannels" : null);
  }, [result]);

  const start = () => setDialog(offer.hasActiveChannels ? "activeChannels" : "confirm");
  const close = (isOpen: boolean) => {
    if (!isOpen) setDialog(null);
  };
  const dialogs = (
    <>
      <Dialog
        isOpen={dialog === "confirm"}
        onOpenChange={close}
        title={t("shell.account.deleteConfirmTitle")}
        role="alertdialog"
        maxWidth={CONFIRM_DIALOG_WIDTH}
      >
        <p className="text-slate-800">{t("shell.account.deleteConfirmText", { name: offer.accountName })}</p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onPress={() => setDialog(null)}>
            {t("shell.account.cancel")}
          </Button>
          <Button
            isPending={fetcher.state !== "idle"}
            onPress={() =>
              void fetcher.submit({ intent: "deleteAccount" }, { method: "POST", action: href("/resources/account-settings") })
            }
          >
            {t("shell.account.deleteConfirm")}
          </Button>
        </div>
      </Dialog>
      <Dialog
        isOpen={dialog === "activeChannels"}
        onOpenChange={close}
        title={t("shell.account.activeChannels.title")}
        role="alertdialog"
        maxWidth={CONFIRM_DIALOG_WIDTH}
      >
        <p className="text-slate-800">{t("shell.account.activeChannels.text")}</p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          {supportEmail ? (
            <a href={`mailto:${supportEmail}`} className={buttonClassName("secondary")}>
              {t("shell.account.activeChannels.contactSupport")}
            </a>
          ) : null}
          <ButtonLink
            to={shellDialogHref("shopChannels")}
            onClick={() => {
              setDialog(null);
              onLeave();
            }}
          >
            {t("shell.account.activeChannels.manageChannels")}
          </ButtonLink>
        </div>
      </Dialog>
    </>
  );
  return { start, dialogs };
}
