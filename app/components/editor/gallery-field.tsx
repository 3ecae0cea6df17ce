import { useEffect, useId, useState } from "react";
import { Radio, RadioGroup } from "react-aria-components";
import { useTranslation } from "#app/components/hooks/use-translation";
import { href } from "react-router";
import { Button } from "#app/components/ui/button";
import type { ApiErrorBody } from "#app/errors/api-error-body";
import { GALLERY_IMAGE_ACCEPT, type GalleryItem } from "#app/rules/gallery";
import { fileInputClassName, StatusText, TextInput } from "#app/components/ui/fields";
import { displayFileName, enterHint } from "#app/rules/truncate";

async function loadGalleries(search: string, signal?: AbortSignal): Promise<GalleryItem[]> {
  const response = await fetch(`${href("/resources/galleries")}?search=${encodeURIComponent(search)}`, {
    signal,
    headers: { Accept: "application/json" },
  });
  if (!response.ok) return [];
  return ((await response.json()) as { galleries: GalleryItem[] }).galleries;
}

/**
 * The gallery of a gallery element (§4 'gallery needs a gallery'; issue 11): find one of the
 * account's galleries by name, or type a new name and create it; then add images to the chosen
 * one. Lists come from the server in small pages, however many galleries the account has.
 */
export function GalleryField(props: { galleryId: string | null; onChange: (galleryId: string | null) => void; error: string | null }) {
  const { t } = useTranslation();
  const fileId = useId();
  const [search, setSearch] = useState("");
  const [galleries, setGalleries] = useState<GalleryItem[]>([]);
  const [chosen, setChosen] = useState<GalleryItem | null>(null);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      loadGalleries(search, controller.signal)
        .then((list) => {
          setGalleries(list);
          setChosen((current) => current ?? list.find((gallery) => gallery.id === props.galleryId) ?? null);
        })
        .catch(() => {});
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search, props.galleryId]);

  const name = search.trim();
  const exact = galleries.some((gallery) => gallery.name.toLowerCase() === name.toLowerCase());
  // The 'press Enter' hint names the typed name, at most 105 characters in all (studio-admin.md §5).
  const hint = name && !exact ? enterHint((value) => t("media.gallery.pressEnter", { name: value }), name) : undefined;
  const choose = (gallery: GalleryItem) => {
    setChosen(gallery);
    props.onChange(gallery.id);
  };

  async function create() {
    const body = new FormData();
    body.set("intent", "create");
    body.set("name", name);
    const response = await fetch(href("/resources/galleries"), { method: "POST", body, headers: { Accept: "application/json" } });
    if (!response.ok) {
      setStatus({ text: t("media.gallery.nameNotValid", { max: 250 }), error: true });
      return;
    }
    const created = (await response.json()) as { gallery?: GalleryItem };
    if (!created.gallery) return;
    setGalleries((list) => [created.gallery as GalleryItem, ...list]);
    choose(created.gallery);
    setStatus({ text: t("media.gallery.created", { name: created.gallery.name }), error: false });
  }

  async function upload(files: FileList | null) {
    if (!files || !chosen) return;
    for (const file of Array.from(files)) {
      setStatus({ text: t("media.gallery.uploading", { name: displayFileName(file.name) }), error: false });
      const body = new FormData();
      body.set("galleryId", chosen.id);
      body.set("file", file);
      const response = await fetch(href("/upload-gallery-image"), { method: "POST", body, headers: { Accept: "application/json" } });
      const answer = (await response.json().catch(() => null)) as ({ gallery?: GalleryItem } & Partial<ApiErrorBody>) | null;
      if (!response.ok || !answer?.gallery) {
        const error = answer?.error;
        setStatus({ text: error ? t(error.messageKey, error.params) : t("errors.unexpected"), error: true });
        return;
      }
      const updated = answer.gallery;
      setChosen(updated);
      setGalleries((list) => list.map((gallery) => (gallery.id === updated.id ? updated : gallery)));
    }
    setStatus(null);
  }

  return (
    <div className="flex flex-col gap-3">
      {/* Enter in the field creates the gallery it names (studio-admin.md §5: typed and confirmed). */}
      <TextInput
        label={t("media.gallery.search")}
        value={search}
        onChange={setSearch}
        description={hint}
        onEnter={name && !exact ? () => void create() : undefined}
      />
      {name && !exact ? (
        <Button variant="secondary" onPress={create} className="self-start break-all">
          {enterHint((value) => t("media.gallery.create", { name: value }), name)}
        </Button>
      ) : null}
      <RadioGroup
        aria-label={t("media.gallery.label")}
        value={chosen?.id ?? null}
        onChange={(id) => {
          const gallery = galleries.find((item) => item.id === id);
          if (gallery) choose(gallery);
        }}
        isInvalid={Boolean(props.error)}
        className="flex max-h-48 flex-col gap-1 overflow-y-auto"
      >
        {galleries.length === 0 ? <p className="text-sm text-slate-600">{t("media.gallery.none")}</p> : null}
        {galleries.map((gallery) => (
          <Radio
            key={gallery.id}
            value={gallery.id}
            className="flex min-h-11 cursor-pointer items-center justify-between gap-2 rounded-lg border border-slate-300 px-3 text-sm outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 data-[selected]:border-brand-600 data-[selected]:bg-brand-50 data-[selected]:font-semibold"
          >
            <span className="truncate">{gallery.name}</span>
            <span className="shrink-0 text-xs text-slate-600">{t("media.gallery.images", { count: gallery.imageCount })}</span>
          </Radio>
        ))}
      </RadioGroup>
      {props.error ? <p className="text-sm text-red-700">{props.error}</p> : null}
      {chosen ? (
        <div className="flex flex-col gap-1">
          <p className="text-sm">
            {t("media.gallery.chosen", { name: chosen.name })} · {t("media.gallery.images", { count: chosen.imageCount })}
          </p>
          <label htmlFor={fileId} className="text-sm font-medium">
            {t("media.gallery.addImages")}
          </label>
          <input
            id={fileId}
            type="file"
            multiple
            accept={GALLERY_IMAGE_ACCEPT}
            onChange={(event) => void upload(event.target.files)}
            className={fileInputClassName}
          />
        </div>
      ) : null}
      <StatusText status={status} />
    </div>
  );
}
