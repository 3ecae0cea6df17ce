import { type ReactNode, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Menu, MenuItem, MenuTrigger, Button as AriaButton, Popover } from "react-aria-components";
import { Link, useFetcher, useSearchParams } from "react-router";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { Switch } from "#app/components/ui/switch";
import { cardMenuItemClass } from "#app/components/ui/card-menu";
import { formatDate } from "#app/utils/format-date";
import { pageSizeChoices, type RowTone, SUPPORT_PAGE_SIZE, SUPPORT_TOTAL_MAX } from "#app/rules/support-lists";
import { Tooltipped } from "#app/components/ui/tooltip";

/*
 * The controls every support table shares (studio-admin.md §2 'Support page'; issue 14): the
 * search, the filter menu with the entry count and a reset item, sortable headers, the pager,
 * and the row controls that post one intent (a button, a switch, an inline edit).
 */

/** The list state as the loader parsed it (the URL is the truth; links change it). */
export type ListState = { skip: number; take: number; filter: string | null; orderProp: string; order: "asc" | "desc"; search: string };

function useListHref() {
  const [params] = useSearchParams();
  return (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const text = next.toString();
    return text ? `?${text}` : "?";
  };
}

/** The search the list shows (the header's search field sets it, §2), with a link that clears it. */
export function ActiveSearch({ search }: { search: string }) {
  const { t } = useTranslation();
  const hrefWith = useListHref();
  if (!search) return null;
  return (
    <p className="flex min-h-11 flex-wrap items-center gap-2 text-sm">
      <span>{t("support.search.active", { search })}</span>
      <Link
        to={hrefWith({ search: null, skip: null })}
        className="rounded font-semibold text-brand-700 underline outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        {t("support.search.clear")}
      </Link>
    </p>
  );
}

/** The filter dropdown (§2): the current filter with the entry count, every filter, and 'reset filter'. */
export function FilterMenu(props: { tab: string; filters: readonly string[]; current: string | null; total: number }) {
  const { t } = useTranslation();
  const hrefWith = useListHref();
  const label = (filter: string | null) => (filter ? t(`support.filter.${props.tab}.${filter}` as never) : t("support.filter.all"));
  return (
    <MenuTrigger>
      <AriaButton
        aria-label={`${t("support.filter.label")}: ${label(props.current)} (${props.total})`}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600"
      >
        {t("support.filter.button", { filter: label(props.current), count: props.total })} ▾
      </AriaButton>
      <Popover placement="bottom start" className="min-w-56 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 outline-none">
        <Menu className="outline-none" aria-label={t("support.filter.label")}>
          {props.filters.map((filter) => (
            <MenuItem key={filter} id={filter} href={hrefWith({ filter, skip: null })} className={cardMenuItemClass}>
              {label(filter)}
            </MenuItem>
          ))}
          <MenuItem id="reset" href={hrefWith({ filter: null, skip: null })} className={`${cardMenuItemClass} border-t border-slate-100`}>
            {t("support.filter.reset")}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** A column header that sorts by its prop (aria-sort tells the current order). */
export function SortHeader(props: { label: string; prop: string; state: ListState }) {
  const { t } = useTranslation();
  const hrefWith = useListHref();
  const active = props.state.orderProp === props.prop;
  const nextOrder = active && props.state.order === "asc" ? "desc" : "asc";
  return (
    <th scope="col" aria-sort={active ? (props.state.order === "asc" ? "ascending" : "descending") : "none"} className={headerCell}>
      <Link to={hrefWith({ orderProp: props.prop, order: nextOrder, skip: null })} className="underline-offset-2 hover:underline">
        <span className="sr-only">{t("support.sortBy", { column: props.label })}: </span>
        {props.label}
        {active ? <span aria-hidden="true">{props.state.order === "asc" ? " ▲" : " ▼"}</span> : null}
      </Link>
    </th>
  );
}

export const headerCell = "px-2 py-2 text-start align-bottom font-semibold whitespace-nowrap";
export const bodyCell = "px-2 py-2 text-start align-top";

/** The pager (§9): the range, previous and next, and the page sizes the total allows. Hidden when everything fits. */
export function SupportPager({ state, total }: { state: ListState; total: number }) {
  const { t } = useTranslation();
  const hrefWith = useListHref();
  if (total <= SUPPORT_PAGE_SIZE) return null;
  const from = Math.min(total, state.skip + 1);
  const to = Math.min(total, state.skip + state.take);
  const link =
    "flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-semibold ring-1 ring-slate-200 hover:bg-slate-100";
  return (
    <nav aria-label={t("support.pager.label")} className="mt-4 flex flex-wrap items-center gap-2 text-sm">
      <span>{t("support.pager.range", { from, to, total })}</span>
      {state.skip > 0 ? (
        <Link
          className={link}
          to={hrefWith({ skip: String(Math.max(0, state.skip - state.take)) })}
          aria-label={t("support.pager.previous")}
        >
          ‹
        </Link>
      ) : null}
      {to < total ? (
        <Link className={link} to={hrefWith({ skip: String(state.skip + state.take) })} aria-label={t("support.pager.next")}>
          ›
        </Link>
      ) : null}
      <span className="ms-2">{t("support.pager.pageSize")}:</span>
      {pageSizeChoices(total).map((size) => {
        const value = size === "total" ? "total" : String(size);
        const current = size === "total" ? state.take === SUPPORT_TOTAL_MAX : state.take === size;
        return (
          <Link
            key={value}
            className={`${link} ${current ? "bg-brand-600 text-white" : ""}`}
            aria-current={current ? "true" : undefined}
            to={hrefWith({ take: size === SUPPORT_PAGE_SIZE ? null : value, skip: null })}
          >
            {size === "total" ? t("support.pager.total") : size}
          </Link>
        );
      })}
    </nav>
  );
}

export const TONE_CLASS: Record<RowTone, string> = {
  success: "",
  warning: "bg-amber-50",
  highWarning: "bg-orange-100",
  error: "bg-red-50",
};

/** A table of the support page: scrolls within 70vh (§9), named for screen readers. */
export function SupportTable(props: { label: string; head: ReactNode; children: ReactNode; empty: boolean }) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={props.label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls; keyboard users need to reach it
      tabIndex={0}
      className="max-h-[70vh] overflow-auto rounded-xl border border-slate-200 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
    >
      <table className="w-full min-w-[48rem] border-collapse text-sm">
        <caption className="sr-only">{props.label}</caption>
        <thead className="sticky top-0 z-10 bg-slate-50">
          <tr>{props.head}</tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
      {props.empty ? <p className="p-4 text-slate-700">{t("support.empty")}</p> : null}
    </section>
  );
}

/** A date (and time) in the locale's format (§1). */
export function When({ date, time = false }: { date: Date | string | null; time?: boolean }) {
  const { i18n, t } = useTranslation();
  if (!date) return <>{t("support.none")}</>;
  const iso = typeof date === "string" ? date : date.toISOString();
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {formatDate(iso, i18n.language)}
      {time ? ` ${iso.slice(11, 19)}` : ""}
    </time>
  );
}

export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <>{value ? t("support.yes") : t("support.no")}</>;
}

/** A button that posts one intent with its fields; with `confirm` it asks first (alertdialog). */
export function IntentButton(props: {
  intent: string;
  fields: Record<string, string>;
  label: string;
  children: ReactNode;
  isDisabled?: boolean;
  /** A toggle button (permission held, ePaper locked): announced as pressed or not. */
  pressed?: boolean;
  confirm?: { title: string; text: string; confirm: string };
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const [asking, setAsking] = useState(false);
  const submit = () => fetcher.submit({ intent: props.intent, ...props.fields }, { method: "POST" });
  return (
    <>
      <Tooltipped label={props.label}>
        <AriaButton
          aria-label={props.label}
          aria-pressed={props.pressed}
          isDisabled={props.isDisabled || fetcher.state !== "idle"}
          onPress={() => (props.confirm ? setAsking(true) : submit())}
          className="inline-flex min-h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-semibold ring-1 ring-slate-300 data-[disabled]:opacity-40 data-[hovered]:bg-slate-100"
        >
          {props.children}
        </AriaButton>
      </Tooltipped>
      {props.confirm ? (
        <ConfirmDialog
          isOpen={asking}
          onClose={() => setAsking(false)}
          title={props.confirm.title}
          text={props.confirm.text}
          confirm={props.confirm.confirm}
          cancel={t("support.cancel")}
          onConfirm={submit}
        />
      ) : null}
    </>
  );
}

/** A switch saved on every change (active, disabled, render process active). */
export function IntentSwitch(props: {
  intent: string;
  fields: Record<string, string>;
  name: string;
  label: string;
  isSelected: boolean;
  isDisabled?: boolean;
}) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get(props.name);
  const isSelected = pending === undefined || pending === null ? props.isSelected : pending === "true";
  return (
    <Switch
      isSelected={isSelected}
      isDisabled={props.isDisabled ?? false}
      onChange={(value) => fetcher.submit({ intent: props.intent, ...props.fields, [props.name]: String(value) }, { method: "POST" })}
    >
      <span className="sr-only">{props.label}</span>
    </Switch>
  );
}

/** An inline edit (§2): saved on Enter or when it loses focus, only when changed. */
export function InlineEdit(props: {
  intent: string;
  fields: Record<string, string>;
  value: string;
  label: string;
  type?: "text" | "email" | "number";
  placeholder?: string;
  isDisabled?: boolean;
  width?: string;
}) {
  const fetcher = useFetcher();
  const save = (input: HTMLInputElement) => {
    if (input.value === props.value) return;
    fetcher.submit({ intent: props.intent, ...props.fields, value: input.value }, { method: "POST" });
  };
  return (
    <input
      key={props.value}
      type={props.type ?? "text"}
      aria-label={props.label}
      defaultValue={props.value}
      placeholder={props.placeholder}
      disabled={props.isDisabled}
      onBlur={(event) => save(event.currentTarget)}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          save(event.currentTarget);
        }
      }}
      className={`min-h-9 ${props.width ?? "w-24"} rounded-md border border-slate-300 px-2 disabled:bg-slate-50`}
    />
  );
}
