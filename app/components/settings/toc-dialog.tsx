import { focusFirstInvalid } from "#app/components/ui/focus-first-invalid";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { useSerial } from "#app/components/hooks/use-serial";
import { useTranslation } from "#app/components/hooks/use-translation";
import { href } from "react-router";
import { Button } from "#app/components/ui/button";
import { Dialog } from "#app/components/ui/dialog";
import { Checkbox, StatusText } from "#app/components/ui/fields";
import { VirtualList } from "#app/components/ui/virtual-list";
import type { ApiErrorBody } from "#app/errors/api-error-body";
import { type TocItemView, type TocSettings, type TocView, tocProblem } from "#app/rules/toc";
import { type Draft, type DraftErrors, draftOf, EMPTY_DRAFT, EntryFields, TocEntry } from "./toc-entry.tsx";

type Status = { text: string; error: boolean } | null;

function useToc(epaperId: string, open: boolean) {
  const { t } = useTranslation();
  const [toc, setToc] = useState<TocView | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const url = href("/epaper/:epaperId/toc", { epaperId });
  const take = useCallback(
    async (response: Response, done: string) => {
      const answer = (await response.json().catch(() => null)) as ({ toc?: TocView } & Partial<ApiErrorBody>) | null;
      if (!response.ok || !answer?.toc) {
        setStatus({ text: answer?.error ? t(answer.error.messageKey, answer.error.params) : t("errors.unexpected"), error: true });
        return false;
      }
      setToc(answer.toc);
      setStatus(done ? { text: done, error: false } : null);
      return true;
    },
    [t],
  );
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    fetch(url, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((response) => take(response, ""))
      .catch(() => {});
    return () => controller.abort();
  }, [open, url, take]);
  const serial = useSerial();
  const send = (fields: Record<string, string>, done: string = t("toc.saved")) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    const run = async () => {
      try {
        return await take(await fetch(url, { method: "POST", body, headers: { Accept: "application/json" } }), done);
      } catch {
        setStatus({ text: t("errors.unexpected"), error: true });
        return false;
      }
    };
    return serial(run);
  };
  return { toc, status, send };
}

/**
 * The table-of-contents dialog (studio-admin.md §2, §4 'Table of contents'): the entries in their
 * order, each cell saved when it is left or with Enter; indent 0–3, the page with its thumbnail,
 * shown or not, delete; a last blank row adds an entry (sent without a title, it says why); on the right
 * the switches enable, autostart and thumbnails.
 */
export function TocDialog(props: { epaperId: string; name: string; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { toc, status, send } = useToc(props.epaperId, props.isOpen);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [errors, setErrors] = useState<Record<string, DraftErrors>>({});
  const [fresh, setFresh] = useState<Draft>(EMPTY_DRAFT);
  const indentId = useId();
  const editable = toc?.editable ?? false;
  const pageCount = toc?.pageCount ?? 1;

  const problemText = (draft: Draft, name: keyof Draft) => {
    const problem = tocProblem(
      name === "page" ? { pageNumber: Number(draft.page) } : name === "title" ? { title: draft.title } : {},
      pageCount,
    );
    return problem ? t(`toc.validation.${problem.key}`) : null;
  };
  const save = (item: TocItemView, name: keyof Draft) => {
    const draft = drafts[item.id] ?? draftOf(item);
    const error = problemText(draft, name);
    setErrors((current) => ({ ...current, [item.id]: { ...current[item.id], [name]: error } }));
    if (error || draft[name] === draftOf(item)[name]) return;
    const value = name === "page" ? { pageNumber: Number(draft.page) } : { [name]: draft[name] };
    void send({ intent: "update", tocItemId: item.id, fields: JSON.stringify(value) }).then((ok) => {
      if (ok) setDrafts(({ [item.id]: _, ...rest }) => rest);
    });
  };
  const setField = (item: TocItemView, patch: Record<string, unknown>) =>
    void send({ intent: "update", tocItemId: item.id, fields: JSON.stringify(patch) });
  const add = (event: FormEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const error = problemText(fresh, "title") ?? problemText(fresh, "page");
    if (error) {
      focusFirstInvalid(form);
      return setErrors((current) => ({ ...current, fresh: { title: problemText(fresh, "title"), page: problemText(fresh, "page") } }));
    }
    void send({
      intent: "create",
      fields: JSON.stringify({
        title: fresh.title,
        description: fresh.description || null,
        author: fresh.author || null,
        pageNumber: Number(fresh.page),
      }),
    }).then((ok) => {
      if (!ok) return;
      setFresh(EMPTY_DRAFT);
      // Ready for the next entry: focus stays in the dialog, on the new entry's title (issue 46).
      requestAnimationFrame(() => form.querySelector<HTMLElement>("input")?.focus());
    });
  };
  const setting = (key: keyof TocSettings, value: boolean) => void send({ intent: "settings", settings: JSON.stringify({ [key]: value }) });

  return (
    <Dialog isOpen={props.isOpen} onOpenChange={(open) => (open ? null : props.onClose())} title={t("toc.title", { name: props.name })}>
      {toc ? (
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start" data-testid="toc-dialog">
          <section aria-labelledby={`${indentId}-entries`} className="flex min-w-0 flex-1 flex-col gap-3">
            <h3 id={`${indentId}-entries`} className="text-base font-semibold">
              {t("toc.entries")}
            </h3>
            {toc.items.length === 0 ? <p className="text-sm text-slate-600">{t("toc.empty")}</p> : null}
            <VirtualList
              label={t("toc.entries")}
              items={toc.items}
              itemKey={(item) => item.id}
              estimateSize={170}
              gap={12}
              renderItem={(item, index) => (
                <TocEntry
                  epaperId={props.epaperId}
                  pagesVersion={toc.pagesVersion ?? 0}
                  item={item}
                  number={index + 1}
                  draft={drafts[item.id] ?? draftOf(item)}
                  errors={errors[item.id] ?? {}}
                  editable={editable}
                  onChange={(next) => setDrafts((current) => ({ ...current, [item.id]: next }))}
                  onSave={(name) => save(item, name)}
                  onSet={(patch) => setField(item, patch)}
                  onRemove={() => void send({ intent: "delete", tocItemId: item.id }, t("toc.removed"))}
                />
              )}
            />
            {editable ? (
              <form
                aria-label={t("toc.newEntry")}
                onSubmit={add}
                // Our own check runs on submit; react-aria's native validity must not block it.
                noValidate
                className="flex flex-col gap-2 rounded-xl border border-dashed border-slate-400 p-3"
              >
                <p className="text-sm font-semibold">{t("toc.newEntry")}</p>
                <EntryFields
                  epaperId={props.epaperId}
                  pagesVersion={toc?.pagesVersion ?? 0}
                  draft={fresh}
                  onChange={(next) => {
                    setFresh(next);
                    // Once shown, the errors follow the input (as the Conform forms do).
                    if (errors.fresh)
                      setErrors((current) => ({
                        ...current,
                        fresh: { title: problemText(next, "title"), page: problemText(next, "page") },
                      }));
                  }}
                  onLeave={() => {}}
                  errors={errors.fresh ?? {}}
                  disabled={false}
                />
                <Button type="submit" className="self-start">
                  {t("toc.add")}
                </Button>
              </form>
            ) : null}
          </section>
          <section className="flex flex-col gap-1 rounded-xl bg-slate-50 p-4 lg:w-72 lg:shrink-0">
            <h3 className="text-base font-semibold">{t("toc.settings")}</h3>
            {(["tocEnabled", "tocAutostartActive", "tocThumbsActive"] as const).map((key) => (
              <Checkbox key={key} isSelected={toc.settings[key]} isDisabled={!editable} onChange={(value) => setting(key, value)}>
                {t(`toc.${key}`)}
              </Checkbox>
            ))}
            {!toc.settings.tocEnabled && toc.items.length > 0 ? (
              <p className="mt-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-900">{t("toc.offHint")}</p>
            ) : null}
            <p className="mt-2 text-xs text-slate-600">{t("toc.republishHint")}</p>
          </section>
        </div>
      ) : null}
      <div aria-live="polite" className="mt-3 min-h-6">
        <StatusText status={status} />
      </div>
    </Dialog>
  );
}
