import type { Ref } from "react";
import { Button as AriaButton, Input, SearchField } from "react-aria-components";
import { useTranslation } from "#app/components/hooks/use-translation";
import { PlusIcon, SearchIcon, SmallCloseIcon, Spinner } from "./folder-tree-icons.tsx";

/** The tree's heading row: its name (the region's label), a busy spinner that screen readers hear, 'New folder'. */
export function FolderTreeHeader({
  headingId,
  headingHidden,
  busy,
  onNewFolder,
}: {
  headingId: string;
  headingHidden: boolean;
  busy: boolean;
  onNewFolder: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-2">
      <h2 id={headingId} className={headingHidden ? "sr-only" : "text-base font-semibold"}>
        {t("folders.region")}
      </h2>
      <div className="flex items-center gap-2">
        <span role="status" className="flex items-center">
          {busy ? (
            <>
              <Spinner />
              <span className="sr-only">{t("folders.busy")}</span>
            </>
          ) : null}
        </span>
        <AriaButton
          onPress={onNewFolder}
          className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 outline-none data-[hovered]:bg-slate-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600"
        >
          <PlusIcon className="size-4" />
          {t("folders.newFolder")}
        </AriaButton>
      </div>
    </div>
  );
}

/** The search over the account's folders and ePapers (the server searches; studio-core.md §2). */
export function FolderSearchField({
  ref,
  value,
  onChange,
}: {
  ref: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <SearchField
      aria-label={t("folders.search")}
      value={value}
      onChange={onChange}
      className="group flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 focus-within:border-brand-600"
    >
      <SearchIcon className="size-4 shrink-0 text-slate-500" />
      <Input
        ref={ref}
        placeholder={t("folders.search")}
        className="min-w-0 flex-1 bg-transparent text-base outline-none [&::-webkit-search-cancel-button]:hidden"
      />
      <AriaButton className="flex size-8 items-center justify-center rounded text-slate-600 group-data-[empty]:hidden">
        <SmallCloseIcon className="size-4" />
      </AriaButton>
    </SearchField>
  );
}
