import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { PagePager } from "#app/components/settings/page-pager";
import { Button } from "#app/components/ui/button";
import { StatusText, TextInput } from "#app/components/ui/fields";
import { VirtualList } from "#app/components/ui/virtual-list";
import {
  MEDIA_FILTERS,
  MEDIA_NAME_MAX,
  type MediaFilter,
  type MediaItem,
  type MediaPage,
  mediaNameProblem,
  usesTotal,
} from "#app/rules/media-library";
import { PAGES_DEFAULT_SIZE, type PageSize } from "#app/rules/pages-settings";
import { getMedia, mediaSrc, useMediaPost, useUsesText } from "./media-api.ts";

type Editing = { item: MediaItem; mode: "rename" | "delete" } | null;

/**
 * The images tab (studio-admin.md §2 'Media dialog', §4): the account's images by filter, a page
 * at a time in name order, each with its uses; rename (asking first when the image is in use) and
 * delete (refused by the server while it is used: 'Deletion not possible').
 */
export function ImagesTab() {
  const { t } = useTranslation();
  const filterId = useId();
  const [filter, setFilter] = useState<MediaFilter>("all");
  const [skip, setSkip] = useState(0);
  const [size, setSize] = useState<PageSize>(PAGES_DEFAULT_SIZE);
  const [page, setPage] = useState<MediaPage | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [name, setName] = useState("");
  const [confirmed, setConfirmed] = useState(false);
  const { status, setStatus, post } = useMediaPost();
  const usesText = useUsesText();
  const take = size === "total" ? (page?.total ?? 1_000) : size;

  // Only the answer of the latest load is shown: a reload after an action, asked for under the
  // filter of its time, may answer after a load for the filter chosen since (an e2e run showed
  // 'Unassigned' above the gallery images).
  const latestLoad = useRef(0);
  const load = useCallback(
    async (signal?: AbortSignal) => {
      const request = ++latestLoad.current;
      const answer = await getMedia<{ media: MediaPage }>({ view: "images", filter, skip, take }, signal);
      if (answer && request === latestLoad.current) setPage(answer.media);
    },
    [filter, skip, take],
  );
  const loadNow = useRef(load);
  loadNow.current = load;
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).catch(() => {});
    return () => controller.abort();
  }, [load]);

  const open = (item: MediaItem, mode: "rename" | "delete") => {
    setStatus(null);
    setName(item.name);
    setConfirmed(false);
    setEditing({ item, mode });
  };
  const problem = mediaNameProblem(name);
  // The row whose rename or delete is open stays rendered while scrolled out of view.
  const editingAt = editing ? (page?.items.findIndex((item) => item.id === editing.item.id) ?? -1) : -1;
  const editingIndex = editingAt >= 0 ? editingAt : null;
  const finish = async (fields: Record<string, string>, success: string) => {
    if (await post(fields, success)) setEditing(null);
    // The list as it is chosen now (the filter may have changed while the action ran).
    await loadNow.current();
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={filterId} className="text-sm font-medium">
          {t("mediaLibrary.filter.label")}
        </label>
        <select
          id={filterId}
          value={filter}
          onChange={(event) => {
            setSkip(0);
            setFilter(event.target.value as MediaFilter);
          }}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-2"
        >
          {MEDIA_FILTERS.map((entry) => (
            <option key={entry} value={entry}>
              {t(`mediaLibrary.filter.${entry}`)}
            </option>
          ))}
        </select>
      </div>
      {page && page.items.length === 0 ? <p className="text-sm text-slate-700">{t("mediaLibrary.empty")}</p> : null}
      {/* Only the rows in view are in the page (ADR 0049): 'All' may be a thousand images. */}
      <VirtualList
        label={t(`mediaLibrary.filter.${filter}`)}
        items={page?.items ?? []}
        itemKey={(item) => item.id}
        estimateSize={122}
        gap={8}
        keep={editingIndex}
        renderItem={(item) => (
          <div className="flex flex-col gap-2 rounded-xl border border-slate-200 p-2">
            <div className="flex items-center gap-3">
              <img src={mediaSrc(item)} alt="" loading="lazy" className="size-16 shrink-0 rounded border border-slate-200 object-contain" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate font-semibold" title={item.name}>
                  {item.name}
                </p>
                <p className="text-xs text-slate-600">
                  {item.extension.toUpperCase()} · {t("mediaLibrary.size", { size: Math.max(1, Math.round(item.sizeInByte / 1024)) })}
                  {item.width && item.height ? ` · ${item.width}×${item.height}` : ""}
                </p>
                <p className="text-xs text-slate-600">{usesText(item.uses)}</p>
              </div>
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onPress={() => open(item, "rename")} aria-label={`${t("mediaLibrary.rename")}: ${item.name}`}>
                {t("mediaLibrary.rename")}
              </Button>
              <Button variant="secondary" onPress={() => open(item, "delete")} aria-label={`${t("mediaLibrary.delete")}: ${item.name}`}>
                {t("mediaLibrary.delete")}
              </Button>
            </div>
            {editing?.item.id === item.id ? (
              <section
                aria-label={
                  editing.mode === "rename"
                    ? t("mediaLibrary.renameTitle", { name: item.name })
                    : t("mediaLibrary.deleteTitle", { name: item.name })
                }
                className="flex flex-col gap-2 rounded-lg bg-slate-50 p-2"
              >
                {editing.mode === "rename" ? (
                  <>
                    <TextInput
                      label={t("mediaLibrary.name")}
                      value={name}
                      onChange={setName}
                      error={problem ? t(`mediaLibrary.validation.${problem}`, { max: MEDIA_NAME_MAX }) : null}
                    />
                    {usesTotal(item.uses) > 0 && !problem && name.trim() !== item.name ? (
                      <label className="flex min-h-11 items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          checked={confirmed}
                          onChange={(event) => setConfirmed(event.target.checked)}
                          className="size-5"
                        />
                        {t("mediaLibrary.renameInUse", { uses: usesText(item.uses) })}
                      </label>
                    ) : null}
                  </>
                ) : (
                  <p className="text-sm">{t("mediaLibrary.deleteConfirm")}</p>
                )}
                <div className="flex flex-wrap justify-end gap-2">
                  <Button variant="secondary" onPress={() => setEditing(null)}>
                    {t("mediaLibrary.cancel")}
                  </Button>
                  {editing.mode === "rename" ? (
                    <Button
                      isDisabled={Boolean(problem) || name.trim() === item.name || (usesTotal(item.uses) > 0 && !confirmed)}
                      onPress={() => void finish({ intent: "rename", mediaId: item.id, name }, t("mediaLibrary.saved"))}
                    >
                      {t("mediaLibrary.save")}
                    </Button>
                  ) : (
                    <Button onPress={() => void finish({ intent: "delete", mediaId: item.id }, t("mediaLibrary.removed"))}>
                      {t("mediaLibrary.delete")}
                    </Button>
                  )}
                </div>
              </section>
            ) : null}
          </div>
        )}
      />
      <PagePager
        total={page?.total ?? 0}
        skip={skip}
        take={take}
        size={size}
        onSize={setSize}
        onSkip={setSkip}
        captionOf={(range) => t("mediaLibrary.caption", range)}
      />
      <div aria-live="polite" className="min-h-6">
        <StatusText status={status} />
      </div>
    </div>
  );
}
