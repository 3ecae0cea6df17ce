import { useEffect, useState } from "react";
import { NoTocNote } from "./no-toc-note.tsx";
import { useTranslation } from "#app/components/hooks/use-translation";
import { href, useFetcher } from "react-router";
import type { EpaperCard as Card } from "#app/rules/epaper-card";
import { remainingTime, remainingTimeKey } from "#app/rules/remaining-time";
import { previewLinkAddress } from "#app/rules/preview-link";
import { formatDate } from "#app/utils/format-date";
import { Button } from "#app/components/ui/button";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { CopyField } from "#app/components/ui/copy-button";
import { Dialog } from "#app/components/ui/dialog";

/**
 * The preview link dialog (studio-core.md §1, §4; ADR 0038): create the password-protected link,
 * see the password once (copy it), copy or open the link, see until when it works (a try-it
 * user sees the storage time instead), publish it again after changes, set a new password, or
 * give it a new address, which ends the old one at once.
 */
export function PreviewLinkDialog(props: { isOpen: boolean; onClose: () => void; card: Card; studioUrl: string }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<{ ok: boolean; password?: string | null }>();
  const [password, setPassword] = useState<string | null>(null);
  const [confirmAddress, setConfirmAddress] = useState(false);
  const { card } = props;
  const link = card.previewLink;
  const publishing = card.process.running && card.process.type === "publishing_previewlink";
  const busy = fetcher.state !== "idle" || publishing;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.password) setPassword(fetcher.data.password);
  }, [fetcher.state, fetcher.data]);
  const post = (intent: string, extra: Record<string, string> = {}) =>
    fetcher.submit({ intent, ...extra }, { method: "POST", action: href("/epaper/:epaperId/action", { epaperId: card.id }) });
  const close = () => {
    setPassword(null); // shown once: gone when the dialog closes
    props.onClose();
  };
  const address = link ? previewLinkAddress(props.studioUrl, link.hash) : null;
  const expired = link?.expiredAt ? new Date(link.expiredAt).getTime() <= Date.now() : false;
  let validity: string | null = null;
  if (link && card.removeAt) {
    const left = remainingTime(card.removeAt);
    validity = t("previewLink.storageUntil", { time: t(remainingTimeKey(left), { count: left.count }) });
  } else if (link?.expiredAt)
    validity = t(expired ? "previewLink.expired" : "previewLink.validUntil", { date: formatDate(link.expiredAt, i18n.language) });

  return (
    <Dialog
      isOpen={props.isOpen}
      onOpenChange={(open) => !open && close()}
      title={t("previewLink.title", { name: card.name })}
      maxWidth="560px"
    >
      <div className="flex flex-col gap-4 text-sm" data-testid="preview-link-dialog">
        <p className="text-slate-700">{t("previewLink.intro")}</p>
        <NoTocNote tocShown={card.tocShown} />
        {password ? (
          <div className="flex flex-col gap-2 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200">
            <CopyField
              id={`preview-link-password-${card.id}`}
              label={t("previewLink.passwordLabel")}
              value={password}
              mono
              testId="preview-link-password"
            />
            <p className="text-amber-900">{t("previewLink.passwordOnce")}</p>
          </div>
        ) : null}
        {publishing ? (
          <p role="status" className="flex items-center gap-2 text-slate-700">
            <span aria-hidden="true" className="size-3 animate-pulse rounded-full bg-brand-600 motion-reduce:animate-none" />
            {t("previewLink.creating")}
          </p>
        ) : null}
        {address && link ? (
          <div className="flex flex-col gap-2">
            <CopyField
              id={`preview-link-address-${card.id}`}
              label={t("previewLink.linkLabel")}
              value={address}
              testId="preview-link-address"
            />
            {validity ? <p className={expired ? "font-medium text-red-800" : "text-slate-700"}>{validity}</p> : null}
            {link.outdated && !publishing ? <p className="font-medium text-amber-800">{t("previewLink.outdated")}</p> : null}
          </div>
        ) : null}
        <div className="flex flex-col-reverse flex-wrap gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onPress={close}>
            {t("previewLink.close")}
          </Button>
          {link ? (
            <>
              <Button variant="secondary" isDisabled={busy} onPress={() => setConfirmAddress(true)}>
                {t("previewLink.newAddress")}
              </Button>
              <Button variant="secondary" isDisabled={busy} onPress={() => post("publishPreviewLink", { newPassword: "true" })}>
                {t("previewLink.newPassword")}
              </Button>
              {link.outdated || expired ? (
                <Button isDisabled={busy} onPress={() => post("publishPreviewLink")}>
                  {t("previewLink.republish")}
                </Button>
              ) : address ? (
                <a
                  href={address}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-10 items-center justify-center rounded-lg bg-brand-600 px-4 font-medium text-white focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
                >
                  {t("previewLink.open")}
                </a>
              ) : null}
            </>
          ) : (
            <Button isDisabled={busy} onPress={() => post("publishPreviewLink")}>
              {t("previewLink.create")}
            </Button>
          )}
        </div>
      </div>
      <ConfirmDialog
        isOpen={confirmAddress}
        onClose={() => setConfirmAddress(false)}
        title={t("previewLink.newAddressTitle")}
        text={t("previewLink.newAddressText")}
        confirm={t("previewLink.newAddressConfirm")}
        cancel={t("previewLink.close")}
        onConfirm={() => post("refreshPreviewLinkHash")}
      />
    </Dialog>
  );
}
