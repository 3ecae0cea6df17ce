import { useEffect } from "react";
import { dismissToast, useToasts } from "#app/components/hooks/toast-store";
import { PREVIEW_DONE_TOAST } from "#app/events/notifications";
import { href } from "react-router";
import { shopPath } from "#app/rules/shell-menu";
import { Dialog as AriaDialog, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "#app/components/hooks/use-translation";
import type { ZipDecision } from "#app/rules/zip-contingent";
import { formatDate } from "#app/utils/format-date";
import { Button } from "#app/components/ui/button";
import { DialogButtons } from "#app/components/ui/confirm-dialog";
import { Dialog } from "#app/components/ui/dialog";
import { PanelHeader } from "#app/components/ui/panel-header";
import { NoTocNote } from "./no-toc-note.tsx";

/**
 * The preview dialog (studio-core.md §1, §4): the published reader inline, framed from the
 * content origin (never the studio's), full size on every screen, 'back to editing' closes it.
 */
export function PreviewDialog(props: { isOpen: boolean; onClose: () => void; name: string; url: string | null }) {
  const { t } = useTranslation();
  // The open preview is the news that it is done: the notice saying so would lie over the reader's
  // own toolbar at the bottom (issue 46), so it goes.
  const toasts = useToasts();
  useEffect(() => {
    if (!props.isOpen) return;
    for (const toast of toasts) if (toast.id.startsWith(PREVIEW_DONE_TOAST)) dismissToast(toast.id);
  }, [props.isOpen, toasts]);
  return (
    <ModalOverlay
      isOpen={props.isOpen}
      onOpenChange={(open) => !open && props.onClose()}
      isDismissable={false}
      className="fixed inset-0 z-40 flex bg-slate-900/60 sm:p-4"
    >
      <Modal className="flex h-full w-full flex-col overflow-hidden bg-white shadow-xl outline-none sm:rounded-2xl">
        <AriaDialog aria-label={t("publish.preview.title", { name: props.name })} className="flex h-full flex-col outline-none">
          {({ close }) => (
            <>
              <PanelHeader title={t("publish.preview.title", { name: props.name })} onClose={close} />
              <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-2">
                <Button variant="secondary" className="min-h-9 px-3 text-sm" onPress={close}>
                  {t("publish.preview.back")}
                </Button>
                {props.url ? (
                  <a
                    href={props.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
                  >
                    {t("publish.preview.openTab")}
                  </a>
                ) : null}
              </div>
              {props.url ? (
                <iframe
                  title={t("publish.preview.frame", { name: props.name })}
                  src={props.url}
                  className="min-h-0 w-full flex-1 border-0 bg-slate-100"
                  // The reader is the customer's page on another origin: it may run its scripts
                  // there, open links and go full screen, but never touch the studio.
                  sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-forms allow-downloads"
                  allow="fullscreen"
                />
              ) : null}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

export type ZipState = { publishedAt: string; sizeInByte: number; postProcessingUntil: string | null; outdated: boolean } | null;

/**
 * The zip dialog (studio-core.md §4 "Zip publishing"): the package there is (download, size,
 * free republishing until), and publishing it again as the contingent rules say: free within
 * the post-processing time, unlimited, 'order' at 0, otherwise confirm the reduction.
 */
export function ZipDialog(props: {
  isOpen: boolean;
  onClose: () => void;
  epaperId: string;
  name: string;
  zip: ZipState;
  decision: ZipDecision;
  busy: boolean;
  tocShown: boolean;
  /** The shop's zip offers, listed when the account has no packages (issue 46). */
  offers: string[];
  onPublish: (confirmCharge: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const { decision, zip } = props;
  // One decimal, in the interface language (12,3 in German).
  const megabytes = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    (zip?.sizeInByte ?? 0) / 1_000_000,
  );
  let text: string;
  if (decision.kind === "free") text = t("publish.zip.free", { date: formatDate(decision.until.toISOString(), i18n.language) });
  else if (decision.kind === "unlimited") text = t("publish.zip.unlimited");
  else if (decision.kind === "order") text = t("publish.zip.order");
  else text = t("publish.zip.confirm", { count: decision.contingent });
  return (
    <Dialog
      isOpen={props.isOpen}
      onOpenChange={(open) => !open && props.onClose()}
      title={t("publish.zip.title", { name: props.name })}
      maxWidth="480px"
    >
      <div className="flex flex-col gap-4 text-sm">
        {zip ? (
          <div className="rounded-xl bg-slate-50 p-3" data-testid="zip-current">
            <p>{t("publish.zip.current", { date: formatDate(zip.publishedAt, i18n.language), size: megabytes })}</p>
            {zip.outdated ? <p className="mt-1 font-medium text-amber-800">{t("publish.republishRequired")}</p> : null}
            <a
              href={href("/epaper/:epaperId/zip", { epaperId: props.epaperId })}
              download
              className="mt-2 inline-flex min-h-10 items-center rounded-lg bg-brand-600 px-4 font-medium text-white focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
            >
              {t("publish.zip.download")}
            </a>
          </div>
        ) : null}
        <p>{text}</p>
        {decision.kind === "order" && props.offers.length > 0 ? (
          <div>
            <p className="font-medium">{t("publish.zip.offers")}</p>
            <ul className="mt-1 list-disc ps-5" data-testid="zip-offers">
              {props.offers.map((offer) => (
                <li key={offer}>{offer}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <NoTocNote tocShown={props.tocShown} />
        {decision.kind === "order" ? (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onPress={props.onClose}>
              {t("publish.zip.cancel")}
            </Button>
            <a
              href={shopPath("epaper", props.epaperId)}
              className="inline-flex min-h-10 items-center rounded-lg bg-brand-600 px-4 font-medium text-white focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
            >
              {t("publish.zip.orderButton")}
            </a>
          </div>
        ) : (
          <DialogButtons
            confirm={zip ? t("publish.zip.republish") : t("publish.zip.publish")}
            cancel={t("publish.zip.cancel")}
            onCancel={props.onClose}
            isDisabled={props.busy}
            onConfirm={() => props.onPublish(decision.kind === "confirm")}
          />
        )}
      </div>
    </Dialog>
  );
}
