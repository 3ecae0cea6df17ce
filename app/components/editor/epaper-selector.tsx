import { useEffect, useState } from "react";
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from "react-aria-components";
import { useTranslation } from "#app/components/hooks/use-translation";
import { href, useNavigate } from "react-router";

type EpaperOption = { id: string; name: string; pageCount: number };

async function loadOptions(search: string, signal: AbortSignal): Promise<EpaperOption[]> {
  const response = await fetch(`${href("/resources/epaper-options")}?search=${encodeURIComponent(search)}`, {
    signal,
    headers: { Accept: "application/json" },
  });
  if (!response.ok) return [];
  return ((await response.json()) as { epapers: EpaperOption[] }).epapers;
}

/**
 * The editor's ePaper selector (studio-core.md §2 'filterable ePaper selector', issue 11): type to
 * filter the account's ePapers by name (the server searches, 20 at a time), choose one to open it
 * in the editor without going back to the workspace.
 */
export function EpaperSelector({ currentId }: { currentId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<EpaperOption[]>([]);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      loadOptions(search, controller.signal)
        .then(setOptions)
        .catch(() => {});
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search, open]);
  return (
    <ComboBox
      className="flex flex-col gap-1"
      inputValue={search}
      onInputChange={setSearch}
      onOpenChange={setOpen}
      menuTrigger="focus"
      items={options}
      allowsEmptyCollection
      selectedKey={null}
      onSelectionChange={(key) => {
        if (key === null || key === currentId) return;
        setSearch("");
        void navigate(href("/epaper/:epaperId", { epaperId: String(key) }));
      }}
    >
      <Label className="text-sm font-medium text-slate-800">{t("editor.switchEpaper.label")}</Label>
      <Input
        placeholder={t("editor.switchEpaper.placeholder")}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base outline-none focus:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/40"
      />
      <Popover className="max-h-80 w-[--trigger-width] min-w-64 overflow-auto rounded-lg bg-white shadow-lg ring-1 ring-slate-200">
        <ListBox<EpaperOption>
          className="p-1 outline-none"
          renderEmptyState={() => <p className="px-3 py-2 text-sm text-slate-600">{t("editor.switchEpaper.none")}</p>}
        >
          {(option) => (
            <ListBoxItem
              id={option.id}
              textValue={option.name}
              className="flex min-h-11 cursor-pointer flex-col justify-center rounded px-3 py-1 outline-none data-[focused]:bg-brand-50 data-[disabled]:opacity-60"
              isDisabled={option.id === currentId}
            >
              <Text slot="label" className="truncate text-sm font-medium">
                {option.name}
              </Text>
              <Text slot="description" className="text-xs text-slate-600">
                {option.id === currentId ? t("editor.switchEpaper.current") : t("editor.switchEpaper.pages", { count: option.pageCount })}
              </Text>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
