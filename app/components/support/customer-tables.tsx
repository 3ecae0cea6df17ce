import { useTranslation } from "#app/components/hooks/use-translation";
import { href, Link } from "react-router";
import { DocumentIcon } from "#app/components/ui/icons";
import { epaperRowTone } from "#app/rules/support-lists";
import type { EpaperView, UserView } from "#app/rules/support-rows";
import {
  bodyCell,
  headerCell,
  InlineEdit,
  IntentButton,
  type ListState,
  SortHeader,
  SupportTable,
  TONE_CLASS,
  When,
  YesNo,
} from "./support-controls.tsx";
import type { SupportDrawerTarget } from "./support-drawers.tsx";

/*
 * The users and ePaper tables of the support page (studio-admin.md §2; issue 14): the exact
 * columns of the spec, each row's actions posting one intent to /support/:tab. The accounts
 * table is in accounts-table.tsx.
 */

export type OpenDrawer = (target: SupportDrawerTarget) => void;
export const drawerButton =
  "inline-flex min-h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-100";

export function UsersTable({ rows, state, label }: { rows: UserView[]; state: ListState; label: string }) {
  const { t } = useTranslation();
  const c = (key: string) => t(`support.columns.${key}` as never);
  const text = (row: UserView, field: "email" | "firstname" | "lastname") => (
    <InlineEdit
      // A support e-mail change is a request (issue 27): the field shows the address in force again.
      key={`${row[field]}|${row.requestedEmail ?? ""}`}
      intent="updateUser"
      fields={{ userId: row.id, field }}
      value={row[field]}
      isDisabled={!row.canEdit}
      type={field === "email" ? "email" : "text"}
      width={field === "email" ? "w-56" : "w-32"}
      label={t("support.accounts.editLabel", { column: c(field), name: row.email })}
    />
  );
  return (
    <SupportTable
      label={label}
      empty={rows.length === 0}
      head={
        <>
          <SortHeader label={c("email")} prop="email" state={state} />
          <SortHeader label={c("firstname")} prop="firstname" state={state} />
          <SortHeader label={c("lastname")} prop="lastname" state={state} />
          <th className={headerCell}>{c("customerId")}</th>
          <th className={headerCell}>{c("accounts")}</th>
          <th className={headerCell}>{c("generated")}</th>
          <th className={headerCell}>{c("unconfirmed")}</th>
          <SortHeader label={c("createdAt")} prop="createdAt" state={state} />
          <th className={headerCell}>{c("permissions")}</th>
          <th className={headerCell}>{c("actions")}</th>
        </>
      }
    >
      {rows.map((row) => (
        <tr key={row.id} className="border-t border-slate-100">
          <td className={bodyCell}>
            {text(row, "email")}
            {row.requestedEmail ? (
              <span className="mt-1 block text-xs text-slate-700">
                {t(row.emailChangeRequestedBy ? "support.users.requestedEmailApproval" : "support.users.requestedEmail", {
                  email: row.requestedEmail,
                })}
              </span>
            ) : null}
          </td>
          <td className={bodyCell}>{text(row, "firstname")}</td>
          <td className={bodyCell}>{text(row, "lastname")}</td>
          <td className={bodyCell}>{row.customerId ?? t("support.none")}</td>
          <td className={bodyCell}>
            <Link to={accountsHref(row.accountId)} className="block underline">
              {row.accountName}
            </Link>
            {row.baseAccountId !== row.accountId ? (
              <Link to={accountsHref(row.baseAccountId)} className="block text-xs underline">
                {row.baseAccountName} ({t("support.users.own")})
              </Link>
            ) : null}
          </td>
          <td className={bodyCell}>
            <YesNo value={row.isGenerated} />
          </td>
          <td className={bodyCell}>
            <YesNo value={row.isTemporary && !row.isGenerated} />
          </td>
          <td className={bodyCell}>
            <When date={row.createdAt} />
          </td>
          <td className={`${bodyCell} whitespace-nowrap`}>
            <div className="flex gap-1">
              {row.permissionButtons.map((button) => {
                const level = t(`support.users.levels.${button.priority}`);
                return (
                  <IntentButtonPressed
                    key={button.priority}
                    held={button.held}
                    userId={row.id}
                    priority={button.priority}
                    enabled={button.enabled}
                    text={level}
                    label={t("support.users.permissionLabel", { level, email: row.email })}
                  />
                );
              })}
            </div>
          </td>
          <td className={`${bodyCell} whitespace-nowrap`}>
            <div className="flex gap-1">
              <IntentButton
                intent="sendPasswordRequest"
                fields={{ userId: row.id }}
                isDisabled={!row.canEdit}
                label={t("support.users.passwordRequest", { email: row.email })}
              >
                {t("support.actions.passwordRequest")}
              </IntentButton>
              <IntentButton
                intent="deleteUser"
                fields={{ userId: row.id }}
                isDisabled={!row.canDelete}
                label={t("support.users.delete", { email: row.email })}
                confirm={{
                  title: t("support.users.deleteTitle"),
                  text: t("support.users.deleteText", { email: row.email }),
                  confirm: t("support.users.delete", { email: row.email }),
                }}
              >
                {t("support.actions.deleteUser")}
              </IntentButton>
            </div>
          </td>
        </tr>
      ))}
    </SupportTable>
  );
}

const accountsHref = (search: string) => `${href("/support/:tab", { tab: "accounts" })}?search=${encodeURIComponent(search)}`;

/** A permission button: pressed when the user holds the level (aria-pressed). */
function IntentButtonPressed(props: { held: boolean; userId: string; priority: string; enabled: boolean; text: string; label: string }) {
  return (
    <span className={props.held ? "[&_button]:bg-brand-600 [&_button]:text-white" : ""}>
      <IntentButton
        intent="togglePermission"
        fields={{ userId: props.userId, priority: props.priority }}
        isDisabled={!props.enabled}
        label={props.label}
        pressed={props.held}
      >
        {props.text}
      </IntentButton>
    </span>
  );
}

export function EpapersTable({
  rows,
  state,
  label,
  openDrawer,
}: {
  rows: EpaperView[];
  state: ListState;
  label: string;
  openDrawer: OpenDrawer;
}) {
  const { t } = useTranslation();
  const c = (key: string) => t(`support.columns.${key}` as never);
  return (
    <SupportTable
      label={label}
      empty={rows.length === 0}
      head={
        <>
          <th className={headerCell}>{c("cover")}</th>
          <SortHeader label={c("name")} prop="name" state={state} />
          <th className={headerCell}>{c("supervisedPages")}</th>
          <th className={headerCell}>{c("account")}</th>
          <th className={headerCell}>{c("fromTemporaryAccount")}</th>
          <th className={headerCell}>{c("process")}</th>
          <th className={headerCell}>{c("publications")}</th>
          <SortHeader label={c("createdAt")} prop="createdAt" state={state} />
          <th className={headerCell}>{c("actions")}</th>
        </>
      }
    >
      {rows.map((row) => {
        const tone = epaperRowTone(row);
        return (
          <tr key={row.id} className={`border-t border-slate-100 ${TONE_CLASS[tone]}`} data-tone={tone}>
            <td className={bodyCell}>
              <IntentButton
                intent="switchAccount"
                fields={{ accountId: row.accountId, epaperId: row.id }}
                label={t("support.epaper.coverLabel", { name: row.name })}
              >
                {row.hasCover ? (
                  <img
                    src={href("/resources/support-image/:epaperId/:file", { epaperId: row.id, file: "cover" })}
                    alt=""
                    loading="lazy"
                    className="h-12 w-9 object-cover"
                  />
                ) : (
                  <DocumentIcon aria-hidden="true" />
                )}
              </IntentButton>
            </td>
            <th scope="row" className={`${bodyCell} font-semibold`}>
              <button
                type="button"
                className="text-start font-semibold underline underline-offset-2"
                onClick={() => openDrawer({ kind: "epaper", epaperId: row.id, title: t("support.drawer.epaperInfo") })}
              >
                {row.name}
              </button>
              <span className="sr-only"> ({t(`support.tones.${tone}`)})</span>
              {row.isLocked ? <span className="block text-xs font-normal">{t("support.epaper.locked")}</span> : null}
            </th>
            <td className={bodyCell}>
              <button
                type="button"
                className={drawerButton}
                aria-label={`${t("support.epaper.supervisedLabel", { name: row.name })}: ${row.supervisedHigh + row.supervisedLow}`}
                onClick={() => openDrawer({ kind: "supervised", epaperId: row.id, title: t("support.drawer.supervised") })}
              >
                {row.supervisedHigh + row.supervisedLow}
              </button>
            </td>
            <td className={bodyCell}>
              <Link to={accountsHref(row.accountId)} className="underline">
                {row.accountName}
              </Link>
            </td>
            <td className={bodyCell}>
              <YesNo value={row.fromTemporaryAccount} />
            </td>
            <td className={bodyCell}>{row.processRunning ? (row.processType ?? "") : t("support.none")}</td>
            <td className={bodyCell}>
              <ul className="flex flex-wrap gap-1">
                {row.publications.map((publication) => {
                  const type = t(`support.epaper.publicationTypes.${publication.type}`);
                  return (
                    <li key={publication.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 ps-2 text-xs">
                      {type}
                      <IntentButton
                        intent="removePublication"
                        fields={{ publicationId: publication.id }}
                        isDisabled={!row.canAct}
                        label={t("support.epaper.removePublication", { type })}
                      >
                        ×
                      </IntentButton>
                    </li>
                  );
                })}
              </ul>
            </td>
            <td className={bodyCell}>
              <When date={row.createdAt} />
            </td>
            <td className={`${bodyCell} whitespace-nowrap`}>
              <div className="flex gap-1">
                <IntentButton
                  intent="cancelEpaper"
                  fields={{ epaperId: row.id }}
                  isDisabled={!row.canAct || !row.processRunning || row.processCancelled}
                  label={t("support.epaper.cancel", { name: row.name })}
                >
                  {t("support.actions.cancel")}
                </IntentButton>
                <IntentButton
                  intent="setEpaperLocked"
                  fields={{ epaperId: row.id, locked: String(!row.isLocked) }}
                  isDisabled={!row.canAct}
                  label={t(row.isLocked ? "support.epaper.unlock" : "support.epaper.lock", { name: row.name })}
                  pressed={row.isLocked}
                >
                  {t(row.isLocked ? "support.actions.unlock" : "support.actions.lock")}
                </IntentButton>
                <IntentButton
                  intent="deleteEpaper"
                  fields={{ epaperId: row.id }}
                  isDisabled={!row.canDelete}
                  label={t("support.epaper.delete", { name: row.name })}
                  confirm={{
                    title: t("support.epaper.deleteTitle"),
                    text: t("support.epaper.deleteText", { name: row.name }),
                    confirm: t("support.epaper.delete", { name: row.name }),
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
