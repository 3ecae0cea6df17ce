import { lazy, Suspense, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { DISPLAY_AS, defaultIcon, type EnrichmentKind, MEDIA_BAR_CONTENTS } from "#app/rules/enrichment";
import { EDITOR_MODES, type FieldName, type FieldProblems, type MediaFields } from "#app/rules/media-element";
import { Checkbox, Choice, GroupError, NumberInput, SelectInput, TextInput } from "#app/components/ui/fields";
import { GalleryField } from "./gallery-field.tsx";
import { TargetPageField } from "./target-page-field.tsx";

/*
 * The fields of a media element in the three sections of the creator (studio-core.md §4: display;
 * content by kind; representation) — the edit panel shows the same sections at once. Every change
 * goes to `onChange` as a partial update of the draft; `problems` are fieldProblems of the draft.
 */

/** Tiptap is loaded when a custom-HTML element in text mode is shown, not with the editor. */
const RichTextEditor = lazy(() => import("./rich-text-editor.tsx"));

export const PLAYER_ICON_NAMES = ["linkintern", "link", "email", "video", "gallery", "pdf", "readme"] as const;

export type SectionProps = {
  kind: EnrichmentKind;
  fields: MediaFields;
  problems: FieldProblems;
  onChange: (patch: Partial<MediaFields>) => void;
  epaperId: string;
  pageCount: number;
  /** The number of the page the internal link leads to, as saved (the edit panel). */
  targetPageNumber?: number | null;
  /** A unique prefix for ids (the creator and each edit panel). */
  idPrefix: string;
};

/** The translated message of a field's problem, or null. */
export function useProblemText(problems: FieldProblems) {
  const { t } = useTranslation();
  return (name: FieldName) => {
    const problem = problems[name];
    return problem ? t(`media.validation.${problem.key}`, problem.params ?? {}) : null;
  };
}

export const DISPLAY_FIELDS: FieldName[] = ["display"];
export const CONTENT_FIELDS: FieldName[] = ["internalLinkPageId", "url", "recipient", "galleryId", "width", "height", "content"];
export const REPRESENTATION_FIELDS: FieldName[] = ["title", "description", "mediaBarContent"];

export function DisplaySection({ kind, fields, problems, onChange }: SectionProps) {
  const { t } = useTranslation();
  const problem = useProblemText(problems);
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-semibold">{t("media.fields.display")}</legend>
      <Checkbox isSelected={fields.frameActive} onChange={(frameActive) => onChange({ frameActive })}>
        {t("media.fields.clickArea")}
      </Checkbox>
      {fields.frameActive ? (
        <div className="ml-8 flex flex-col">
          <Checkbox isSelected={fields.frameIconActive} onChange={(frameIconActive) => onChange({ frameIconActive })}>
            {t("media.fields.frameIconActive")}
          </Checkbox>
          {kind === "video" ? (
            <Checkbox isSelected={fields.frameEmbedded} onChange={(frameEmbedded) => onChange({ frameEmbedded })}>
              {t("media.fields.frameEmbedded")}
            </Checkbox>
          ) : null}
        </div>
      ) : null}
      <Checkbox
        isSelected={fields.mediaBarActive}
        onChange={(mediaBarActive) =>
          onChange({ mediaBarActive, mediaBarContent: mediaBarActive ? (fields.mediaBarContent ?? "icon") : null })
        }
      >
        {t("media.fields.mediaBar")}
      </Checkbox>
      <GroupError>{problem("display")}</GroupError>
    </fieldset>
  );
}

export function ContentSection(props: SectionProps) {
  const { t } = useTranslation();
  const { kind, fields, onChange, idPrefix } = props;
  const problem = useProblemText(props.problems);
  const [pendingMode, setPendingMode] = useState<MediaFields["editorMode"]>(null);
  const linkLike = kind === "externalLink" || kind === "video";
  const size = (
    <div className="grid grid-cols-2 gap-3">
      <NumberInput
        label={t("media.fields.width")}
        value={fields.width}
        onChange={(width) => onChange({ width })}
        error={problem("width")}
      />
      <NumberInput
        label={t("media.fields.height")}
        value={fields.height}
        onChange={(height) => onChange({ height })}
        error={problem("height")}
      />
    </div>
  );
  return (
    <div className="flex flex-col gap-4">
      {kind === "internalLink" ? (
        <TargetPageField
          epaperId={props.epaperId}
          pageCount={props.pageCount}
          initialNumber={props.targetPageNumber ?? null}
          onChange={(internalLinkPageId) => onChange({ internalLinkPageId })}
          error={problem("internalLinkPageId")}
        />
      ) : null}
      {linkLike ? (
        <>
          <TextInput
            label={t(kind === "video" ? "media.fields.videoUrl" : "media.fields.url")}
            type="url"
            inputMode="url"
            value={fields.url ?? ""}
            onChange={(url) => onChange({ url })}
            error={problem("url")}
          />
          <Choice
            label={t("media.fields.displayAs")}
            value={fields.displayAs}
            options={DISPLAY_AS}
            labelOf={(value) => t(`media.fields.displayAsOptions.${value}`)}
            onChange={(displayAs) => onChange({ displayAs })}
          />
          {fields.displayAs === "overlay" ? size : null}
        </>
      ) : null}
      {kind === "mailtoLink" ? (
        <>
          <TextInput
            label={t("media.fields.recipient")}
            type="email"
            inputMode="email"
            value={fields.recipient ?? ""}
            onChange={(recipient) => onChange({ recipient })}
            error={problem("recipient")}
          />
          <TextInput label={t("media.fields.subject")} value={fields.subject ?? ""} onChange={(subject) => onChange({ subject })} />
          <TextInput label={t("media.fields.body")} multiline value={fields.body ?? ""} onChange={(body) => onChange({ body })} />
        </>
      ) : null}
      {kind === "gallery" ? (
        <GalleryField galleryId={fields.galleryId} onChange={(galleryId) => onChange({ galleryId })} error={problem("galleryId")} />
      ) : null}
      {kind === "customHtml" ? (
        <>
          <Choice
            label={t("media.fields.editorMode")}
            value={fields.editorMode}
            options={EDITOR_MODES}
            labelOf={(value) => t(`media.fields.editorModes.${value}`)}
            onChange={(editorMode) => (fields.content?.trim() ? setPendingMode(editorMode) : onChange({ editorMode }))}
          />
          {fields.editorMode === "html" ? (
            <TextInput
              label={t("media.fields.content")}
              multiline
              value={fields.content ?? ""}
              onChange={(content) => onChange({ content })}
              name={`${idPrefix}-content`}
            />
          ) : (
            <Suspense fallback={<p className="min-h-44 text-sm text-slate-600">{t("media.fields.content")} …</p>}>
              <RichTextEditor
                label={t("media.fields.content")}
                value={fields.content ?? ""}
                onChange={(content) => onChange({ content })}
              />
            </Suspense>
          )}
          {size}
          <ConfirmDialog
            isOpen={pendingMode !== null}
            onClose={() => setPendingMode(null)}
            title={t("media.confirmEditorMode.title")}
            text={t("media.confirmEditorMode.body")}
            confirm={t("media.confirmEditorMode.ok")}
            cancel={t("media.creator.cancel")}
            onConfirm={() => {
              onChange({ editorMode: pendingMode, content: "" });
              setPendingMode(null);
            }}
          />
        </>
      ) : null}
    </div>
  );
}

export function RepresentationSection({ kind, fields, problems, onChange, idPrefix }: SectionProps) {
  const { t } = useTranslation();
  const problem = useProblemText(problems);
  const iconName = (name: string) => t(`media.fields.icons.${name as "link"}`);
  return (
    <div className="flex flex-col gap-4">
      <SelectInput
        id={`${idPrefix}-icon`}
        label={t("media.fields.icon")}
        value={fields.customIcon ?? ""}
        onChange={(value) => onChange({ customIcon: value === "" ? null : value })}
        options={[
          { value: "", label: t("media.fields.defaultIcon", { name: iconName(defaultIcon(kind)) }) },
          ...PLAYER_ICON_NAMES.map((name) => ({ value: name, label: iconName(name) })),
        ]}
      />
      <TextInput
        label={`${t("media.fields.title")} (${t("media.fields.optional")})`}
        value={fields.title ?? ""}
        onChange={(title) => onChange({ title })}
        error={problem("title")}
      />
      <TextInput
        label={`${t("media.fields.description")} (${t("media.fields.optional")})`}
        multiline
        value={fields.description ?? ""}
        onChange={(description) => onChange({ description })}
        error={problem("description")}
      />
      {fields.mediaBarActive ? (
        <Choice
          label={t("media.fields.mediaBarContent")}
          value={fields.mediaBarContent}
          options={MEDIA_BAR_CONTENTS}
          labelOf={(value) => t(`media.fields.mediaBarContents.${value}`)}
          onChange={(mediaBarContent) => onChange({ mediaBarContent })}
          error={problem("mediaBarContent")}
        />
      ) : null}
      {kind === "internalLink" || kind === "gallery" ? (
        <Checkbox isSelected={fields.previewImageAuto} onChange={(previewImageAuto) => onChange({ previewImageAuto })}>
          {t("media.fields.previewImageAuto")}
        </Checkbox>
      ) : null}
    </div>
  );
}

/** Whether none of these fields has a problem. */
export const sectionReady = (problems: FieldProblems, names: FieldName[]) => names.every((name) => !problems[name]);
