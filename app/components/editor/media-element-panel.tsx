import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useFetcher, useRevalidator } from "react-router";
import { Button } from "#app/components/ui/button";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { changedFields, fieldProblems, fieldsOf, type MediaElement, type MediaFields } from "#app/rules/media-element";
import { ContentSection, DisplaySection, RepresentationSection } from "./media-fields.tsx";
import { PreviewImageField } from "./preview-image-field.tsx";

type Answer = { ok: boolean; error?: string; element?: MediaElement };

/**
 * Editing a media element in place (studio-core.md §4 'Editing an enrichment'): every field of
 * the creator's three sections at once, saved with 'Save changes' (only what changed, naming the
 * version it was read at); duplicate and delete after confirmation. Unsaved changes stay on top of
 * what is stored: when another tab saved first, the conflict message shows, the stored version is
 * loaded, and the changes are still here to save again — nothing is lost silently (ADR 0031).
 */
export function MediaElementPanel(props: { element: MediaElement; epaperId: string; pageCount: number; editable: boolean }) {
  const { t } = useTranslation();
  const { element } = props;
  const fetcher = useFetcher<Answer>();
  const revalidator = useRevalidator();
  const [changes, setChanges] = useState<Partial<MediaFields>>({});
  const [confirm, setConfirm] = useState<"duplicate" | "delete" | null>(null);
  const saved = useMemo(() => fieldsOf(element), [element]);
  const draft = { ...saved, ...changes };
  const patch = changedFields(saved, draft);
  const dirty = Object.keys(patch).length > 0;
  const problems = fieldProblems(element.kind, draft, element.previewImage !== null);
  const shown = Object.fromEntries(Object.entries(problems).filter(([name]) => name in changes || (name === "display" && dirty)));
  const name = element.title ?? t(`editor.kinds.${element.kind}`);
  const action = `/epaper/${encodeURIComponent(props.epaperId)}`;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok && fetcher.data.element) setChanges({});
    // A refused save does not reload by itself (4xx): a conflict must show what is stored now.
    if (fetcher.data.error === "Conflict") void revalidator.revalidate();
  }, [fetcher.state, fetcher.data, revalidator]);

  const submit = (intent: string, fields: Record<string, string> = {}) =>
    fetcher.submit({ intent, pageMediaId: element.id, ...fields }, { method: "post", action });
  const section = {
    kind: element.kind,
    fields: draft,
    problems: shown,
    onChange: (next: Partial<MediaFields>) => setChanges((current) => ({ ...current, ...next })),
    epaperId: props.epaperId,
    pageCount: props.pageCount,
    targetPageNumber: element.internalLinkPageNumber,
    idPrefix: `panel-${element.id}`,
  };
  const busy = fetcher.state !== "idle";
  return (
    <form
      className="flex flex-col gap-4 border-t border-slate-200 pt-3"
      aria-label={t("media.edit", { name })}
      onSubmit={(event) => {
        event.preventDefault();
        if (!dirty || Object.keys(problems).length > 0) {
          setChanges((current) => ({ ...current, ...patch }));
          return;
        }
        void submit("updateMedia", { version: element.version, patch: JSON.stringify(patch) });
      }}
    >
      <fieldset disabled={!props.editable} className="flex flex-col gap-4">
        <DisplaySection {...section} />
        <ContentSection {...section} />
        <RepresentationSection {...section} />
      </fieldset>
      <PreviewImageField element={element} epaperId={props.epaperId} editable={props.editable} />
      {props.editable ? (
        <>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" isDisabled={!dirty || busy}>
              {t("media.save")}
            </Button>
            {dirty ? (
              <Button variant="secondary" onPress={() => setChanges({})}>
                {t("media.discard")}
              </Button>
            ) : null}
          </div>
          {dirty ? <p className="text-sm text-amber-800">{t("media.unsaved")}</p> : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onPress={() => setConfirm("duplicate")} isDisabled={busy}>
              {t("media.duplicate")}
            </Button>
            <Button variant="secondary" onPress={() => setConfirm("delete")} isDisabled={busy} className="text-red-700">
              {t("media.delete")}
            </Button>
          </div>
        </>
      ) : null}
      <ConfirmDialog
        isOpen={confirm === "duplicate"}
        onClose={() => setConfirm(null)}
        title={t("media.confirmDuplicate.title")}
        text={t("media.confirmDuplicate.body", { name })}
        confirm={t("media.confirmDuplicate.ok")}
        cancel={t("media.creator.cancel")}
        onConfirm={() => void submit("duplicateMedia")}
      />
      <ConfirmDialog
        isOpen={confirm === "delete"}
        onClose={() => setConfirm(null)}
        title={t("media.confirmDelete.title")}
        text={t("media.confirmDelete.body", { name })}
        confirm={t("media.confirmDelete.ok")}
        cancel={t("media.creator.cancel")}
        onConfirm={() => void submit("deleteMedia")}
      />
    </form>
  );
}
