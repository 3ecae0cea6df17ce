import { useTranslation } from "#app/components/hooks/use-translation";
import { Button } from "#app/components/ui/button";
import { Checkbox, TextInput } from "#app/components/ui/fields";
import { pageFileSrc } from "#app/rules/page-files";
import { TOC_INDENTS, type TocItemView } from "#app/rules/toc";

/** One entry of the table-of-contents dialog (toc-dialog.tsx): its fields as typed, before they are saved. */
export type Draft = { title: string; description: string; author: string; page: string };
export type DraftErrors = Partial<Record<keyof Draft, string | null>>;

export const draftOf = (item: TocItemView): Draft => ({
  title: item.title,
  description: item.description ?? "",
  author: item.author ?? "",
  page: String(item.pageNumber),
});
export const EMPTY_DRAFT: Draft = { title: "", description: "", author: "", page: "1" };

/**
 * One entry of the table of contents as a form: its cells are saved when left or with Enter
 * (studio-admin.md §4), indent, shown or not, remove. The dialog holds drafts and errors, so an
 * entry scrolled out of the virtual list and back keeps what was typed.
 */
export function TocEntry(props: {
  epaperId: string;
  pagesVersion: number;
  item: TocItemView;
  number: number;
  draft: Draft;
  errors: DraftErrors;
  editable: boolean;
  onChange: (draft: Draft) => void;
  onSave: (field: keyof Draft) => void;
  onSet: (patch: { indent?: number; enabled?: boolean }) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { item, number, editable } = props;
  return (
    <form
      aria-label={t("toc.entry", { number })}
      className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3"
      style={{ marginInlineStart: `${item.indent * 1.25}rem` }}
      onSubmit={(event) => event.preventDefault()}
      // §4: a cell is saved with Enter as well as when it is left.
      onKeyDown={(event) => {
        if (event.key !== "Enter" || !(event.target instanceof HTMLInputElement)) return;
        event.preventDefault();
        for (const name of ["title", "description", "author", "page"] as const) props.onSave(name);
      }}
    >
      <EntryFields
        epaperId={props.epaperId}
        pagesVersion={props.pagesVersion}
        draft={props.draft}
        onChange={props.onChange}
        onLeave={props.onSave}
        errors={props.errors}
        disabled={!editable}
      />
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t("toc.fields.indent")}
          <select
            value={item.indent}
            disabled={!editable}
            onChange={(event) => props.onSet({ indent: Number(event.target.value) })}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base"
          >
            {TOC_INDENTS.map((level) => (
              <option key={level} value={level}>
                {t("toc.indentOption", { level })}
              </option>
            ))}
          </select>
        </label>
        <Checkbox isSelected={item.enabled} isDisabled={!editable} onChange={(enabled) => props.onSet({ enabled })}>
          {t("toc.fields.enabled")}
        </Checkbox>
        {editable ? (
          <Button variant="secondary" className="ms-auto" onPress={props.onRemove}>
            {t("toc.remove", { number })}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The page an entry leads to, as a number field with that page's thumbnail. */
function PageField(props: {
  epaperId: string;
  pagesVersion: number;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | null;
  label: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const number = Number(props.value);
  return (
    <div className="flex items-end gap-2">
      <div className="w-24">
        <TextInput
          label={props.label}
          inputMode="numeric"
          value={props.value}
          onChange={props.onChange}
          onBlur={props.onBlur}
          error={props.error}
          isDisabled={props.disabled}
        />
      </div>
      {Number.isInteger(number) && number >= 1 && !props.error ? (
        <img
          src={pageFileSrc(props.epaperId, number, "thumb.webp", props.pagesVersion)}
          alt={t("toc.pageThumb", { page: number })}
          className="mb-0.5 h-11 w-auto rounded border border-slate-300"
          loading="lazy"
        />
      ) : null}
    </div>
  );
}

export function EntryFields(props: {
  epaperId: string;
  pagesVersion: number;
  draft: Draft;
  onChange: (draft: Draft) => void;
  onLeave: (field: keyof Draft) => void;
  errors: DraftErrors;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const field = (name: "title" | "description" | "author") => ({
    label: t(`toc.fields.${name}`),
    value: props.draft[name],
    onChange: (value: string) => props.onChange({ ...props.draft, [name]: value }),
    onBlur: () => props.onLeave(name),
    error: props.errors[name] ?? null,
    isDisabled: props.disabled,
  });
  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 xl:grid-cols-[2fr_1fr_1fr_auto] [&>*]:min-w-0">
      <TextInput {...field("title")} />
      <TextInput {...field("description")} />
      <TextInput {...field("author")} />
      <PageField
        epaperId={props.epaperId}
        pagesVersion={props.pagesVersion}
        label={t("toc.fields.page")}
        value={props.draft.page}
        onChange={(page) => props.onChange({ ...props.draft, page })}
        onBlur={() => props.onLeave("page")}
        error={props.errors.page ?? null}
        disabled={props.disabled}
      />
    </div>
  );
}
