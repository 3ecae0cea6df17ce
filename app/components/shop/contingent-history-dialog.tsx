import { useEffect, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useFetcher } from "react-router";
import { Checkbox } from "#app/components/ui/fields";
import { Dialog } from "#app/components/ui/dialog";
import { DataTable, tableCell as cell } from "#app/components/ui/data-table";
import type { loader as historyLoader } from "#app/routes/resources/licence-history";
import type { LicenceHistoryRow } from "#app/rules/shop";
import { formatDate } from "#app/utils/format-date";

/**
 * The contingent history (studio-admin.md §2, 80 %): action, trigger, moment, quantity and
 * details of every change of the account's contingent, newest first, 20 per page; the shop's
 * order steps are hidden until the user shows them (§9).
 */
export function ContingentHistoryDialog(props: { isOpen: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<typeof historyLoader>();
  const [page, setPage] = useState(1);
  const [showShop, setShowShop] = useState(false);
  const { load } = fetcher;
  useEffect(() => {
    if (props.isOpen) void load(`/resources/licence-history?page=${page}${showShop ? "&shop=1" : ""}`);
  }, [props.isOpen, page, showShop, load]);
  const result = fetcher.data && "rows" in fetcher.data ? fetcher.data : null;
  const moment = (iso: string) =>
    `${formatDate(iso, i18n.language)} ${new Date(iso).toLocaleTimeString(i18n.language, { hour: "2-digit", minute: "2-digit", timeZone: "UTC" })}`;
  const details = (row: LicenceHistoryRow) =>
    [
      row.epaperName ? t("contingentHistory.details.epaper", { name: row.epaperName }) : null,
      row.userName ? t("contingentHistory.details.user", { name: row.userName }) : null,
      row.triggeredByAdmin ? t("contingentHistory.details.admin") : null,
      row.triggeredBySupport ? t("contingentHistory.details.support") : null,
      row.orderCode ? t("contingentHistory.details.orderCode", { code: row.orderCode }) : null,
      row.subscriptionId ? t("contingentHistory.details.subscription", { id: row.subscriptionId }) : null,
    ]
      .filter(Boolean)
      .join(" · ");
  return (
    <Dialog isOpen={props.isOpen} onOpenChange={(open) => !open && props.onClose()} title={t("contingentHistory.title")} maxWidth="80%">
      <div className="flex flex-col gap-3">
        <Checkbox
          isSelected={showShop}
          onChange={(selected) => {
            setShowShop(selected);
            setPage(1);
          }}
        >
          {t("contingentHistory.showShopActions")}
        </Checkbox>
        {!result ? (
          <p role="status">{t("contingentHistory.loading")}</p>
        ) : result.rows.length === 0 ? (
          <p>{t("contingentHistory.empty")}</p>
        ) : (
          <DataTable
            label={t("contingentHistory.title")}
            maxHeight="max-h-[70vh]"
            columns={(["action", "trigger", "moment", "quantity", "details"] as const).map((column) =>
              t(`contingentHistory.columns.${column}`),
            )}
          >
            {result.rows.map((row) => (
              <tr key={row.id} className="border-t border-slate-200">
                <th scope="row" className={`${cell} font-medium`}>
                  {t(`contingentHistory.actions.${row.action}`)}
                </th>
                <td className={cell}>{t(`contingentHistory.triggers.${row.trigger}`)}</td>
                <td className={`${cell} whitespace-nowrap`}>{moment(row.createdAt)}</td>
                <td className={`${cell} tabular-nums`}>{row.quantity}</td>
                <td className={cell}>{details(row)}</td>
              </tr>
            ))}
          </DataTable>
        )}
        {result && result.pageCount > 1 ? (
          <nav aria-label={t("epaper.grid.pagination")} className="flex flex-wrap justify-center gap-1">
            {Array.from({ length: result.pageCount }, (_, index) => index + 1).map((target) => (
              <button
                key={target}
                type="button"
                onClick={() => setPage(target)}
                aria-current={target === result.page ? "page" : undefined}
                aria-label={t("epaper.grid.page", { page: target })}
                className="min-h-10 min-w-10 rounded-lg px-2 ring-1 ring-slate-300 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
              >
                {target}
              </button>
            ))}
          </nav>
        ) : null}
      </div>
    </Dialog>
  );
}
