import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button";
import { DialogButtons } from "#app/components/ui/confirm-dialog";
import { Dialog } from "#app/components/ui/dialog";
import { Checkbox, SelectInput, TextInput } from "#app/components/ui/fields";
import { NEWS_IMAGE, NewsFormSchema } from "#app/rules/news";
import type { SupportNewsRow } from "#app/rules/support-rows";
import { bodyCell, headerCell, IntentButton, SupportTable, When, YesNo } from "./support-controls.tsx";

const RichTextEditor = lazy(() => import("#app/components/editor/rich-text-editor"));

/*
 * The news tab of the support page (studio-admin.md §2 'News table', 'news manager (support)' 834
 * px, §5 rules; issue 14): the table by position (highest first), preview, edit and delete, and
 * the manager that creates and edits news with the rich-text editor. The confirm button stays
 * disabled until the language and both length rules pass; the server checks them again.
 */

type Draft = { headline: string; text: string; lang: string; position: string; active: boolean; startDate: string; endDate: string };
const day = (date: Date | string | null) => (date ? new Date(date).toISOString().slice(0, 10) : "");

export function NewsTab({
  news,
  languages,
  label,
}: {
  news: SupportNewsRow[];
  languages: { code: string; name: string }[];
  label: string;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<SupportNewsRow | "new" | null>(null);
  const [previewing, setPreviewing] = useState<SupportNewsRow | null>(null);
  const c = (key: string) => t(`news.columns.${key}` as never);
  return (
    <>
      <div className="mb-4">
        <Button onPress={() => setEditing("new")}>{t("news.create")}</Button>
      </div>
      <SupportTable
        label={label}
        empty={news.length === 0}
        head={(
          ["position", "active", "lang", "headline", "text", "startDate", "endDate", "createdAt", "updatedAt", "actions"] as const
        ).map((key) => (
          <th key={key} scope="col" className={headerCell}>
            {c(key)}
          </th>
        ))}
      >
        {news.map((row) => (
          <tr key={row.id} className="border-t border-slate-100">
            <td className={bodyCell}>{row.position}</td>
            <td className={bodyCell}>
              <YesNo value={row.active} />
            </td>
            <td className={bodyCell}>{row.lang}</td>
            <th scope="row" className={`${bodyCell} font-semibold`}>
              {row.headline}
            </th>
            <td className={`${bodyCell} max-w-xs truncate`}>{row.plainText}</td>
            <td className={bodyCell}>
              <When date={row.startDate} />
            </td>
            <td className={bodyCell}>
              <When date={row.endDate} />
            </td>
            <td className={bodyCell}>
              <When date={row.createdAt} />
            </td>
            <td className={bodyCell}>
              <When date={row.updatedAt} />
            </td>
            <td className={`${bodyCell} whitespace-nowrap`}>
              <div className="flex gap-1">
                <button
                  type="button"
                  className={rowButton}
                  aria-label={t("news.previewLabel", { headline: row.headline })}
                  onClick={() => setPreviewing(row)}
                >
                  {t("news.preview")}
                </button>
                <button
                  type="button"
                  className={rowButton}
                  aria-label={t("news.editLabel", { headline: row.headline })}
                  onClick={() => setEditing(row)}
                >
                  {t("news.edit")}
                </button>
                <IntentButton
                  intent="deleteNews"
                  fields={{ newsId: row.id }}
                  label={t("news.deleteLabel", { headline: row.headline })}
                  confirm={{
                    title: t("news.deleteTitle"),
                    text: t("news.deleteText", { headline: row.headline }),
                    confirm: t("news.delete"),
                  }}
                >
                  {t("news.delete")}
                </IntentButton>
              </div>
            </td>
          </tr>
        ))}
      </SupportTable>
      {editing ? (
        <NewsManager news={editing === "new" ? null : editing} count={news.length} languages={languages} onClose={() => setEditing(null)} />
      ) : null}
      <Dialog
        isOpen={previewing !== null}
        onOpenChange={(open) => !open && setPreviewing(null)}
        title={previewing?.headline ?? ""}
        maxWidth="860px"
      >
        <div className="p-1">
          {previewing?.imageUrl ? (
            <img src={previewing.imageUrl} alt="" className="mb-4 max-h-60 w-full rounded-lg object-contain" />
          ) : null}
          {/* Sanitised on the server when saved (the rich-text allow-list): no script, style or handler. */}
          <div
            className="prose max-w-none [&_a]:underline [&_ul]:list-disc [&_ul]:pl-6"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the stored text is sanitised HTML
            dangerouslySetInnerHTML={{ __html: previewing?.text ?? "" }}
          />
        </div>
      </Dialog>
    </>
  );
}

const rowButton =
  "inline-flex min-h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-100";

function NewsManager({
  news,
  count,
  languages,
  onClose,
}: {
  news: SupportNewsRow | null;
  count: number;
  languages: { code: string; name: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok?: boolean }>();
  const [draft, setDraft] = useState<Draft>(() => ({
    headline: news?.headline ?? "",
    text: news?.text ?? "",
    lang: news?.lang ?? "",
    position: String(news?.position ?? count),
    active: news?.active ?? true,
    startDate: day(news?.startDate ?? null),
    endDate: day(news?.endDate ?? null),
  }));
  const [touched, setTouched] = useState(false);
  const [image, setImage] = useState<{ file: File | null; remove: boolean; error: string | null }>({
    file: null,
    remove: false,
    error: null,
  });
  const parsed = NewsFormSchema.safeParse({ ...draft, active: String(draft.active) });
  const errorOf = (field: keyof Draft) => {
    if (!touched || parsed.success) return null;
    const issue = parsed.error.issues.find((i) => i.path[0] === field);
    return issue ? t(issue.message as never) : null;
  };
  const set = (field: keyof Draft) => (value: string) => {
    setTouched(true);
    setDraft((current) => ({ ...current, [field]: value }));
  };
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onClose();
  }, [fetcher.state, fetcher.data, onClose]);
  const chooseImage = (file: File | null) => {
    // The server checks again (size and the PNG signature); this tells before anything is sent.
    const error = !file
      ? null
      : file.size > NEWS_IMAGE.maxKb * 1024
        ? t("news.errors.imageTooLarge", { size: NEWS_IMAGE.maxKb })
        : file.type && file.type !== "image/png"
          ? t("news.errors.imageType")
          : null;
    setImage({ file: error ? null : file, remove: false, error });
  };
  const save = () => {
    const body = new FormData();
    body.set("intent", news ? "updateNews" : "createNews");
    if (news) body.set("newsId", news.id);
    for (const [key, value] of Object.entries({ ...draft, active: String(draft.active) })) body.set(key, value);
    if (image.file) body.set("image", image.file);
    if (image.remove) body.set("removeImage", "true");
    fetcher.submit(body, { method: "POST", encType: "multipart/form-data" });
  };
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={news ? t("news.managerEdit") : t("news.managerCreate")}
      maxWidth="834px"
    >
      <div className="flex flex-col gap-4">
        <TextInput label={t("news.headline")} value={draft.headline} onChange={set("headline")} error={errorOf("headline")} autoFocus />
        <Suspense fallback={<p aria-busy="true">…</p>}>
          <RichTextEditor label={t("news.text")} value={draft.text} onChange={set("text")} />
        </Suspense>
        {errorOf("text") ? (
          <p role="alert" className="text-sm text-red-700">
            {errorOf("text")}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput
            id="news-lang"
            label={t("news.lang")}
            value={draft.lang}
            options={[
              { value: "", label: t("news.langPlaceholder") },
              ...languages.map((language) => ({ value: language.code, label: language.name })),
            ]}
            onChange={set("lang")}
          />
          <TextInput
            label={t("news.position")}
            value={draft.position}
            onChange={set("position")}
            error={errorOf("position")}
            inputMode="numeric"
          />
          <TextInput
            label={t("news.startDate")}
            value={draft.startDate}
            onChange={set("startDate")}
            error={errorOf("startDate")}
            placeholder="yyyy-mm-dd"
          />
          <TextInput
            label={t("news.endDate")}
            value={draft.endDate}
            onChange={set("endDate")}
            error={errorOf("endDate")}
            placeholder="yyyy-mm-dd"
          />
        </div>
        <NewsImageField
          current={news?.imageUrl ?? null}
          state={image}
          onChoose={chooseImage}
          onRemove={(remove) => setImage({ file: null, remove, error: null })}
        />
        <Checkbox isSelected={draft.active} onChange={(active) => setDraft((current) => ({ ...current, active }))}>
          {t("news.active")}
        </Checkbox>
        <DialogButtons
          confirm={t("news.save")}
          cancel={t("news.cancel")}
          onCancel={onClose}
          onConfirm={save}
          isDisabled={!parsed.success || fetcher.state !== "idle"}
        />
      </div>
    </Dialog>
  );
}

/** The news manager's image (§5: PNG up to 2000 KB): the current one, a new file, or 'remove'. */
function NewsImageField(props: {
  current: string | null;
  state: { file: File | null; remove: boolean; error: string | null };
  onChoose: (file: File | null) => void;
  onRemove: (remove: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t("news.image", { size: NEWS_IMAGE.maxKb })}
        <input
          type="file"
          accept={NEWS_IMAGE.accept}
          aria-describedby={props.state.error ? "news-image-error" : undefined}
          aria-invalid={props.state.error ? true : undefined}
          onChange={(event) => props.onChoose(event.currentTarget.files?.[0] ?? null)}
          className="text-sm font-normal file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:font-semibold"
        />
      </label>
      {props.state.error ? (
        <p id="news-image-error" role="alert" className="text-sm text-red-700">
          {props.state.error}
        </p>
      ) : null}
      {props.state.file ? <p className="text-sm">{t("news.imageChosen", { name: props.state.file.name })}</p> : null}
      {props.current && !props.state.file ? (
        <div className="flex flex-wrap items-center gap-3">
          <img
            src={props.current}
            alt={t("news.imageCurrent")}
            className={`h-20 rounded border border-slate-200 object-contain ${props.state.remove ? "opacity-40" : ""}`}
          />
          <Checkbox isSelected={props.state.remove} onChange={props.onRemove}>
            {t("news.imageRemove")}
          </Checkbox>
        </div>
      ) : null}
    </div>
  );
}
