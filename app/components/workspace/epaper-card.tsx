import { type ReactNode, useEffect, useRef, useState } from "react";
import type { TFunction } from "i18next";
import { CardMenu } from "#app/components/ui/card-menu";
import { href, Link, useFetcher, useNavigate } from "react-router";
import type { EpaperCard as Card } from "#app/rules/epaper-card";
import { EPAPER_NAME_MAX } from "#app/rules/upload-contract";
import { previewAddress } from "#app/rules/preview-address";
import { zipDecision } from "#app/rules/zip-contingent";
import { formatDate } from "#app/utils/format-date";
import { PreviewDialog, ZipDialog } from "./publish-dialogs.tsx";
import { AccessibilityDialog } from "./accessibility-dialog.tsx";
import { EpaperMenuItems } from "./epaper-card-menu.tsx";
import { PreviewLinkDialog } from "./preview-link-dialog.tsx";
import { type LiveProgress, ProcessOverlay } from "./process-overlay.tsx";
import { CardStatusLine, PublishStateNote } from "./publish-state-note.tsx";
import { ChannelSelectDialog } from "#app/components/channels/channel-select-dialog";
import { Button } from "#app/components/ui/button";
import { LockIcon, StarIcon } from "#app/components/folders/folder-tree-icons";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { RenameDialog } from "#app/components/ui/rename-dialog";
import { isPageProcess } from "#app/rules/page-structure";

export type { LiveProgress } from "./process-overlay.tsx";

type CardT = TFunction;

type CardState = "processing" | "failed" | "cancelled" | "ready" | "empty";

function stateOf(card: Card): CardState {
  const { process } = card;
  if (process.running && !process.cancelled && !process.error) return "processing";
  if (process.error) return "failed";
  if (!card.isRendered && process.cancelled) return "cancelled";
  return card.isRendered ? "ready" : "empty";
}

type Dialogs = "rename" | "delete" | "demo" | "preview" | "zip" | "previewLink" | "channel" | "accessibility" | null;

/** What the workspace knows about publishing for every card: permission, contingent, content origin. */
export type Publishing = {
  canZip: boolean;
  canPreviewLink: boolean;
  canChannel: boolean;
  canOrder: boolean;
  zipContingent: number;
  /** The shop's zip offers (texts with their prices), for an account without packages that may order. */
  zipOffers: string[];
  contentUrl: string;
  studioUrl: string;
};

/**
 * One ePaper in the grid (studio-core.md §2 ePaper card): cover, name, status, context menu,
 * process overlay with live progress and cancel, failure text with 'delete item', lock, star and
 * the dot of unreviewed publications. Actions post to /epaper/:id/action, which checks again.
 */
/** Where an 'open preview' event asks the preview to open; `at` tells two requests for the same page apart. */
export type PreviewRequest = { page: number; at: number };

export function EpaperCard(props: {
  card: Card;
  live: LiveProgress | undefined;
  canChange: boolean;
  /** The user holds epaperDetails: a rendered ePaper's name opens the editor. */
  canEdit?: boolean;
  demoManagement: boolean;
  publishing: Publishing;
  selected: boolean;
  /** An 'open preview' event for this ePaper: publish if needed, then show the reader at the page. */
  previewRequest?: PreviewRequest | undefined;
  /** The grid's translation function: one hook per grid rather than one per card (issue 29: server time per view). */
  t: CardT;
  language: string;
}) {
  const { card, live, t } = props;
  const fetcher = useFetcher();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [previewLinkOpened, setPreviewLinkOpened] = useState(false);
  const state = stateOf(card);
  const busy = fetcher.state !== "idle";
  const post = (intent: string, extra: Record<string, string> = {}) =>
    fetcher.submit({ intent, ...extra }, { method: "POST", action: href("/epaper/:epaperId/action", { epaperId: card.id }) });
  const disabled = !props.canChange;
  const nameId = `epaper-${card.id}-name`;
  const previewUrl = card.preview ? previewAddress(props.publishing.contentUrl, card.preview.hash) : null;
  const previewCurrent = Boolean(card.preview && !card.preview.outdated);
  // The preview button publishes when there is no current preview, then opens it once ready
  // (§4): it waits for a preview newer than the one there was when it asked.
  const [awaitingPreview, setAwaitingPreview] = useState<{ before: string | null } | null>(null);
  const publishedAt = card.preview?.publishedAt ?? null;
  useEffect(() => {
    if (!awaitingPreview || card.process.running) return;
    if (card.publishingFailed) return setAwaitingPreview(null);
    if (publishedAt && publishedAt !== awaitingPreview.before && previewCurrent) {
      setAwaitingPreview(null);
      setDialog("preview");
    }
  }, [awaitingPreview, card.process.running, card.publishingFailed, publishedAt, previewCurrent]);
  // A refused publish (toast) ends the wait.
  useEffect(() => {
    if (fetcher.state === "idle" && (fetcher.data as { ok?: boolean } | undefined)?.ok === false) setAwaitingPreview(null);
  }, [fetcher.state, fetcher.data]);
  const openPreview = () => {
    if (previewCurrent) return setDialog("preview");
    setAwaitingPreview({ before: publishedAt });
    post("publishPreview");
  };
  const [previewPage, setPreviewPage] = useState<number | null>(null);
  const openPreviewRef = useRef(openPreview);
  openPreviewRef.current = openPreview;
  useEffect(() => {
    if (!props.previewRequest) return;
    setPreviewPage(props.previewRequest.page);
    openPreviewRef.current();
  }, [props.previewRequest]);
  const decision = zipDecision({
    contingent: props.publishing.zipContingent,
    postProcessingUntil: card.zip?.postProcessingUntil ? new Date(card.zip.postProcessingUntil) : null,
    now: new Date(),
  });

  // The editor opens once the ePaper has pages: when it is ready, and during its first render as
  // soon as page 1 is stored (issue 46: the rest arrive in the editor live).
  const earlyEditor = state === "processing" && card.process.type === "rendering" && card.hasCover;
  const editorHref = props.canEdit && (state === "ready" || earlyEditor) ? href("/epaper/:epaperId", { epaperId: card.id }) : null;
  return (
    <article
      aria-labelledby={nameId}
      data-testid="epaper-card"
      data-epaper-id={card.id}
      data-state={state}
      data-selected={props.selected || undefined}
      className={`relative flex h-[220px] w-full sm:w-[220px] flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ${props.selected ? "ring-2 ring-brand-600" : "ring-slate-200"}`}
    >
      <div className="relative h-[140px] shrink-0 bg-slate-100" data-tour="epaper-cover">
        {card.hasCover ? (
          <CoverLink to={editorHref}>
            <img
              src={href("/epaper/:epaperId/cover", { epaperId: card.id })}
              alt={t("epaper.card.cover", { name: card.name })}
              className="h-full w-full object-contain"
              loading="lazy"
              decoding="async"
            />
          </CoverLink>
        ) : (
          <p className="flex h-full items-center justify-center text-xs text-slate-600">{t("epaper.card.noCover")}</p>
        )}
        <div className="absolute top-1.5 left-1.5 flex gap-1">
          {card.isLocked ? <Badge label={t("epaper.card.locked")} symbol={<LockIcon className="size-3.5" />} /> : null}
          {card.isDemo ? <Badge label={t("epaper.card.demo")} symbol={<StarIcon className="size-3.5" />} /> : null}
          {card.unreviewedPublications > 0 ? <Badge label={t("epaper.card.unreviewed")} symbol="●" tone="brand" /> : null}
        </div>
        {state === "processing" ? (
          <ProcessOverlay card={card} live={live} onCancel={() => post("cancel")} disabled={disabled || busy} overCover={earlyEditor} />
        ) : null}
        {state === "failed" || state === "cancelled" ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-white/90 p-3 text-center">
            <p role="status" className="text-xs text-red-800">
              {state === "failed"
                ? t(`render.errors.${card.process.error}` as "render.errors.renderProcessFailed")
                : t("epaper.card.status.cancelled")}
            </p>
            <div className="flex flex-wrap justify-center gap-2">
              {state === "cancelled" ? (
                <Button
                  variant="secondary"
                  className="min-h-9 px-2 text-xs"
                  isDisabled={disabled || busy}
                  onPress={() => post("renderAgain")}
                >
                  {t("epaper.card.renderAgain")}
                </Button>
              ) : null}
              {/* A failed page operation left the ePaper unchanged: 'reset' shows it again (studio-core.md §4). */}
              {state === "failed" && isPageProcess(card.process.type) ? (
                <Button variant="secondary" className="min-h-9 px-2 text-xs" isDisabled={disabled || busy} onPress={() => post("reset")}>
                  {t("epaper.card.reset")}
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  className="min-h-9 px-2 text-xs"
                  isDisabled={disabled || busy}
                  onPress={() => setDialog("delete")}
                >
                  {t("epaper.card.deleteItem")}
                </Button>
              )}
            </div>
          </div>
        ) : null}
      </div>
      <div className="flex min-h-0 flex-1 items-start gap-1 p-2.5">
        <div className="min-w-0 flex-1">
          <h3 id={nameId} className="truncate text-sm font-semibold" title={card.name}>
            {editorHref ? (
              <Link to={editorHref} className="rounded outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-600">
                {card.name}
              </Link>
            ) : (
              card.name
            )}
          </h3>
          <CardStatusLine card={card} state={state} />
          <p className="text-xs text-slate-500">{t("epaper.card.created", { date: formatDate(card.createdAt, props.language) })}</p>
          <PublishStateNote card={card} language={props.language} />
        </div>
        <CardMenu
          label={t("epaper.card.actions", { name: card.name })}
          tourTarget="epaper-actions"
          disabledKeys={[
            ...(disabled || state === "processing" ? ["rename", "delete", "demo"] : []),
            ...(state !== "ready" || (disabled && !previewCurrent) ? ["preview"] : []),
            ...(state !== "ready" || disabled ? ["zip", "previewLink", "channel"] : []),
            ...(state !== "ready" ? ["accessibility"] : []),
          ]}
          onAction={(key) => {
            if (key === "statistics") return; // a link: the studio layout's RouterProvider navigates
            if (key === "preview") return openPreview();
            if (key === "previewLink") setPreviewLinkOpened(true);
            setDialog(key as Dialogs);
          }}
        >
          <EpaperMenuItems
            t={t}
            isDemo={card.isDemo}
            publishing={props.publishing}
            demoManagement={props.demoManagement}
            statisticsOf={props.canEdit && card.isRendered ? card.id : null}
          />
        </CardMenu>
      </div>

      {/* Dialogs exist only while open: a grid of cards renders none of them (issue 29: the workspace page's server time). */}
      {dialog === "rename" ? (
        <RenameDialog
          id={`rename-${card.id}`}
          isOpen
          onClose={() => setDialog(null)}
          initial={card.name}
          labels={{
            title: t("epaper.rename.title"),
            label: t("epaper.rename.label"),
            save: t("epaper.rename.save"),
            cancel: t("epaper.rename.cancel"),
          }}
          errorOf={(value) => (value.trim() ? null : t("epaper.errors.nameRequired"))}
          maxLength={EPAPER_NAME_MAX}
          onSave={(value) => post("rename", { name: value })}
        />
      ) : null}
      {dialog === "delete" ? (
        <ConfirmDialog
          isOpen
          onClose={() => setDialog(null)}
          title={t("epaper.delete.title")}
          text={t("epaper.delete.text", { name: card.name })}
          confirm={t("epaper.delete.confirm")}
          cancel={t("epaper.delete.cancel")}
          onConfirm={() => post("delete")}
        />
      ) : null}
      {dialog === "accessibility" ? (
        <AccessibilityDialog isOpen onClose={() => setDialog(null)} epaperId={card.id} name={card.name} />
      ) : null}
      {dialog === "preview" ? (
        <PreviewDialog
          isOpen
          onClose={() => {
            setDialog(null);
            setPreviewPage(null);
          }}
          name={card.name}
          url={previewUrl && previewPage ? `${previewUrl}#/page/${previewPage}` : previewUrl}
        />
      ) : null}
      {dialog === "channel" ? (
        <ChannelSelectDialog
          isOpen
          onClose={() => setDialog(null)}
          epaperId={card.id}
          canOrder={props.publishing.canOrder}
          tocShown={card.tocShown}
        />
      ) : null}
      {/* Once opened it stays: its request in flight and the one-time password it shows must survive closing it. */}
      {previewLinkOpened ? (
        <PreviewLinkDialog
          isOpen={dialog === "previewLink"}
          onClose={() => setDialog(null)}
          card={card}
          studioUrl={props.publishing.studioUrl}
        />
      ) : null}
      {dialog === "zip" ? (
        <ZipDialog
          isOpen
          onClose={() => setDialog(null)}
          epaperId={card.id}
          name={card.name}
          zip={card.zip}
          decision={decision}
          busy={busy}
          tocShown={card.tocShown}
          offers={props.publishing.zipOffers}
          onPublish={(confirmCharge) => {
            post("publishZip", { confirmCharge: String(confirmCharge) });
            setDialog(null);
          }}
        />
      ) : null}
      {dialog === "demo" ? (
        <ConfirmDialog
          isOpen
          onClose={() => setDialog(null)}
          title={card.isDemo ? t("epaper.demo.titleUnmark") : t("epaper.demo.titleMark")}
          text={card.isDemo ? t("epaper.demo.textUnmark", { name: card.name }) : t("epaper.demo.textMark", { name: card.name })}
          confirm={t("epaper.demo.confirm")}
          cancel={t("epaper.demo.cancel")}
          onConfirm={() => post(card.isDemo ? "unmarkDemo" : "markDemo")}
        />
      ) : null}
    </article>
  );
}

function Badge({ label, symbol, tone = "dark" }: { label: string; symbol: ReactNode; tone?: "dark" | "brand" }) {
  return (
    <span
      title={label}
      className={`flex h-6 min-w-6 items-center justify-center rounded-full px-1.5 text-xs ${tone === "brand" ? "bg-brand-600 text-white" : "bg-slate-900/75 text-white"}`}
    >
      <span aria-hidden="true">{symbol}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * The cover opens the editor too, for the mouse and touch. Keyboards and screen readers use the
 * name's link (one link per card); the cover stays an image with its text.
 */
function CoverLink({ to, children }: { to: string | null; children: ReactNode }) {
  const navigate = useNavigate();
  if (!to) return children;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a pointer shortcut; the name's link is the accessible way
    <div onClick={() => void navigate(to)} className="h-full w-full cursor-pointer">
      {children}
    </div>
  );
}
