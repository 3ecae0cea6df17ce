import { useEffect, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Button } from "react-aria-components";
import { Form, href, useFetcher } from "react-router";
import { CloseIcon } from "#app/components/ui/icons";
import { Tooltipped } from "#app/components/ui/tooltip";

const alertClassName = "mx-auto flex max-w-7xl items-start gap-3 px-4 py-2 text-sm";

/** The header's alert banner while maintenance is on (studio-admin.md §4 Maintenance). */
export function MaintenanceBanner({ lockedOut }: { lockedOut: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="border-t border-amber-200 bg-amber-50 text-amber-950" data-testid="maintenance-banner">
      <p className={alertClassName}>{lockedOut ? t("shell.maintenance.lockedOut") : t("shell.maintenance.staff")}</p>
    </div>
  );
}

const seenKey = (userId: string) => `ep:confirmation-alert-seen:${userId}`;

function readSeen(userId: string) {
  try {
    return window.localStorage.getItem(seenKey(userId)) !== null;
  } catch {
    // Storage may be blocked (private mode, policy); then the alert shows each visit, which is harmless.
    return false;
  }
}

function rememberSeen(userId: string) {
  try {
    window.localStorage.setItem(seenKey(userId), new Date().toISOString());
  } catch {
    // See readSeen.
  }
}

/**
 * "Please confirm your registration" for temporary, non-generated users, shown once and then
 * remembered in this browser (studio-admin.md §4 Account and profile). Rendered only after
 * hydration, because the server cannot know what the browser remembers.
 */
export function ConfirmationAlert({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (readSeen(userId)) return;
    setVisible(true);
    rememberSeen(userId);
  }, [userId]);
  if (!visible) return null;
  return (
    <div role="status" className="border-t border-sky-200 bg-sky-50 text-sky-950" data-testid="confirmation-alert">
      <div className={alertClassName}>
        <p className="flex-1">{t("shell.confirmationAlert")}</p>
        <Tooltipped label={t("shell.dismissAlert")}>
          <Button
            aria-label={t("shell.dismissAlert")}
            onPress={() => setVisible(false)}
            className="-my-1 flex min-h-9 min-w-9 items-center justify-center rounded-md data-[hovered]:bg-sky-100"
          >
            <CloseIcon className="size-4" />
          </Button>
        </Tooltipped>
      </div>
    </div>
  );
}

/**
 * A support user switched into another account (studio-admin.md §4): the notice that it is
 * administered and the returning button; the next page is loaded as a member of the own account.
 */
export function AdministeredBanner({ accountName }: { accountName: string }) {
  const { t } = useTranslation();
  return (
    <div className="border-t border-violet-200 bg-violet-50 text-violet-950" data-testid="administered-banner">
      <Form method="post" action={href("/resources/account-switch")} className={alertClassName}>
        <p className="flex-1">{t("support.administeredBanner", { name: accountName })}</p>
        <button type="submit" className="min-h-10 rounded-lg bg-violet-700 px-3 text-sm font-semibold text-white hover:bg-violet-800">
          {t("support.returnToBase")}
        </button>
      </Form>
    </div>
  );
}

/** While the developer kit forces an error on this session (studio-admin.md §8): what is forced, and stop. */
export function ForcedErrorBanner({ name }: { name: string }) {
  const { t } = useTranslation();
  // A fetcher: the page stays; its data reloads once the error is stopped.
  const fetcher = useFetcher();
  return (
    <div className="border-t border-red-200 bg-red-50 text-red-950" data-testid="forced-error-banner">
      <fetcher.Form method="post" action={href("/resources/devkit")} className={alertClassName}>
        <input type="hidden" name="intent" value="forceError" />
        <input type="hidden" name="errorName" value="" />
        <p className="flex-1">{t("devkit.banner", { name })}</p>
        <button type="submit" className="min-h-10 rounded-lg bg-red-700 px-3 text-sm font-semibold text-white hover:bg-red-800">
          {t("devkit.bannerStop")}
        </button>
      </fetcher.Form>
    </div>
  );
}
