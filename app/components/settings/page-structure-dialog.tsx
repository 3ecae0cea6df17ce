import { useCallback, useEffect, useState } from "react";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { useTranslation } from "#app/components/hooks/use-translation";
import { href } from "react-router";
import { useStudioEvent } from "#app/components/studio-events";
import { Button } from "#app/components/ui/button";
import { Dialog } from "#app/components/ui/dialog";
import { StatusText } from "#app/components/ui/fields";
import { VirtualList } from "#app/components/ui/virtual-list";
import type { ApiErrorBody } from "#app/errors/api-error-body";
import { pageFileSrc } from "#app/rules/page-files";
import { isPageProcess, moveChangesNothing, type StructureView, structureChangeAllowed } from "#app/rules/page-structure";
import { PAGES_DEFAULT_SIZE, type PageSize } from "#app/rules/pages-settings";
import { PagePager } from "./page-pager.tsx";
import { type StructureAction, StructureActionPanel } from "./page-structure-actions.tsx";
import { dropEdge, usePageDrag } from "#app/components/hooks/use-page-drag";

type Status = { text: string; error: boolean } | null;
type Live = { ready: number; total: number } | null;

const MENU_ITEM =
  "flex min-h-11 cursor-pointer items-center rounded-lg px-3 text-sm outline-none data-[focused]:bg-slate-100 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50";

/**
 * The pages order and structure dialog (studio-admin.md §2 'Pages dialogs', 850 px; §4 'Pages';
 * issue 12): the ePaper's pages a view at a time, each with add pages before or after, move,
 * replace and delete. One panel is open at a time. An operation runs on the server; the dialog
 * follows its progress over SSE, offers cancel while it runs and reset when it failed, and loads
 * the pages again when it ended (`onChanged` lets the editor do the same).
 */
export function PageStructureDialog(props: {
  epaperId: string;
  name: string;
  isOpen: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<StructureView | null>(null);
  const [skip, setSkip] = useState(0);
  const [size, setSize] = useState<PageSize>(PAGES_DEFAULT_SIZE);
  const [status, setStatus] = useState<Status>(null);
  const [action, setAction] = useState<StructureAction | null>(null);
  const [live, setLive] = useState<Live>(null);
  const url = href("/epaper/:epaperId/page-structure", { epaperId: props.epaperId });
  const take = size === "total" ? (view?.total ?? 100_000) : size;

  const fetchView = useCallback(
    async (from: number, count: number, signal?: AbortSignal) => {
      const response = await fetch(`${url}?skip=${from}&take=${count}`, { signal, headers: { Accept: "application/json" } });
      return ((await response.json().catch(() => null)) as { structure?: StructureView } | null)?.structure ?? null;
    },
    [url],
  );
  const load = useCallback(
    async (signal?: AbortSignal) => {
      const structure = await fetchView(skip, take, signal);
      if (structure) setView(structure);
    },
    [fetchView, skip, take],
  );
  useEffect(() => {
    if (!props.isOpen) return;
    const controller = new AbortController();
    load(controller.signal).catch(() => {});
    return () => controller.abort();
  }, [props.isOpen, load]);

  useStudioEvent((event) => {
    if (!props.isOpen || !("epaperId" in event) || event.epaperId !== props.epaperId) return;
    if (event.type === "renderProgress") setLive({ ready: event.pageCountReady, total: event.pageCount });
    if (event.type === "epaperProcess" && isPageProcess(event.process)) {
      setLive(null);
      if (event.state === "finished") setStatus({ text: t(`pageStructure.done.${event.process}`), error: false });
      if (event.state !== "started") props.onChanged();
      void load();
    }
  });

  const send = async (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    // The last message goes now, not when the answer comes: a quick operation's 'finished' event
    // (a move, a delete) can arrive before the answer, and its message must stay.
    setStatus(null);
    try {
      const response = await fetch(url, { method: "POST", body, headers: { Accept: "application/json" } });
      if (!response.ok) {
        const error = ((await response.json().catch(() => null)) as ApiErrorBody | null)?.error;
        setStatus({ text: error ? t(error.messageKey, error.params) : t("errors.unexpected"), error: true });
      }
      await load();
      return response.ok;
    } catch {
      setStatus({ text: t("errors.unexpected"), error: true });
      return false;
    }
  };
  const idOfNumber = async (number: number) => {
    const inView = view?.pages.find((page) => page.number === number);
    if (inView) return inView.id;
    return (await fetchView(number - 1, 1))?.pages[0]?.id ?? null;
  };

  const drag = usePageDrag((from, target) => {
    if (moveChangesNothing(from.number - 1, target.number - 1, target.before)) return;
    setAction(null);
    void send({ intent: "move", pageId: from.id, targetPageId: target.id, before: String(target.before) });
  });

  const process = view?.process ?? null;
  const running = Boolean(process?.running && !process.cancelled);
  const editable = (view?.editable ?? false) && !running && !process?.error;
  const total = view?.total ?? 0;
  const twoPages = structureChangeAllowed(total);
  const actionIndex = action && view ? view.pages.findIndex((page) => page.id === action.page.id) : -1;
  return (
    <Dialog
      isOpen={props.isOpen}
      onOpenChange={(open) => (open ? null : props.onClose())}
      title={t("pageStructure.title", { name: props.name })}
      maxWidth="850px"
    >
      {view ? (
        <div className="flex flex-col gap-3" data-testid="page-structure">
          <p className="text-sm text-slate-700">{t("pageStructure.intro")}</p>
          {process && (running || process.error) ? (
            <div
              className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-3"
              data-testid="structure-process"
            >
              <div className="min-w-0 flex-1">
                <p role="status" className={`text-sm font-medium ${process.error ? "text-red-800" : "text-slate-800"}`}>
                  {process.error
                    ? t(`render.errors.${process.error}` as "render.errors.pageNotMoved")
                    : t(`pageStructure.progress.${process.type}`, {
                        ready: live?.ready ?? process.pageCountReady,
                        total: live?.total ?? process.pageCount,
                      })}
                </p>
                {running ? (
                  <div
                    role="progressbar"
                    aria-label={t(`pageStructure.progress.${process.type}`, { ready: live?.ready ?? 0, total: live?.total ?? 0 })}
                    aria-valuemin={0}
                    aria-valuemax={Math.max(1, live?.total ?? process.pageCount)}
                    aria-valuenow={live?.ready ?? process.pageCountReady}
                    className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
                  >
                    <div
                      className="h-full bg-brand-600 transition-[width] motion-reduce:transition-none"
                      style={{
                        width: `${Math.round(((live?.ready ?? process.pageCountReady) / Math.max(1, live?.total ?? process.pageCount)) * 100)}%`,
                      }}
                    />
                  </div>
                ) : null}
              </div>
              <Button variant="secondary" onPress={() => void send({ intent: running ? "cancel" : "reset" })}>
                {running ? t("pageStructure.cancelProcess") : t("pageStructure.reset")}
              </Button>
            </div>
          ) : null}
          {!twoPages ? <p className="text-sm text-slate-700">{t("pageStructure.needsTwoPages")}</p> : null}
          <VirtualList
            items={view.pages}
            itemKey={(page) => page.id}
            estimateSize={74}
            gap={8}
            label={t("pageStructure.caption", { from: skip + 1, to: Math.min(total, skip + take), total })}
            // The open panel keeps its upload and fields while its page scrolls out of view.
            keep={actionIndex >= 0 && editable ? actionIndex : null}
            renderItem={(page) => (
              <div
                {...(editable && twoPages ? drag.itemProps(page) : {})}
                className={`flex flex-col gap-2 rounded-xl border p-2 ${dropEdge(drag.target, page.id)} ${drag.moved === page.id ? "border-brand-600 bg-brand-50 ring-2 ring-brand-600" : "border-slate-200"}`}
                data-moved={drag.moved === page.id || undefined}
              >
                <div className="flex items-center gap-3">
                  <img
                    src={pageFileSrc(props.epaperId, page.number, "thumb.webp", view.pagesVersion)}
                    alt=""
                    loading="lazy"
                    className={`h-14 w-auto shrink-0 rounded border border-slate-300 ${page.isHidden ? "opacity-40" : ""}`}
                  />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-semibold">
                      {t("pageStructure.page", { number: page.number })}
                      {page.isHidden ? (
                        <span className="ms-2 text-xs font-normal text-slate-600">({t("pageStructure.hidden")})</span>
                      ) : null}
                    </p>
                    {page.linksFrom > 0 ? (
                      <p className="text-xs text-slate-600">{t("pageStructure.linkInfo.from", { count: page.linksFrom })}</p>
                    ) : null}
                    {page.linksTo > 0 ? (
                      <p className="text-xs text-slate-600">{t("pageStructure.linkInfo.to", { count: page.linksTo })}</p>
                    ) : null}
                  </div>
                  <MenuTrigger>
                    <AriaButton
                      isDisabled={!editable}
                      aria-label={t("pageStructure.actions.menu", { number: page.number })}
                      className="flex min-h-11 min-w-11 items-center justify-center rounded-lg text-lg text-slate-700 outline-none data-[disabled]:opacity-40 data-[hovered]:bg-slate-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600"
                    >
                      <span aria-hidden="true">⋮</span>
                    </AriaButton>
                    <Popover
                      placement="bottom end"
                      className="min-w-52 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 outline-none"
                    >
                      <Menu
                        className="outline-none"
                        disabledKeys={twoPages ? [] : ["move", "delete"]}
                        onAction={(key) => {
                          const kind = key === "insertBefore" || key === "insertAfter" ? "insert" : (key as StructureAction["kind"]);
                          setStatus(null);
                          setAction({ kind, page, before: key !== "insertAfter" });
                        }}
                      >
                        <MenuItem id="insertBefore" className={MENU_ITEM}>
                          {t("pageStructure.actions.insertBefore")}
                        </MenuItem>
                        <MenuItem id="insertAfter" className={MENU_ITEM}>
                          {t("pageStructure.actions.insertAfter")}
                        </MenuItem>
                        <MenuItem id="move" className={MENU_ITEM}>
                          {t("pageStructure.actions.move")}
                        </MenuItem>
                        <MenuItem id="replace" className={MENU_ITEM}>
                          {t("pageStructure.actions.replace")}
                        </MenuItem>
                        <MenuItem id="delete" className={MENU_ITEM}>
                          {t("pageStructure.actions.delete")}
                        </MenuItem>
                      </Menu>
                    </Popover>
                  </MenuTrigger>
                </div>
                {action?.page.id === page.id && editable ? (
                  <StructureActionPanel
                    key={`${action.kind}-${action.before}`}
                    epaperId={props.epaperId}
                    action={action}
                    total={total}
                    pageExchangeMax={view.pageExchangeMax}
                    idOfNumber={idOfNumber}
                    send={send}
                    onClose={() => setAction(null)}
                  />
                ) : null}
              </div>
            )}
          />
          <PagePager total={total} skip={skip} take={take} size={size} onSize={setSize} onSkip={setSkip} />
        </div>
      ) : null}
      <div aria-live="polite" className="mt-3 min-h-6">
        <StatusText status={status} />
      </div>
    </Dialog>
  );
}
