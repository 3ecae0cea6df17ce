import { useCallback, useEffect, useState } from "react";
import { useSerial } from "#app/components/hooks/use-serial";
import { Checkbox as AriaCheckbox } from "react-aria-components";
import { useTranslation } from "#app/components/hooks/use-translation";
import { href } from "react-router";
import { Button } from "#app/components/ui/button";
import { Dialog } from "#app/components/ui/dialog";
import { StatusText } from "#app/components/ui/fields";
import { VirtualTableBody } from "#app/components/ui/virtual-table-body";
import { PagePager } from "./page-pager.tsx";
import { pageFileSrc } from "#app/rules/page-files";
import type { ApiErrorBody } from "#app/errors/api-error-body";
import {
  DISPLAY_NAME_MAX,
  displayNameProblem,
  PAGES_DEFAULT_SIZE,
  type PageSettingsRow,
  type PageSize,
  type PagesSettingsView,
} from "#app/rules/pages-settings";

type Status = { text: string; error: boolean } | null;

/** A checkbox named by its own label (the column header says what it is). */
function CellCheckbox(props: { label: string; isSelected: boolean; isDisabled: boolean; onChange: (value: boolean) => void }) {
  return (
    <AriaCheckbox
      aria-label={props.label}
      isSelected={props.isSelected}
      isDisabled={props.isDisabled}
      onChange={props.onChange}
      className="group inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50"
    >
      <span
        aria-hidden="true"
        className="flex size-5 items-center justify-center rounded border-2 border-slate-500 bg-white text-xs text-white group-data-[focus-visible]:ring-2 group-data-[focus-visible]:ring-brand-600 group-data-[selected]:border-brand-600 group-data-[selected]:bg-brand-600"
      >
        ✓
      </span>
    </AriaCheckbox>
  );
}

/** The own page number; what is typed lives in the dialog (`draft`), so a row scrolled away and back keeps it. */
function DisplayNameCell(props: {
  row: PageSettingsRow;
  draft: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
  onSave: (value: string) => void;
}) {
  const { t } = useTranslation();
  const saved = props.row.displayName ?? "";
  const value = props.draft ?? saved;
  const problem = displayNameProblem(value);
  const save = () => {
    if (problem || props.draft === undefined || value.trim() === saved) return;
    props.onSave(value);
  };
  return (
    <div className="flex flex-col">
      <input
        aria-label={t("pagesSettings.displayName", { page: props.row.number })}
        aria-invalid={problem ? true : undefined}
        value={value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === "Enter") save();
        }}
        className="min-h-11 w-24 rounded-lg border border-slate-300 bg-white px-2 text-base aria-[invalid]:border-red-600"
      />
      {problem ? (
        <span className="text-xs text-red-700">{t("pagesSettings.validation.displayNameTooLong", { max: DISPLAY_NAME_MAX })}</span>
      ) : null}
    </div>
  );
}

/**
 * The pages settings dialog (studio-admin.md §2 'Pages dialogs', 70 % wide): the ePaper's pages in
 * a table, a view at a time (§9 sizes), each with hide, page number hidden, own page number and
 * PDF download; PDF download for all pages at once. Each change is saved at once; the last
 * visible page cannot be hidden.
 */
export function PagesSettingsDialog(props: { epaperId: string; name: string; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [view, setView] = useState<PagesSettingsView | null>(null);
  const [skip, setSkip] = useState(0);
  const [size, setSize] = useState<PageSize>(PAGES_DEFAULT_SIZE);
  const [status, setStatus] = useState<Status>(null);
  // Own page numbers being typed, by page id: kept while their row scrolls out of view.
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const url = href("/epaper/:epaperId/pages-settings", { epaperId: props.epaperId });
  const take = size === "total" ? (view?.total ?? 100_000) : size;

  const load = useCallback(
    async (signal?: AbortSignal) => {
      const response = await fetch(`${url}?skip=${skip}&take=${take}`, { signal, headers: { Accept: "application/json" } });
      const answer = (await response.json().catch(() => null)) as { pages?: PagesSettingsView } | null;
      if (answer?.pages) setView(answer.pages);
    },
    [url, skip, take],
  );
  useEffect(() => {
    if (!props.isOpen) {
      // What was typed and not saved goes with the closed dialog, as it did with the cells.
      setDrafts({});
      return;
    }
    const controller = new AbortController();
    load(controller.signal).catch(() => {});
    return () => controller.abort();
  }, [props.isOpen, load]);

  const serial = useSerial();
  const send = (fields: Record<string, string>) => {
    const run = async () => {
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) body.set(key, value);
      try {
        const response = await fetch(url, { method: "POST", body, headers: { Accept: "application/json" } });
        if (response.ok) setStatus({ text: t("pagesSettings.saved"), error: false });
        else {
          const error = ((await response.json().catch(() => null)) as ApiErrorBody | null)?.error;
          // The last visible page is an info, not a failure (§4).
          setStatus({ text: error ? t(error.messageKey, error.params) : t("errors.unexpected"), error: response.status !== 422 });
        }
        await load();
        return response.ok;
      } catch {
        setStatus({ text: t("errors.unexpected"), error: true });
        return false;
      }
    };
    return serial(run);
  };
  const update = (row: PageSettingsRow, patch: Partial<Record<keyof PageSettingsRow, unknown>>) =>
    send({ intent: "update", pageId: row.id, patch: JSON.stringify(patch) });

  const editable = view?.editable ?? false;
  const total = view?.total ?? 0;
  const from = total === 0 ? 0 : skip + 1;
  const to = Math.min(total, skip + take);
  const header = "px-2 py-2 text-start text-xs font-semibold uppercase tracking-wide text-slate-600";
  return (
    <Dialog
      isOpen={props.isOpen}
      onOpenChange={(open) => (open ? null : props.onClose())}
      title={t("pagesSettings.title", { name: props.name })}
      // §2: 70 % wide; a phone gets the whole width.
      maxWidth="min(100%, max(70%, 40rem))"
    >
      {view ? (
        <div className="flex flex-col gap-3" data-testid="pages-settings">
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" isDisabled={!editable} onPress={() => void send({ intent: "allPdfDownload", pdfDownload: "true" })}>
              {t("pagesSettings.allPdfOn")}
            </Button>
            <Button
              variant="secondary"
              isDisabled={!editable}
              onPress={() => void send({ intent: "allPdfDownload", pdfDownload: "false" })}
            >
              {t("pagesSettings.allPdfOff")}
            </Button>
          </div>
          <div className="overflow-x-auto rounded-xl border border-slate-200">
            {/* Only the rows near the visible part are rendered ('all' is 1,000 pages): the table says how many it has. */}
            <table className="w-full min-w-[36rem] border-collapse text-sm" aria-rowcount={view.pages.length + 1}>
              <caption className="sr-only">{t("pagesSettings.caption", { from, to, total })}</caption>
              <thead className="bg-slate-50">
                <tr aria-rowindex={1}>
                  <th scope="col" className={header}>
                    {t("pagesSettings.columns.page")}
                  </th>
                  <th scope="col" className={header}>
                    {t("pagesSettings.columns.hidden")}
                  </th>
                  <th scope="col" className={header}>
                    {t("pagesSettings.columns.numberHidden")}
                  </th>
                  <th scope="col" className={header}>
                    {t("pagesSettings.columns.displayName")}
                  </th>
                  <th scope="col" className={header}>
                    {t("pagesSettings.columns.pdfDownload")}
                  </th>
                </tr>
              </thead>
              <VirtualTableBody
                items={view.pages}
                itemKey={(row) => row.id}
                estimateSize={53}
                columns={5}
                rowClassName="border-t border-slate-200"
                renderCells={(row) => (
                  <>
                    <th scope="row" className="px-2 py-1 text-start font-medium">
                      <span className="flex items-center gap-2">
                        <img
                          src={pageFileSrc(props.epaperId, row.number, "thumb.webp", view.pagesVersion)}
                          alt=""
                          loading="lazy"
                          className={`h-11 w-auto rounded border border-slate-300 ${row.isHidden ? "opacity-40" : ""}`}
                        />
                        {row.number}
                      </span>
                    </th>
                    <td className="px-2">
                      <CellCheckbox
                        label={t("pagesSettings.hide", { page: row.number })}
                        isSelected={row.isHidden}
                        isDisabled={!editable}
                        onChange={(isHidden) => void update(row, { isHidden })}
                      />
                    </td>
                    <td className="px-2">
                      <CellCheckbox
                        label={t("pagesSettings.hideNumber", { page: row.number })}
                        isSelected={row.pageNumberHidden}
                        isDisabled={!editable}
                        onChange={(pageNumberHidden) => void update(row, { pageNumberHidden })}
                      />
                    </td>
                    <td className="px-2 py-1">
                      <DisplayNameCell
                        row={row}
                        draft={drafts[row.id]}
                        disabled={!editable}
                        onChange={(value) => setDrafts((current) => ({ ...current, [row.id]: value }))}
                        onSave={(displayName) =>
                          void update(row, { displayName }).then((ok) => {
                            if (ok) setDrafts(({ [row.id]: _, ...rest }) => rest);
                          })
                        }
                      />
                    </td>
                    <td className="px-2">
                      <CellCheckbox
                        label={t("pagesSettings.pdfDownload", { page: row.number })}
                        isSelected={row.pdfDownload}
                        isDisabled={!editable}
                        onChange={(pdfDownload) => void update(row, { pdfDownload })}
                      />
                    </td>
                  </>
                )}
              />
            </table>
          </div>
          <PagePager total={total} skip={skip} take={take} size={size} onSize={setSize} onSkip={setSkip} />
          <p className="text-xs text-slate-600">{t("pagesSettings.republishHint")}</p>
        </div>
      ) : null}
      <div aria-live="polite" className="mt-3 min-h-6">
        <StatusText status={status} />
      </div>
    </Dialog>
  );
}
