import { useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { MenuItem } from "react-aria-components";
import { CardMenu, cardMenuItemClass } from "#app/components/ui/card-menu";
import { shellDialogHref } from "#app/rules/shell-menu";
import { href, useFetcher } from "react-router";
import { CHANNEL_NAME_MAX, type ChannelCard as Card, channelAddress } from "#app/rules/channel";
import { formatDate } from "#app/utils/format-date";
import { Button } from "#app/components/ui/button";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { RenameDialog } from "#app/components/ui/rename-dialog";
import { EmbedCodeDialog } from "./embed-code-dialog.tsx";
import { QrCodeDialog } from "./qr-code-dialog.tsx";

type Dialogs = "rename" | "clear" | "renew" | "renewDisconnect" | "demo" | "qr" | "embed" | null;

/**
 * One channel of the channel workspace (studio-core.md §2, §4 "Channel processes"): cover of its
 * ePaper, name, status by the spec's priority, its permanent address, the publishing overlay with
 * cancel, and the menu: rename, clear, renew, renew and disconnect, demo, visit, QR code, embed code, statistics.
 */
export function ChannelCard(props: {
  card: Card;
  contentUrl: string;
  selected: boolean;
  demoManagement: boolean;
  subdomainManagement: boolean;
  onSelect: () => void;
}) {
  const { card } = props;
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<{ ok: boolean; url?: string }>();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const address = channelAddress(props.contentUrl, card.shortPath);
  const busy = card.process.running && !card.process.cancelled;
  const post = (intent: string, extra: Record<string, string> = {}) =>
    fetcher.submit({ intent, ...extra }, { method: "POST", action: href("/channel/:channelId/action", { channelId: card.id }) });
  const status = t(`channel.status.${card.status.key}` as "channel.status.active", {
    date: card.status.date ? formatDate(card.status.date, i18n.language) : "",
  });
  const nameId = `channel-${card.id}-name`;
  const disabledKeys = [
    ...(busy ? ["rename", "clear", "renew", "renewDisconnect", "demo"] : ["cancel"]),
    ...(card.epaper ? [] : ["clear", "demo", "visit"]),
  ];
  return (
    <article
      aria-labelledby={nameId}
      data-testid="channel-card"
      data-channel-id={card.id}
      data-selected={props.selected || undefined}
      className={`relative flex w-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 sm:w-[220px] ${props.selected ? "ring-2 ring-brand-600" : "ring-slate-200"}`}
    >
      <div className="relative h-[140px] shrink-0 bg-slate-100">
        {card.epaper?.hasCover ? (
          <img
            src={href("/epaper/:epaperId/cover", { epaperId: card.epaper.id })}
            alt={t("epaper.card.cover", { name: card.epaper.name })}
            className="h-full w-full object-contain"
            loading="lazy"
          />
        ) : (
          <p className="flex h-full items-center justify-center text-xs text-slate-500">{t("channel.noEpaper")}</p>
        )}
        {!card.reviewed ? (
          <span className="absolute top-1.5 left-1.5 rounded-full bg-brand-600 px-2 text-xs text-white">
            ●<span className="sr-only">{t("epaper.card.unreviewed")}</span>
          </span>
        ) : null}
        {busy ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-white/90 p-3 text-center">
            <p className="text-xs font-medium text-slate-800" aria-live="polite">
              {t("channel.progress")}
            </p>
            <div role="progressbar" aria-label={t("channel.progress")} className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200">
              <div className="h-full w-1/3 animate-pulse bg-brand-600 motion-reduce:animate-none" />
            </div>
            <Button variant="secondary" className="min-h-9 px-3 text-xs" onPress={() => post("cancel")}>
              {t("channel.menu.cancel")}
            </Button>
          </div>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 items-start gap-1 p-2">
        <div className="min-w-0 flex-1">
          <h2 id={nameId} className="truncate text-sm font-semibold text-slate-900">
            <button
              type="button"
              className="max-w-full truncate text-left hover:underline"
              aria-pressed={props.selected}
              onClick={props.onSelect}
            >
              {card.name}
            </button>
          </h2>
          <p className="truncate text-xs text-slate-600" data-testid="channel-status">
            {status}
            {card.isDemo ? ` · ${t("epaper.card.demo")}` : ""}
          </p>
          {card.epaper ? <p className="truncate text-xs text-slate-500">{card.epaper.name}</p> : null}
          {card.process.error ? (
            <p className="text-xs font-medium text-red-800">{t(card.process.error as "channel.errors.publicationFailed")}</p>
          ) : null}
        </div>
        <CardMenu
          label={t("channel.actions", { name: card.name })}
          width="56"
          disabledKeys={disabledKeys}
          onAction={(key) => {
            if (key === "statistics" || key === "subdomain") return; // links: the studio layout's RouterProvider navigates
            if (key === "visit") {
              // Opened at once (a popup blocker allows it in the click), reviewed on the server.
              window.open(address, "_blank", "noopener,noreferrer");
              return post("visit");
            }
            if (key === "cancel") return post("cancel");
            setDialog(key as Dialogs);
          }}
        >
          <MenuItem id="visit" className={cardMenuItemClass}>
            {t("channel.menu.visit")}
          </MenuItem>
          <MenuItem id="qr" className={cardMenuItemClass}>
            {t("channel.menu.qr")}
          </MenuItem>
          <MenuItem id="embed" className={cardMenuItemClass}>
            {t("channel.menu.embed")}
          </MenuItem>
          {/* Every ePaper the channel showed, an empty channel's history too (issue 31 item 4). */}
          <MenuItem id="statistics" href={href("/channel/:channelId/statistics", { channelId: card.id })} className={cardMenuItemClass}>
            {t("channelStats.menu")}
          </MenuItem>
          <MenuItem id="rename" className={cardMenuItemClass}>
            {t("channel.menu.rename")}
          </MenuItem>
          {/* The subdomain from the channel itself, not only under Channels (issue 46). */}
          {props.subdomainManagement ? (
            <MenuItem id="subdomain" href={shellDialogHref("subdomains")} className={cardMenuItemClass}>
              {t("shell.channelMenu.manageSubdomains")}
            </MenuItem>
          ) : null}
          <MenuItem id="clear" className={cardMenuItemClass}>
            {t("channel.menu.clear")}
          </MenuItem>
          <MenuItem id="renew" className={cardMenuItemClass}>
            {t("channel.menu.renewUrl")}
          </MenuItem>
          <MenuItem id="renewDisconnect" className={cardMenuItemClass}>
            {t("channel.menu.renewDisconnect")}
          </MenuItem>
          {props.demoManagement ? (
            <MenuItem id="demo" className={cardMenuItemClass}>
              {card.isDemo ? t("channel.menu.unmarkDemo") : t("channel.menu.markDemo")}
            </MenuItem>
          ) : null}
          {busy ? (
            <MenuItem id="cancel" className={cardMenuItemClass}>
              {t("channel.menu.cancel")}
            </MenuItem>
          ) : null}
        </CardMenu>
      </div>
      <p className="truncate border-t border-slate-100 px-2 py-1 text-xs">
        <a href={address} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline" data-testid="channel-address">
          {address}
        </a>
      </p>

      <RenameDialog
        id={`channel-rename-${card.id}`}
        isOpen={dialog === "rename"}
        onClose={() => setDialog(null)}
        initial={card.name}
        labels={{
          title: t("channel.rename.title"),
          label: t("channel.rename.label"),
          save: t("channel.rename.save"),
          cancel: t("channel.rename.cancel"),
        }}
        errorOf={(value) => {
          const trimmed = value.trim();
          if (!trimmed) return t("channel.errors.nameRequired");
          return trimmed.length > CHANNEL_NAME_MAX ? t("channel.errors.nameTooLong") : null;
        }}
        onSave={(value) => post("rename", { name: value.trim() })}
      />
      {(["clear", "renew", "renewDisconnect"] as const).map((kind) => (
        <ConfirmDialog
          key={kind}
          isOpen={dialog === kind}
          onClose={() => setDialog(null)}
          title={t(`channel.confirm.${kind}Title`)}
          text={t(`channel.confirm.${kind}Text`, { name: card.name })}
          confirm={t(`channel.confirm.${kind}Confirm`)}
          cancel={t("channel.confirm.cancel")}
          onConfirm={() => post(kind)}
        />
      ))}
      <ConfirmDialog
        isOpen={dialog === "demo"}
        onClose={() => setDialog(null)}
        title={t("channel.confirm.demoTitle")}
        text={t("channel.confirm.demoText")}
        confirm={t("channel.confirm.demoConfirm")}
        cancel={t("channel.confirm.cancel")}
        onConfirm={() => post(card.isDemo ? "unmarkDemo" : "markDemo")}
      />
      <QrCodeDialog
        isOpen={dialog === "qr"}
        onClose={() => setDialog(null)}
        title={t("channel.qr.title", { name: card.name })}
        text={address}
        fileName={`qr-${card.name.replace(/[^\p{L}\p{N}-]+/gu, "-")}`}
      />
      <EmbedCodeDialog
        isOpen={dialog === "embed"}
        onClose={() => setDialog(null)}
        channelName={card.name}
        frameTitle={card.epaper?.publishedName ?? card.epaper?.name ?? card.name}
        pageRatio={card.epaper?.pageRatio ?? null}
        address={address}
        empty={!card.epaper}
      />
    </article>
  );
}
