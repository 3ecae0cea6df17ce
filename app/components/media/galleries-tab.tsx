import { useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { showToast } from "#app/components/hooks/toast-store";
import { type TourStep, useTour } from "#app/components/hooks/use-tour";
import { Button } from "#app/components/ui/button";
import { VirtualList } from "#app/components/ui/virtual-list";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { StatusText, TextInput } from "#app/components/ui/fields";
import { GALLERY_IMAGE_ACCEPT, GALLERY_IMAGE_MAX_BYTES } from "#app/rules/gallery";
import { type GalleryDetail, MEDIA_NAME_MAX, type MediaItem, type MediaPage, mediaNameProblem } from "#app/rules/media-library";
import { getMedia, mediaDialogElement, mediaSrc, useMediaPost } from "./media-api.ts";

type GalleryRow = { id: string; name: string; imageCount: number; usedBy: number };

/**
 * The galleries tab (studio-admin.md §2, §4 'Media and galleries', §7 gallery, add-/remove-
 * gallery-media): the account's galleries by name and a new one by name; an open gallery shows
 * its images in order (forward, back, remove), takes images from the library (gallery material
 * only: not preview images, backgrounds or logos) and several uploads at once, reported as
 * 'succeeded/total' and 'failed/total'. Rename, and delete while no media element shows it.
 */
export function GalleriesTab() {
  const { t } = useTranslation();
  const [galleries, setGalleries] = useState<GalleryRow[] | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [newName, setNewName] = useState("");
  const { status, post } = useMediaPost();
  const load = useCallback(async () => {
    const answer = await getMedia<{ galleries: GalleryRow[] }>({ view: "galleries" });
    if (answer) setGalleries(answer.galleries);
  }, []);
  useEffect(() => {
    load().catch(() => {});
  }, [load]);

  if (openId)
    return (
      <GalleryView
        galleryId={openId}
        onBack={() => {
          setOpenId(null);
          void load();
        }}
      />
    );
  const problem = newName.trim() === "" ? null : mediaNameProblem(newName);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-2" data-tour="media-new-gallery">
        <div className="min-w-0 flex-1">
          <TextInput
            label={t("mediaLibrary.galleries.newName")}
            value={newName}
            onChange={setNewName}
            error={problem ? t(`mediaLibrary.validation.${problem}`, { max: MEDIA_NAME_MAX }) : null}
          />
        </div>
        <Button
          isDisabled={newName.trim() === "" || Boolean(problem)}
          onPress={async () => {
            const answer = await post({ intent: "createGallery", name: newName }, t("mediaLibrary.galleries.created"));
            if (answer) {
              setNewName("");
              await load();
            }
          }}
        >
          {t("mediaLibrary.galleries.create")}
        </Button>
      </div>
      {galleries && galleries.length === 0 ? <p className="text-sm text-slate-700">{t("mediaLibrary.galleries.none")}</p> : null}
      <ul className="flex flex-col gap-2" aria-label={t("mediaLibrary.galleries.label")}>
        {galleries?.map((gallery) => (
          <li key={gallery.id}>
            <Button variant="secondary" className="w-full justify-between" onPress={() => setOpenId(gallery.id)}>
              <span className="truncate">{gallery.name}</span>
              <span className="text-xs font-normal text-slate-600">
                {t("mediaLibrary.galleries.images", { count: gallery.imageCount })}
              </span>
            </Button>
          </li>
        ))}
      </ul>
      <div aria-live="polite" className="min-h-6">
        <StatusText status={status} />
      </div>
    </div>
  );
}

const GALLERY_TOUR: TourStep[] = [
  { target: "gallery-upload", title: "tours.gallery.uploadTitle", text: "tours.gallery.uploadText" },
  { target: "gallery-order", title: "tours.gallery.orderTitle", text: "tours.gallery.orderText" },
  { target: "gallery-add", title: "tours.gallery.addTitle", text: "tours.gallery.addText" },
];

function GalleryView(props: { galleryId: string; onBack: () => void }) {
  const { t } = useTranslation();
  const uploadId = useId();
  const [gallery, setGallery] = useState<GalleryDetail | null>(null);
  const [name, setName] = useState("");
  const [picking, setPicking] = useState<MediaItem[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [progress, setProgress] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { status, post } = useMediaPost();
  useTour("gallery-tour", GALLERY_TOUR, gallery !== null, mediaDialogElement);
  const load = useCallback(async () => {
    const answer = await getMedia<{ gallery: GalleryDetail }>({ view: "gallery", galleryId: props.galleryId });
    if (answer) {
      setGallery(answer.gallery);
      setName(answer.gallery.name);
    }
  }, [props.galleryId]);
  useEffect(() => {
    load().catch(() => {});
  }, [load]);
  if (!gallery) return null;
  const items = gallery.items;
  const write = async (fields: Record<string, string>, success: string | null) => {
    const answer = await post({ galleryId: gallery.id, ...fields }, success);
    await load();
    return answer;
  };
  const upload = async (files: File[]) => {
    let succeeded = 0;
    for (const [index, file] of files.entries()) {
      setProgress(t("mediaLibrary.galleries.uploading", { done: index + 1, total: files.length }));
      const body = new FormData();
      body.set("galleryId", gallery.id);
      body.set("file", file);
      const ok =
        file.size <= GALLERY_IMAGE_MAX_BYTES &&
        (await fetch("/upload-gallery-image", { method: "POST", body, headers: { Accept: "application/json" } })
          .then((response) => response.ok)
          .catch(() => false));
      if (ok) succeeded++;
    }
    setProgress(null);
    const total = files.length;
    if (succeeded > 0) showToast({ type: "success", messageKey: "mediaLibrary.galleries.uploadSucceeded", params: { succeeded, total } });
    if (succeeded < total)
      showToast({ type: "error", messageKey: "mediaLibrary.galleries.uploadFailed", params: { failed: total - succeeded, total } });
    await load();
  };
  const problem = mediaNameProblem(name);
  return (
    <section className="flex flex-col gap-3" aria-label={gallery.name}>
      <div>
        <Button variant="secondary" onPress={props.onBack}>
          ‹ {t("mediaLibrary.galleries.back")}
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextInput
            label={t("mediaLibrary.galleries.rename")}
            value={name}
            onChange={setName}
            error={problem ? t(`mediaLibrary.validation.${problem}`, { max: MEDIA_NAME_MAX }) : null}
          />
        </div>
        <Button
          variant="secondary"
          isDisabled={Boolean(problem) || name.trim() === gallery.name}
          onPress={() => void write({ intent: "renameGallery", name }, t("mediaLibrary.galleries.nameUpdated"))}
        >
          {t("mediaLibrary.save")}
        </Button>
        <Button variant="secondary" onPress={() => setConfirmDelete(true)}>
          {t("mediaLibrary.galleries.delete")}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t("mediaLibrary.galleries.delete")}
        text={t("mediaLibrary.galleries.deleteConfirm", { name: gallery.name })}
        confirm={t("mediaLibrary.delete")}
        cancel={t("mediaLibrary.cancel")}
        onConfirm={async () => {
          // The gallery's view goes away: the message is a toast.
          if (await post({ intent: "deleteGallery", galleryId: gallery.id }, null)) {
            showToast({ type: "success", messageKey: "mediaLibrary.galleries.deleted" });
            props.onBack();
          }
        }}
      />
      {gallery.usedBy > 0 ? (
        <p className="text-sm text-slate-700">{t("mediaLibrary.galleries.usedBy", { count: gallery.usedBy })}</p>
      ) : null}
      <div className="flex flex-col gap-1" data-tour="gallery-upload">
        <label htmlFor={uploadId} className="text-sm font-medium">
          {t("mediaLibrary.galleries.upload")}
        </label>
        <input
          id={uploadId}
          type="file"
          multiple
          accept={GALLERY_IMAGE_ACCEPT}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = "";
            if (files.length) void upload(files);
          }}
          className="min-h-11 text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:font-semibold"
        />
        <p className="text-xs text-slate-600">{t("mediaLibrary.galleries.uploadHint", { size: GALLERY_IMAGE_MAX_BYTES / 1024 / 1024 })}</p>
        {progress ? (
          <p aria-live="polite" className="text-sm">
            {progress}
          </p>
        ) : null}
      </div>
      {items.length === 0 ? <p className="text-sm text-slate-700">{t("mediaLibrary.galleries.emptyGallery")}</p> : null}
      {/* A gallery may hold hundreds of images: only those in view are rendered (ADR 0049). */}
      <div data-tour="gallery-order">
        <VirtualList
          label={gallery.name}
          items={items}
          itemKey={(item) => item.id}
          estimateSize={74}
          gap={8}
          renderItem={(item, index) => (
            <div className="flex items-center gap-2 rounded-xl border border-slate-200 p-2">
              <img src={mediaSrc(item)} alt="" loading="lazy" className="size-14 shrink-0 rounded object-contain" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate font-semibold">{item.name}</p>
                <p className="text-xs text-slate-600">
                  {t("mediaLibrary.galleries.position", { position: index + 1, total: items.length })}
                </p>
              </div>
              <Button
                variant="secondary"
                className="min-w-11 px-2"
                aria-label={t("mediaLibrary.galleries.moveUp", { name: item.name })}
                isDisabled={index === 0}
                onPress={() => void write({ intent: "moveInGallery", mediaId: item.id, to: String(index - 1) }, null)}
              >
                ↑
              </Button>
              <Button
                variant="secondary"
                className="min-w-11 px-2"
                aria-label={t("mediaLibrary.galleries.moveDown", { name: item.name })}
                isDisabled={index === items.length - 1}
                onPress={() => void write({ intent: "moveInGallery", mediaId: item.id, to: String(index + 1) }, null)}
              >
                ↓
              </Button>
              <Button
                variant="secondary"
                className="min-w-11 px-2"
                aria-label={t("mediaLibrary.galleries.remove", { name: item.name })}
                onPress={() => void write({ intent: "removeFromGallery", mediaIds: item.id }, null)}
              >
                ✕
              </Button>
            </div>
          )}
        />
      </div>
      {picking ? (
        <section aria-label={t("mediaLibrary.galleries.addExisting")} className="flex flex-col gap-2 rounded-xl bg-slate-50 p-2">
          <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2">
            {picking.map((item) => (
              <li key={item.id}>
                <label className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-5"
                    aria-label={t("mediaLibrary.galleries.choose", { name: item.name })}
                    checked={chosen.has(item.id)}
                    onChange={(event) => {
                      const next = new Set(chosen);
                      if (event.target.checked) next.add(item.id);
                      else next.delete(item.id);
                      setChosen(next);
                    }}
                  />
                  <img src={mediaSrc(item)} alt="" loading="lazy" className="size-10 rounded object-contain" />
                  <span className="truncate">{item.name}</span>
                </label>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onPress={() => setPicking(null)}>
              {t("mediaLibrary.cancel")}
            </Button>
            <Button
              isDisabled={chosen.size === 0}
              onPress={async () => {
                if (await write({ intent: "addToGallery", mediaIds: [...chosen].join(",") }, t("mediaLibrary.galleries.added")))
                  setPicking(null);
              }}
            >
              {t("mediaLibrary.galleries.addSelected")}
            </Button>
          </div>
        </section>
      ) : (
        <div data-tour="gallery-add">
          <Button
            variant="secondary"
            onPress={async () => {
              // Gallery material: gallery images and unassigned ones (§4), a generous first page of each.
              const [inGalleries, loose] = await Promise.all(
                (["gallery", "unassigned"] as const).map((filter) =>
                  getMedia<{ media: MediaPage }>({ view: "images", filter, skip: 0, take: 200 }),
                ),
              );
              const present = new Set(items.map((item) => item.id));
              setChosen(new Set());
              setPicking([...(inGalleries?.media.items ?? []), ...(loose?.media.items ?? [])].filter((item) => !present.has(item.id)));
            }}
          >
            {t("mediaLibrary.galleries.addExisting")}
          </Button>
        </div>
      )}
      <div aria-live="polite" className="min-h-6">
        <StatusText status={status} />
      </div>
    </section>
  );
}
