import { useTranslation } from "#app/components/hooks/use-translation";
import { href, Link } from "react-router";
import type { AccountView } from "#app/rules/support-rows";
import { drawerButton, type OpenDrawer } from "./customer-tables.tsx";
import {
  bodyCell,
  headerCell,
  InlineEdit,
  IntentButton,
  IntentSwitch,
  type ListState,
  SortHeader,
  SupportTable,
  When,
  YesNo,
} from "./support-controls.tsx";

/*
 * The accounts table of the support page (studio-admin.md §2; issue 14): the exact columns of the
 * spec, each row's actions posting one intent to /support/:tab. A try-it (generated) account's
 * row shows its storage time and the button that renews it (renew-generated-account, §7; issue 30).
 */

const usersHref = (search: string) => `${href("/support/:tab", { tab: "users" })}?search=${encodeURIComponent(search)}`;

export function AccountsTable({
  rows,
  state,
  label,
  openDrawer,
}: {
  rows: AccountView[];
  state: ListState;
  label: string;
  openDrawer: OpenDrawer;
}) {
  const { t } = useTranslation();
  const c = (key: string) => t(`support.columns.${key}` as never);
  const number = (row: AccountView, field: "zipContingent" | "zipPostProcessingDays" | "previewLinkExpiryDays" | "pageExchangeMax") => (
    <InlineEdit
      intent="updateAccount"
      fields={{ accountId: row.id, field }}
      value={row[field] === null ? "" : String(row[field])}
      placeholder={t("support.accounts.defaultPlaceholder")}
      isDisabled={!row.canEdit}
      label={t("support.accounts.editLabel", { column: c(field), name: row.name })}
      type="number"
      width="w-20"
    />
  );
  return (
    <SupportTable
      label={label}
      empty={rows.length === 0}
      head={
        <>
          <SortHeader label={c("name")} prop="name" state={state} />
          <th className={headerCell}>{c("supportId")}</th>
          <th className={headerCell}>{c("generated")}</th>
          <th className={headerCell}>{c("unconfirmed")}</th>
          <th className={headerCell}>{c("active")}</th>
          <th className={headerCell}>{c("users")}</th>
          <SortHeader label={c("zipContingent")} prop="zipContingent" state={state} />
          <th className={headerCell}>{c("zipPostProcessingDays")}</th>
          <th className={headerCell}>{c("channels")}</th>
          <th className={headerCell}>{c("previewLinkExpiryDays")}</th>
          <th className={headerCell}>{c("pageExchangeMax")}</th>
          <SortHeader label={c("createdAt")} prop="createdAt" state={state} />
          <th className={headerCell}>{c("actions")}</th>
        </>
      }
    >
      {rows.map((row) => (
        <tr
          key={row.id}
          className={`border-t border-slate-100 ${row.isCurrent ? "bg-brand-50" : ""}`}
          aria-current={row.isCurrent ? "true" : undefined}
        >
          <th scope="row" className={`${bodyCell} font-semibold`}>
            {row.name}
            {row.isCurrent ? <span className="block text-xs font-normal text-brand-700">{t("support.accounts.current")}</span> : null}
            {row.isProtected ? <span className="block text-xs font-normal">{t("support.accounts.protected")}</span> : null}
            {row.isDemoAccount ? <span className="block text-xs font-normal">{t("support.accounts.demo")}</span> : null}
          </th>
          <td className={bodyCell}>
            <code className="text-xs">{row.id}</code>
          </td>
          <td className={bodyCell}>
            <YesNo value={row.isGenerated} />
            {row.isGenerated ? <StorageTime row={row} /> : null}
          </td>
          <td className={bodyCell}>
            <YesNo value={row.isTemporary && !row.isGenerated} />
          </td>
          <td className={bodyCell}>
            <IntentSwitch
              intent="setAccountActive"
              fields={{ accountId: row.id }}
              name="active"
              isSelected={row.isActive}
              isDisabled={!row.canDeactivate}
              label={t("support.accounts.activeLabel", { name: row.name })}
            />
          </td>
          <td className={bodyCell}>
            <Link to={usersHref(row.id)} className="underline">
              {t("support.accounts.usersLink", { active: row.activeUsers, base: row.baseUsers })}
              <span className="sr-only"> {t("support.accounts.usersLinkLabel", { name: row.name })}</span>
            </Link>
          </td>
          <td className={bodyCell}>{number(row, "zipContingent")}</td>
          <td className={bodyCell}>{number(row, "zipPostProcessingDays")}</td>
          <td className={bodyCell}>
            <span className="me-2">{row.channels}</span>
            <IntentButton
              intent="addChannels"
              fields={{ accountId: row.id, count: "1" }}
              isDisabled={!row.canEdit}
              label={t("support.accounts.addChannels", { name: row.name })}
            >
              +
            </IntentButton>
          </td>
          <td className={bodyCell}>{number(row, "previewLinkExpiryDays")}</td>
          <td className={bodyCell}>{number(row, "pageExchangeMax")}</td>
          <td className={bodyCell}>
            <When date={row.createdAt} />
          </td>
          <td className={`${bodyCell} whitespace-nowrap`}>
            <div className="flex gap-1">
              <button
                type="button"
                className={drawerButton}
                aria-label={t("support.accounts.audit", { name: row.name })}
                onClick={() => openDrawer({ kind: "audit", accountId: row.id, title: t("support.accounts.audit", { name: row.name }) })}
              >
                {t("support.actions.audit")}
              </button>
              <button
                type="button"
                className={drawerButton}
                aria-label={t("apiKeys.support.title", { name: row.name })}
                onClick={() => openDrawer({ kind: "apiKeys", accountId: row.id, title: t("apiKeys.support.title", { name: row.name }) })}
              >
                {t("apiKeys.support.open")}
              </button>
              <IntentButton
                intent="switchAccount"
                fields={{ accountId: row.id }}
                isDisabled={row.isCurrent || !row.canSwitch}
                label={t("support.accounts.switch", { name: row.name })}
              >
                {t("support.actions.switch")}
              </IntentButton>
              <IntentButton
                intent="deleteAllEpapers"
                fields={{ accountId: row.id }}
                isDisabled={!row.canDeleteAllEpapers}
                label={t("support.accounts.deleteAllEpapers", { name: row.name })}
                confirm={{
                  title: t("support.accounts.deleteAllEpapersTitle"),
                  text: t("support.accounts.deleteAllEpapersText", { name: row.name }),
                  confirm: t("support.accounts.deleteAllEpapers", { name: row.name }),
                }}
              >
                {t("support.actions.deleteAllEpapers")}
              </IntentButton>
              <IntentButton
                intent="deleteAccount"
                fields={{ accountId: row.id }}
                isDisabled={!row.canDelete}
                label={t("support.accounts.deleteAccount", { name: row.name })}
                confirm={{
                  title: t("support.accounts.deleteAccountTitle"),
                  text: t("support.accounts.deleteAccountText", { name: row.name }),
                  confirm: t("support.accounts.deleteAccount", { name: row.name }),
                }}
              >
                {t("support.actions.deleteAccount")}
              </IntentButton>
            </div>
          </td>
        </tr>
      ))}
    </SupportTable>
  );
}

/** A try-it account's storage time (ADR 0015) and the button that starts it again from now. */
function StorageTime({ row }: { row: AccountView }) {
  const { t } = useTranslation();
  return (
    <span className="mt-1 flex flex-wrap items-center gap-1 text-xs">
      <span>
        {t("support.accounts.keptUntil")} <When date={row.removeAt} />
      </span>
      <IntentButton
        intent="renewGeneratedAccount"
        fields={{ accountId: row.id }}
        isDisabled={!row.canRenew}
        label={t("support.accounts.renewStorage", { name: row.name })}
      >
        {t("support.actions.renewStorage")}
      </IntentButton>
    </span>
  );
}
