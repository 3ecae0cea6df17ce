import { useEffect, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Link, useFetcher } from "react-router";
import { Button, buttonClassName } from "#app/components/ui/button";
import { Dialog } from "#app/components/ui/dialog";
import { DataTable, tableCell as cell } from "#app/components/ui/data-table";
import type { action as shopChannelsAction, loader as shopChannelsLoader } from "#app/routes/resources/shop-channels";
import { shopPath } from "#app/rules/shell-menu";
import type { ShopChannelRow } from "#app/rules/shop";
import { formatDate } from "#app/utils/format-date";
import { MoveSubscriptionDialog } from "./move-subscription-dialog.tsx";

const ENDPOINT = "/resources/shop-channels";

/**
 * The shop channels dialog (studio-admin.md §2 'manage channels', 80 %; table at most 600 px high):
 * every channel subscription booked in the shop with its channel, term and status; rejected rows
 * show their reason in red (§8). Cancelling happens in the shop, which tells the studio; moving a
 * subscription to another channel of the account happens here (§7 shop-channel update; issue 30).
 */
export function ShopChannelsDialog(props: { isOpen: boolean; onClose: () => void; canBook: boolean }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<typeof shopChannelsLoader>();
  const write = useFetcher<typeof shopChannelsAction>();
  const [moving, setMoving] = useState<ShopChannelRow | null>(null);
  const { load } = fetcher;
  useEffect(() => {
    if (props.isOpen) void load(ENDPOINT);
  }, [props.isOpen, load]);
  // After a move (or its refusal, shown as a toast) the list is fetched again.
  useEffect(() => {
    if (write.state === "idle" && write.data) void load(ENDPOINT);
  }, [write.state, write.data, load]);
  const rows = fetcher.data && "subscriptions" in fetcher.data ? fetcher.data.subscriptions : null;
  const targets = fetcher.data && "moveTargets" in fetcher.data ? fetcher.data.moveTargets : [];
  const date = (iso: string | null) => (iso ? formatDate(iso, i18n.language) : "–");
  const status = (row: ShopChannelRow) =>
    row.rejected ? (
      <span className="font-semibold text-red-700">{t("shopChannels.status.rejected", { reason: row.rejectedReason ?? "" })}</span>
    ) : row.cancelledAt ? (
      t("shopChannels.status.cancelled", { date: date(row.removeAt ?? row.currentTermEndsAt) })
    ) : (
      t("shopChannels.status.active")
    );
  return (
    <Dialog isOpen={props.isOpen} onOpenChange={(open) => !open && props.onClose()} title={t("shopChannels.title")} maxWidth="80%">
      <div className="flex flex-col gap-3">
        <p className="text-slate-700">{t("shopChannels.intro")}</p>
        {!rows ? (
          <p role="status">{t("contingentHistory.loading")}</p>
        ) : rows.length === 0 ? (
          <p>{t("shopChannels.empty")}</p>
        ) : (
          <DataTable
            label={t("shopChannels.title")}
            maxHeight="max-h-[600px]"
            columns={(["channel", "subscription", "booked", "term", "status", "actions"] as const).map((column) =>
              t(`shopChannels.columns.${column}`),
            )}
          >
            {rows.map((row) => (
              <tr key={row.subscriptionId} className="border-t border-slate-200">
                <th scope="row" className={`${cell} font-medium`}>
                  {row.channelId ? (
                    <Link to={`/channel?channelId=${encodeURIComponent(row.channelId)}`} className="text-brand-700 underline">
                      {row.channelName}
                    </Link>
                  ) : (
                    t("shopChannels.noChannel")
                  )}
                </th>
                <td className={`${cell} break-all`}>{row.subscriptionId}</td>
                <td className={cell}>{date(row.createdAt)}</td>
                <td className={cell}>{date(row.currentTermEndsAt)}</td>
                <td className={cell}>{status(row)}</td>
                <td className={cell}>
                  {row.rejected ? null : (
                    <Button
                      variant="secondary"
                      isDisabled={write.state !== "idle"}
                      onPress={() => setMoving(row)}
                      aria-label={
                        row.channelName
                          ? t("shopChannels.move.label", { channel: row.channelName })
                          : t("shopChannels.move.labelNoChannel", { subscription: row.subscriptionId })
                      }
                    >
                      {t("shopChannels.move.button")}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        <MoveSubscriptionDialog
          row={moving}
          targets={targets}
          onClose={() => setMoving(null)}
          onMove={(values) => void write.submit({ intent: "move", ...values }, { method: "post", action: ENDPOINT })}
        />
        {props.canBook ? (
          <Link to={shopPath("channel")} className={buttonClassName("primary", "self-start")}>
            {t("shopChannels.book")}
          </Link>
        ) : null}
      </div>
    </Dialog>
  );
}
