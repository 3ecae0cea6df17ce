import { DayField } from "#app/components/ui/date-field";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Button as AriaButton, Dialog, DialogTrigger, Popover } from "react-aria-components";
import { href, Link, useFetcher } from "react-router";
import { channelRowTone, renderProcessRowTone } from "#app/rules/support-lists";
import type { ChannelView, RenderProcessView, SupportEmailJobRow } from "#app/rules/support-rows";
import type { SupportDrawerTarget } from "./support-drawers.tsx";
import {
  bodyCell,
  headerCell,
  IntentButton,
  IntentSwitch,
  type ListState,
  SortHeader,
  SupportTable,
  TONE_CLASS,
  When,
  YesNo,
} from "./support-controls.tsx";

/*
 * The channels, render processes and e-mail jobs tables of the support page (studio-admin.md §2,
 * §4 row colours; issue 14).
 */

const tabHref = (tab: "accounts" | "epaper", search: string) => `${href("/support/:tab", { tab })}?search=${encodeURIComponent(search)}`;

export function ChannelsTable({ rows, state, label }: { rows: ChannelView[]; state: ListState; label: string }) {
  const { t } = useTranslation();
  const c = (key: string) => t(`support.columns.${key}` as never);
  return (
    <SupportTable
      label={label}
      empty={rows.length === 0}
      head={
        <>
          <SortHeader label={c("name")} prop="name" state={state} />
          <th className={headerCell}>{c("account")}</th>
          <th className={headerCell}>{c("epaper")}</th>
          <th className={headerCell}>{c("shortPath")}</th>
          <th className={headerCell}>{c("process")}</th>
          <th className={headerCell}>{c("disabled")}</th>
          <SortHeader label={c("createdAt")} prop="createdAt" state={state} />
          <SortHeader label={c("updatedAt")} prop="updatedAt" state={state} />
          <SortHeader label={c("publishedAt")} prop="publishedAt" state={state} />
          <th className={headerCell}>{c("subscriptionId")}</th>
          <th className={headerCell}>{c("removeAt")}</th>
          <th className={headerCell}>{c("actions")}</th>
        </>
      }
    >
      {rows.map((row) => {
        const tone = channelRowTone(row);
        return (
          <tr key={row.id} className={`border-t border-slate-100 ${TONE_CLASS[tone]}`} data-tone={tone}>
            <th scope="row" className={`${bodyCell} font-semibold`}>
              {row.name}
              <span className="sr-only"> ({t(`support.tones.${tone}`)})</span>
            </th>
            <td className={bodyCell}>
              <Link to={tabHref("accounts", row.accountId)} className="underline">
                {row.accountName}
              </Link>
            </td>
            <td className={bodyCell}>
              {row.epaperId ? (
                <Link to={tabHref("epaper", row.epaperId)} className="underline">
                  {row.epaperName}
                </Link>
              ) : (
                t("support.none")
              )}
            </td>
            <td className={bodyCell}>
              <code className="text-xs">{row.shortPath}</code>
            </td>
            <td className={bodyCell}>{row.processRunning ? (row.processType ?? "") : t("support.none")}</td>
            <td className={bodyCell}>
              <IntentSwitch
                intent="setChannelDisabled"
                fields={{ channelId: row.id }}
                name="disabled"
                isSelected={row.disabled}
                isDisabled={row.busy || !row.canAct}
                label={t("support.channels.disabledLabel", { name: row.name })}
              />
            </td>
            <td className={bodyCell}>
              <When date={row.createdAt} />
            </td>
            <td className={bodyCell}>
              <When date={row.updatedAt} />
            </td>
            <td className={bodyCell}>
              <When date={row.publishedAt} />
            </td>
            <td className={bodyCell}>
              {row.subscriptionId ?? t("support.none")}
              {row.rejected ? <span className="block text-xs font-semibold text-red-700">{t("support.channels.rejected")}</span> : null}
            </td>
            <td className={bodyCell}>
              <RemoveAtPicker row={row} />
            </td>
            <td className={`${bodyCell} whitespace-nowrap`}>
              <div className="flex gap-1">
                <IntentButton
                  intent="cancelChannel"
                  fields={{ channelId: row.id }}
                  isDisabled={!row.canAct || !(row.busy && row.processType === "publishing_channel")}
                  label={t("support.channels.cancel", { name: row.name })}
                >
                  {t("support.actions.cancelPublishing")}
                </IntentButton>
                <a
                  href={row.url}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={t("support.channels.visit", { name: row.name })}
                  title={t("support.channels.visit", { name: row.name })}
                  className="inline-flex min-h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-100"
                >
                  {t("support.actions.visit")}
                </a>
                <IntentButton
                  intent="deleteChannel"
                  fields={{ channelId: row.id }}
                  isDisabled={!row.canDelete}
                  label={t("support.channels.delete", { name: row.name })}
                  confirm={{
                    title: t("support.channels.deleteTitle"),
                    text: t("support.channels.deleteText", { name: row.name }),
                    confirm: t("support.channels.delete", { name: row.name }),
                  }}
                >
                  {t("support.actions.delete")}
                </IntentButton>
              </div>
            </td>
          </tr>
        );
      })}
    </SupportTable>
  );
}

/** The removal date (§4, §5): a date field from today on, saved on change; disabled for subscribed and demo channels. */
function RemoveAtPicker({ row }: { row: ChannelView }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const value = row.removeAt ? new Date(row.removeAt).toISOString().slice(0, 10) : "";
  return (
    <DayField
      key={value}
      label={t("support.channels.removeAtLabel", { name: row.name })}
      labelHidden
      defaultValue={value}
      min={new Date().toISOString().slice(0, 10)}
      isDisabled={!row.canSetRemoveAt}
      onCommit={(next) => fetcher.submit({ intent: "setChannelRemoveAt", channelId: row.id, removeAt: next ?? "" }, { method: "POST" })}
    />
  );
}

export function RenderProcessesTable({
  rows,
  state,
  label,
  now,
  openDrawer,
}: {
  rows: RenderProcessView[];
  state: ListState;
  label: string;
  now: Date;
  openDrawer: (target: SupportDrawerTarget) => void;
}) {
  const { t } = useTranslation();
  const c = (key: string) => t(`support.columns.${key}` as never);
  return (
    <SupportTable
      label={label}
      empty={rows.length === 0}
      head={
        <>
          <th className={headerCell}>{c("epaper")}</th>
          <th className={headerCell}>{c("renderServiceId")}</th>
          <th className={headerCell}>{c("renderserverUrl")}</th>
          <th className={headerCell}>{c("active")}</th>
          <th className={headerCell}>{c("downloadDone")}</th>
          <th className={headerCell}>{c("splitDone")}</th>
          <SortHeader label={c("createdAt")} prop="createdAt" state={state} />
          <SortHeader label={c("updatedAt")} prop="updatedAt" state={state} />
        </>
      }
    >
      {rows.map((row) => {
        const tone = renderProcessRowTone({ active: row.active, updatedAt: new Date(row.updatedAt) }, new Date(now));
        return (
          <tr key={row.id} className={`border-t border-slate-100 ${TONE_CLASS[tone]}`} data-tone={tone}>
            <th scope="row" className={`${bodyCell} font-semibold`}>
              <Link to={tabHref("epaper", row.epaperId)} className="underline">
                {row.epaperName}
              </Link>{" "}
              ({row.pageCountReady}/{row.pageCount})<span className="sr-only"> ({t(`support.tones.${tone}`)})</span>
            </th>
            <td className={bodyCell}>{row.renderServiceId ?? t("support.none")}</td>
            <td className={bodyCell}>
              {row.renderserverUrl ? (
                row.showServer ? (
                  // The host opens the render-server drawer (renderserver permission, §2).
                  <button
                    type="button"
                    className="rounded text-left underline outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                    aria-label={t("support.renderNode.open", { url: row.renderserverUrl })}
                    onClick={() => openDrawer({ kind: "renderNode", url: row.renderserverUrl ?? "", title: t("support.renderNode.title") })}
                  >
                    <code className="text-xs">{row.renderserverUrl}</code>
                  </button>
                ) : (
                  t("support.none")
                )
              ) : (
                t("support.none")
              )}
            </td>
            <td className={bodyCell}>
              <IntentSwitch
                intent="setRenderProcessActive"
                fields={{ renderProcessId: row.id }}
                name="active"
                isSelected={row.active}
                isDisabled={!row.canAct}
                label={t("support.renderprocesses.activeLabel", { name: row.epaperName })}
              />
            </td>
            <td className={bodyCell}>
              <YesNo value={row.downloadDone} />
            </td>
            <td className={bodyCell}>
              <YesNo value={row.splitDone} />
            </td>
            <td className={bodyCell}>
              <When date={row.createdAt} time />
            </td>
            <td className={bodyCell}>
              <When date={row.updatedAt} time />
            </td>
          </tr>
        );
      })}
    </SupportTable>
  );
}

export function EmailJobsTable({ rows, state, label }: { rows: SupportEmailJobRow[]; state: ListState; label: string }) {
  const { t } = useTranslation();
  const c = (key: string) => t(`support.columns.${key}` as never);
  return (
    <SupportTable
      label={label}
      empty={rows.length === 0}
      head={
        <>
          <th className={headerCell}>{c("recipient")}</th>
          <th className={headerCell}>{c("type")}</th>
          <SortHeader label={c("attempts")} prop="attempts" state={state} />
          <th className={headerCell}>{c("mailerMessageId")}</th>
          <SortHeader label={c("createdAt")} prop="createdAt" state={state} />
          <SortHeader label={c("updatedAt")} prop="updatedAt" state={state} />
          <th className={headerCell}>{c("actions")}</th>
        </>
      }
    >
      {rows.map((row) => (
        // §4: rows with a mailer error get their own style.
        <tr
          key={row.id}
          className={`border-t border-slate-100 ${row.mailerError ? "bg-red-50" : ""}`}
          data-failed={row.mailerError !== null}
        >
          <th scope="row" className={`${bodyCell} font-semibold`}>
            {row.recipientEmail}
            {row.mailerError ? (
              <span className="block text-xs font-normal text-red-800">{t("support.emailJobs.error", { error: row.mailerError })}</span>
            ) : null}
          </th>
          <td className={bodyCell}>{row.type}</td>
          <td className={bodyCell}>{row.attempts}</td>
          <td className={bodyCell}>
            <code className="text-xs break-all">{row.mailerMessageId ?? t("support.none")}</code>
          </td>
          <td className={bodyCell}>
            <When date={row.createdAt} time />
          </td>
          <td className={bodyCell}>
            <When date={row.updatedAt} time />
          </td>
          <td className={`${bodyCell} whitespace-nowrap`}>
            <div className="flex gap-1">
              <DialogTrigger>
                <AriaButton
                  aria-label={t("support.emailJobs.variablesLabel", { email: row.recipientEmail })}
                  className="inline-flex min-h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-semibold ring-1 ring-slate-300 data-[hovered]:bg-slate-100"
                >
                  {t("support.actions.variables")}
                </AriaButton>
                <Popover placement="bottom end" className="max-w-md rounded-xl bg-white p-3 shadow-lg ring-1 ring-slate-200">
                  <Dialog aria-label={t("support.emailJobs.variables")} className="outline-none">
                    <pre className="max-h-80 overflow-auto text-xs whitespace-pre-wrap">{row.templateVars ?? t("support.none")}</pre>
                  </Dialog>
                </Popover>
              </DialogTrigger>
              <IntentButton
                intent="resendEmail"
                fields={{ emailJobId: row.id }}
                label={t("support.emailJobs.resend", { email: row.recipientEmail })}
              >
                {t("support.actions.resend")}
              </IntentButton>
            </div>
          </td>
        </tr>
      ))}
    </SupportTable>
  );
}
