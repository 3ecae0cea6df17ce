import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Form, useLocation, useSearchParams } from "react-router";
import { SearchIcon } from "#app/components/ui/icons";
import { headerControlClassName } from "./header-menu.tsx";

/** The list state a new search keeps (the filter and the sort); the page starts again at the first. */
const KEPT = ["filter", "orderProp", "order", "take"] as const;

/**
 * The header's search (studio-admin.md §2 'App shell and header': on the support page only). A
 * button in the menu opens a row under the header with the field; submitting writes the text to
 * the address's `search` (the support loader reads it there, and the list says what it shows).
 * It closes when the path changes, after a search, and on Escape (focus returns to the button).
 */
export function useHeaderSearch() {
  const { pathname } = useLocation();
  // Open on the path it was opened at, so another path closes it. That path is the address bar's:
  // right after a link is followed the address changes before the page shows the new path (the
  // router renders it in a transition), and a search opened in that moment belongs to the new one.
  const [openAt, setOpenAt] = useState<string | null>(null);
  // Gone elsewhere (neither the page nor the address bar is there any more): closed for good, so
  // coming back to that path later does not find it open again.
  if (openAt !== null && openAt !== pathname && openAt !== window.location.pathname) setOpenAt(null);
  const open = openAt === pathname;
  const setOpen = (value: boolean) => setOpenAt(value ? window.location.pathname : null);
  const button = useRef<HTMLButtonElement>(null);
  return { open, setOpen, button };
}
export type HeaderSearchState = ReturnType<typeof useHeaderSearch>;

export function HeaderSearchButton({ search }: { search: HeaderSearchState }) {
  const { t } = useTranslation();
  return (
    <button
      ref={search.button}
      type="button"
      aria-expanded={search.open}
      aria-controls={search.open ? "header-search" : undefined}
      className={headerControlClassName}
      onClick={() => search.setOpen(!search.open)}
    >
      <SearchIcon />
      <span className="max-sm:sr-only">{t("support.search.label")}</span>
    </button>
  );
}

export function HeaderSearchRow({ search }: { search: HeaderSearchState }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (search.open) input.current?.focus();
  }, [search.open]);
  if (!search.open) return null;
  const current = params.get("search") ?? "";
  return (
    <div className="border-t border-slate-200 bg-slate-50">
      <Form
        id="header-search"
        method="get"
        action={pathname}
        role="search"
        aria-label={t("support.search.label")}
        className="mx-auto flex max-w-xl gap-2 px-3 py-2 sm:px-4"
        onKeyDown={(event) => {
          if (event.key !== "Escape") return;
          search.setOpen(false);
          search.button.current?.focus();
        }}
        onSubmit={() => search.setOpen(false)}
      >
        {KEPT.map((key) => {
          const value = params.get(key);
          return value === null ? null : <input key={key} type="hidden" name={key} value={value} />;
        })}
        <input
          ref={input}
          key={current}
          type="search"
          name="search"
          defaultValue={current}
          aria-label={t("support.search.label")}
          placeholder={t("support.search.placeholder")}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm"
        />
        <button type="submit" className="min-h-11 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700">
          {t("support.search.submit")}
        </button>
      </Form>
    </div>
  );
}
