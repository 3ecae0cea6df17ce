import { useTranslation } from "#app/components/hooks/use-translation";
import type { ShopDebugView } from "#app/rules/support-rows";
import { ActiveSearch, bodyCell, headerCell, SupportTable, When } from "./support-controls.tsx";

/*
 * The shop debug (studio-admin.md §2 'shop debug', a support-only tool; issue 14): what the shop
 * told the studio (webhook events) and the channel subscriptions it knows, the latest 25 of each,
 * or those of the id the header's search names (account, subscription, channel or event id).
 */
export function ShopDebug({ debug }: { debug: ShopDebugView }) {
  const { t } = useTranslation();
  const none = t("support.none");
  return (
    <section aria-labelledby="shop-debug" className="mt-10 flex flex-col gap-6">
      <div>
        <h3 id="shop-debug" className="font-bold">
          {t("support.shopDebug.title")}
        </h3>
        <p className="text-sm text-slate-700">{t("support.shopDebug.text")}</p>
        <ActiveSearch search={debug.search} />
      </div>
      <DebugTable
        label={t("support.shopDebug.subscriptions")}
        empty={debug.subscriptions.length === 0}
        columns={["subscriptionId", "account", "channel", "termEnds", "cancelled", "rejected", "createdAt"]}
      >
        {debug.subscriptions.map((row) => (
          <tr key={row.subscriptionId} className="border-t border-slate-100">
            <th scope="row" className={`${bodyCell} font-mono font-normal`}>
              {row.subscriptionId}
            </th>
            <td className={bodyCell}>
              {row.accountName} <code className="text-xs">({row.accountId})</code>
            </td>
            <td className={bodyCell}>{row.channelName ?? row.channelId ?? none}</td>
            <td className={bodyCell}>{row.currentTermEndsAt ? <When date={row.currentTermEndsAt} /> : none}</td>
            <td className={bodyCell}>{row.cancelledAt ? <When date={row.cancelledAt} time /> : none}</td>
            <td className={bodyCell}>{row.rejected ? (row.rejectedReason ?? t("support.yes")) : none}</td>
            <td className={bodyCell}>
              <When date={row.createdAt} time />
            </td>
          </tr>
        ))}
      </DebugTable>
      <DebugTable
        label={t("support.shopDebug.events")}
        empty={debug.events.length === 0}
        columns={["eventId", "type", "account", "receivedAt"]}
      >
        {debug.events.map((row) => (
          <tr key={row.eventId} className="border-t border-slate-100">
            <th scope="row" className={`${bodyCell} font-mono font-normal`}>
              {row.eventId}
            </th>
            <td className={bodyCell}>{row.type}</td>
            <td className={bodyCell}>{row.accountId ? `${row.accountName ?? ""} (${row.accountId})` : none}</td>
            <td className={bodyCell}>
              <When date={row.receivedAt} time />
            </td>
          </tr>
        ))}
      </DebugTable>
    </section>
  );
}

function DebugTable({ label, empty, columns, children }: { label: string; empty: boolean; columns: string[]; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div>
      <h4 className="mb-2 font-semibold">{label}</h4>
      <SupportTable
        label={label}
        empty={empty}
        head={columns.map((column) => (
          <th key={column} scope="col" className={headerCell}>
            {t(`support.shopDebug.columns.${column}` as never)}
          </th>
        ))}
      >
        {children}
      </SupportTable>
    </div>
  );
}
