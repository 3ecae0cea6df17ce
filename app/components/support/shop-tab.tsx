import { useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useFetcher } from "react-router";
import { ORDER_TYPES } from "#app/rules/shop";
import type { OrderCodeRow } from "#app/rules/support-rows";
import { bodyCell, headerCell, InlineEdit, IntentButton } from "./support-controls.tsx";

/*
 * The shop tab of the support page (studio-admin.md §2 'editable order codes grouped by type';
 * issue 14): per order type, the codes the shop page offers (ADR 0040), their texts edited inline,
 * a form to add a code and a button to remove one. No pager (§2).
 */
export function ShopTab({ codes }: { codes: OrderCodeRow[] }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-8">
      {ORDER_TYPES.map((type) => (
        <section key={type} aria-labelledby={`shop-${type}`}>
          <h3 id={`shop-${type}`} className="mb-2 font-bold">
            {t(`support.shop.groups.${type}`)}
          </h3>
          <table className="w-full border-collapse text-sm">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={headerCell}>
                  {t("support.shop.key")}
                </th>
                <th scope="col" className={headerCell}>
                  {t("support.shop.text")}
                </th>
                <th scope="col" className={headerCell}>
                  {t("support.columns.actions")}
                </th>
              </tr>
            </thead>
            <tbody>
              {codes
                .filter((code) => code.type === type)
                .map((code) => (
                  <tr key={code.id} className="border-t border-slate-100">
                    <th scope="row" className={`${bodyCell} font-mono font-semibold`}>
                      {code.codeKey}
                    </th>
                    <td className={bodyCell}>
                      <InlineEdit
                        intent="updateOrderCode"
                        fields={{ orderCodeId: code.id }}
                        value={code.text}
                        label={t("support.shop.textLabel", { key: code.codeKey })}
                        width="w-full max-w-md"
                      />
                    </td>
                    <td className={bodyCell}>
                      <IntentButton
                        intent="deleteOrderCode"
                        fields={{ orderCodeId: code.id }}
                        label={t("support.shop.deleteLabel", { key: code.codeKey })}
                      >
                        {t("support.shop.delete")}
                      </IntentButton>
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
          <AddCode type={type} />
        </section>
      ))}
    </div>
  );
}

function AddCode({ type }: { type: (typeof ORDER_TYPES)[number] }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const [form, setForm] = useState({ codeKey: "", text: "" });
  const input = "min-h-11 rounded-lg border border-slate-300 px-3";
  return (
    <fetcher.Form
      method="post"
      className="mt-3 flex flex-wrap items-end gap-2"
      aria-label={`${t("support.shop.addTitle")}: ${t(`support.shop.groups.${type}`)}`}
      onSubmit={() => setForm({ codeKey: "", text: "" })}
    >
      <input type="hidden" name="intent" value="addOrderCode" />
      <input type="hidden" name="type" value={type} />
      <label className="flex flex-col text-sm font-semibold">
        {t("support.shop.key")}
        <input
          name="codeKey"
          value={form.codeKey}
          onChange={(e) => setForm({ ...form, codeKey: e.target.value })}
          className={`${input} mt-1 w-40 font-mono`}
        />
      </label>
      <label className="flex flex-col text-sm font-semibold">
        {t("support.shop.text")}
        <input
          name="text"
          value={form.text}
          onChange={(e) => setForm({ ...form, text: e.target.value })}
          className={`${input} mt-1 w-72 max-w-full`}
        />
      </label>
      <button type="submit" className="min-h-11 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700">
        {t("support.shop.add")}
      </button>
    </fetcher.Form>
  );
}
