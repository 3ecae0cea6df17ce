import { useEffect, useState } from "react";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { VirtualList } from "#app/components/ui/virtual-list";
import type { PdfLink } from "#app/rules/editor-pages";
import { ENRICHMENT_KINDS, type EnrichmentKind } from "#app/rules/enrichment";
import type { MediaElement } from "#app/rules/media-element";
import { ClickAreaColors } from "./click-area-colors.tsx";
import { MediaElementPanel } from "./media-element-panel.tsx";

const menuItemClass =
  "flex min-h-11 cursor-pointer flex-col justify-center rounded-lg px-3 py-1.5 text-sm outline-none data-[focused]:bg-slate-100";

/** 'Add media item' (§2): the six kinds; the creator opens for the chosen one. */
export function AddMediaMenu(props: { onChoose: (kind: EnrichmentKind) => void; isDisabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <MenuTrigger>
      <AriaButton
        isDisabled={props.isDisabled}
        className="inline-flex min-h-11 items-center justify-center gap-1 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white outline-none data-[disabled]:opacity-50 data-[hovered]:bg-brand-700 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 data-[focus-visible]:ring-offset-2"
      >
        + {t("media.add")}
      </AriaButton>
      <Popover placement="bottom end" className="w-72 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 outline-none">
        <Menu aria-label={t("media.chooseKind")} className="outline-none" onAction={(key) => props.onChoose(key as EnrichmentKind)}>
          {ENRICHMENT_KINDS.map((kind) => (
            <MenuItem key={kind} id={kind} textValue={t(`editor.kinds.${kind}`)} className={menuItemClass}>
              <span className="font-semibold">{t(`editor.kinds.${kind}`)}</span>
              <span className="text-xs text-slate-600">{t(`media.kindHint.${kind}`)}</span>
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/**
 * The right column (§2): 'add media item', the settings menu, the page's media elements (one
 * open for editing; the first opens by itself 500 ms after the list changes), 'delete all', and
 * the PDF's own links with 'turn into media elements'.
 */
export function MediaList(props: {
  epaperId: string;
  page: { id: string; number: number };
  pageCount: number;
  media: MediaElement[];
  links: PdfLink[];
  pagesWithLinks: number;
  colors: { color: string; hover: string };
  editable: boolean;
  epaperName: string;
  dialogs: { settings: boolean; toc: boolean; pages: boolean; structure: boolean };
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  onAdd: (kind: EnrichmentKind) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const [confirmAll, setConfirmAll] = useState(false);
  const { media, selectedId, onSelect } = props;
  const ids = media.map((element) => element.id).join(",");
  useEffect(() => {
    if (ids === "" || (selectedId && ids.split(",").includes(selectedId))) return;
    const first = ids.split(",")[0] ?? null;
    const timer = setTimeout(() => onSelect(first), 500);
    return () => clearTimeout(timer);
  }, [ids, selectedId, onSelect]);
  const action = `/epaper/${encodeURIComponent(props.epaperId)}`;
  // One translation per kind, not two per element: a page may hold hundreds of elements.
  const kindNames = Object.fromEntries(ENRICHMENT_KINDS.map((kind) => [kind, t(`editor.kinds.${kind}`)])) as Record<EnrichmentKind, string>;
  const nameOf = (element: MediaElement) => element.title ?? kindNames[element.kind];
  return (
    <section
      aria-labelledby="media-list-heading"
      className={`flex flex-col gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 ${props.className ?? ""}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <AddMediaMenu onChoose={props.onAdd} isDisabled={!props.editable} />
        <ClickAreaColors
          epaperId={props.epaperId}
          epaperName={props.epaperName}
          colors={props.colors}
          editable={props.editable}
          dialogs={props.dialogs}
        />
      </div>
      <h2 id="media-list-heading" className="text-base font-semibold">
        {t("editor.mediaList", { page: props.page.number })}
      </h2>
      {media.length === 0 ? (
        <p className="text-sm text-slate-600">{t("editor.noMedia")}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {media.map((element) => {
            const open = element.id === selectedId;
            return (
              <li key={element.id} className={`rounded-lg ring-1 ${open ? "ring-brand-600" : "ring-slate-200"}`} data-testid="media-item">
                <button
                  type="button"
                  aria-expanded={open}
                  onClick={() => onSelect(open ? null : element.id)}
                  className="flex min-h-11 w-full flex-col items-start rounded-lg px-3 py-1.5 text-left text-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                >
                  <span className="block font-medium">{nameOf(element)}</span>
                  <span className="block text-xs text-slate-600">{kindNames[element.kind]}</span>
                </button>
                {open ? (
                  <div className="px-3 pb-3">
                    <MediaElementPanel element={element} epaperId={props.epaperId} pageCount={props.pageCount} editable={props.editable} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {props.editable && media.length > 0 ? (
        <Button variant="secondary" onPress={() => setConfirmAll(true)} className="text-red-700">
          {t("media.deleteAll")}
        </Button>
      ) : null}
      {props.links.length > 0 ? (
        <>
          <h3 className="mt-2 text-sm font-semibold">{t("editor.pdfLinks")}</h3>
          {/* Thousands of links on one page: only those in view of their own box are rendered. */}
          <VirtualList
            items={props.links}
            // The PDF's links have no id; their order is the PDF's.
            itemKey={(_, index) => String(index)}
            estimateSize={28}
            gap={4}
            label={t("editor.pdfLinks")}
            className="text-sm"
            box={{ className: "max-h-80 p-0.5" }}
            renderItem={(link) => (
              <div className="truncate rounded-lg px-2 py-1 ring-1 ring-amber-300" title={link.uri}>
                {link.uri ?? t("editor.pdfLinkPage", { page: link.page })}
              </div>
            )}
          />
        </>
      ) : null}
      {props.editable && props.links.length > 0 ? (
        <Button
          variant="secondary"
          isDisabled={fetcher.state !== "idle"}
          onPress={() => fetcher.submit({ intent: "convertPdfLinks", pageId: props.page.id }, { method: "post", action })}
        >
          {t("media.pdfLinks.convertPage", { count: props.links.length })}
        </Button>
      ) : null}
      {props.editable && props.pagesWithLinks > (props.links.length > 0 ? 1 : 0) ? (
        <Button
          variant="secondary"
          isDisabled={fetcher.state !== "idle"}
          onPress={() => fetcher.submit({ intent: "convertPdfLinks" }, { method: "post", action })}
        >
          {t("media.pdfLinks.convertAll")}
        </Button>
      ) : null}
      <ConfirmDialog
        isOpen={confirmAll}
        onClose={() => setConfirmAll(false)}
        title={t("media.confirmDeleteAll.title")}
        text={t("media.confirmDeleteAll.body", { count: media.length, page: props.page.number })}
        confirm={t("media.confirmDeleteAll.ok")}
        cancel={t("media.creator.cancel")}
        onConfirm={() => fetcher.submit({ intent: "deleteAllMedia", pageId: props.page.id }, { method: "post", action })}
      />
    </section>
  );
}
