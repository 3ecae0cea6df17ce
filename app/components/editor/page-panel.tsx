import { useEffect, useState } from "react";
import { Button, ToggleButton, ToggleButtonGroup } from "react-aria-components";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useNarrowPanel } from "#app/components/hooks/use-narrow-panel";
import { Drawer } from "#app/components/ui/drawer";
import type { ThumbnailColumns } from "#app/rules/editor-pages";
import type { DraggedPage, DropTarget } from "#app/components/hooks/use-page-drag";
import { type PageChunk, PageStrip } from "./page-strip.tsx";

const COLUMNS_KEY = "ep-editor-columns";
const COLUMN_CHOICES: ThumbnailColumns[] = [1, 2, 3, 4];

/** The thumbnail columns (§2 'grid-size toggle 1 to 4'), kept in this browser. */
function useColumns(): [ThumbnailColumns, (columns: ThumbnailColumns) => void] {
  const [columns, setColumns] = useState<ThumbnailColumns>(2);
  useEffect(() => {
    const stored = Number(window.localStorage.getItem(COLUMNS_KEY));
    if (COLUMN_CHOICES.includes(stored as ThumbnailColumns)) setColumns(stored as ThumbnailColumns);
  }, []);
  return [
    columns,
    (next) => {
      setColumns(next);
      window.localStorage.setItem(COLUMNS_KEY, String(next));
    },
  ];
}

function ColumnToggle({ columns, onChange }: { columns: ThumbnailColumns; onChange: (columns: ThumbnailColumns) => void }) {
  const { t } = useTranslation();
  // A visible name (issue 46): the bare '1 2 3 4' looked like the page buttons below.
  return (
    <div className="flex items-center gap-2">
      <span aria-hidden="true" className="text-xs font-medium text-slate-600">
        {t("editor.columnsShort")}
      </span>
      <ToggleButtonGroup
        aria-label={t("editor.columns")}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[String(columns)]}
        onSelectionChange={(keys) => {
          const [key] = [...keys];
          if (key !== undefined) onChange(Number(key) as ThumbnailColumns);
        }}
        className="flex gap-1"
      >
        {COLUMN_CHOICES.map((choice) => (
          <ToggleButton
            key={choice}
            id={String(choice)}
            aria-label={t("editor.columnsOption", { count: choice })}
            className="flex min-h-11 min-w-11 items-center justify-center rounded-lg text-sm font-semibold ring-1 ring-slate-300 outline-none data-[hovered]:bg-slate-100 data-[selected]:bg-brand-600 data-[selected]:text-white data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600"
          >
            {choice}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}

/**
 * The left column's pages (§2): the column toggle and the thumbnail strip beside the canvas on
 * wide screens; below 1024 px a button with the page and the page count opens them in a panel,
 * so the canvas comes first. Choosing a page closes the panel.
 */
export function PagePanel(props: {
  epaperId: string;
  pagesVersion: number;
  chunk: PageChunk;
  current: number;
  onChoose: (page: number) => void;
  onMove?: (page: DraggedPage, target: DropTarget) => void;
}) {
  const { t } = useTranslation();
  const { wide, open, setOpen } = useNarrowPanel();
  const [columns, setColumns] = useColumns();
  return (
    <>
      <Button
        onPress={() => setOpen(true)}
        className="flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 lg:hidden"
      >
        {t("editor.openPages", { page: props.current, count: props.chunk.total })}
        <span aria-hidden="true">›</span>
      </Button>
      {wide ? (
        <nav aria-label={t("editor.pages")} className="hidden flex-col gap-2 lg:flex">
          <ColumnToggle columns={columns} onChange={setColumns} />
          <PageStrip {...props} columns={columns} className="h-[calc(100dvh-16rem)] min-h-64" />
        </nav>
      ) : (
        <Drawer isOpen={open} onOpenChange={setOpen} title={t("editor.pages")}>
          <nav aria-label={t("editor.pages")} className="flex h-full flex-col gap-2">
            <ColumnToggle columns={columns} onChange={setColumns} />
            <PageStrip
              {...props}
              columns={columns}
              className="h-[calc(100dvh-10rem)]"
              onChoose={(page) => {
                setOpen(false);
                props.onChoose(page);
              }}
            />
          </nav>
        </Drawer>
      )}
    </>
  );
}
