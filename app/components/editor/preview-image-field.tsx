import { useId, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { href, useFetcher, useRevalidator } from "react-router";
import { Button } from "#app/components/ui/button";
import type { ApiErrorBody } from "#app/errors/api-error-body";
import type { MediaElement } from "#app/rules/media-element";
import { autoPreviewAllowed } from "#app/rules/enrichment";
import { canGeneratePreview, PREVIEW_IMAGE } from "#app/rules/preview-image";
import { fileInputClassName, StatusText } from "#app/components/ui/fields";

/**
 * The preview image of a media element in its edit panel (§5, §7): the image, an upload
 * (.png/.jpg, at most 300 KB, scaled to 176 px by the server), 'generate' where the element
 * points at something in the studio (disabled while generating, when there is nothing to make it
 * from, and when an image exists), and 'remove'.
 */
export function PreviewImageField(props: { element: MediaElement; epaperId: string; editable: boolean }) {
  const { t } = useTranslation();
  const inputId = useId();
  const fetcher = useFetcher<{ ok: boolean }>();
  const revalidator = useRevalidator();
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const { element } = props;
  const name = element.title ?? t(`editor.kinds.${element.kind}`);
  const action = `/epaper/${encodeURIComponent(props.epaperId)}`;
  const busy = fetcher.state !== "idle";
  const generate = canGeneratePreview({ ...element, hasPreviewImage: element.previewImage !== null });

  async function upload(file: File | undefined) {
    if (!file) return;
    const body = new FormData();
    body.set("epaperId", props.epaperId);
    body.set("pageMediaId", element.id);
    body.set("file", file);
    const response = await fetch(href("/upload-enrichment-preview-image"), {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
    });
    if (!response.ok) {
      const error = ((await response.json().catch(() => null)) as ApiErrorBody | null)?.error;
      setStatus({ text: error ? t(error.messageKey, error.params) : t("errors.unexpected"), error: true });
      return;
    }
    setStatus({ text: t("media.previewImage.uploaded"), error: false });
    await revalidator.revalidate();
  }

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium text-slate-800">{t("media.previewImage.label")}</p>
      {element.previewImage ? (
        <img
          src={href("/media/:mediaId", { mediaId: element.previewImage.id })}
          alt={t("media.previewImage.alt", { name })}
          width={PREVIEW_IMAGE.width}
          className="h-auto max-w-[176px] rounded border border-slate-300"
        />
      ) : (
        <p className="text-sm text-slate-600">{t("media.previewImage.none")}</p>
      )}
      {props.editable ? (
        <>
          <label htmlFor={inputId} className="text-sm">
            {t("media.previewImage.upload")}
          </label>
          <input
            id={inputId}
            type="file"
            accept={PREVIEW_IMAGE.accept}
            onChange={(event) => void upload(event.target.files?.[0])}
            className={fileInputClassName}
          />
          <div className="flex flex-wrap gap-2">
            {autoPreviewAllowed(element.kind) ? (
              <Button
                variant="secondary"
                isDisabled={!generate || busy}
                onPress={() => fetcher.submit({ intent: "generatePreviewImage", pageMediaId: element.id }, { method: "post", action })}
              >
                {busy ? t("media.previewImage.generating") : t("media.previewImage.generate")}
              </Button>
            ) : null}
            {element.previewImage ? (
              <Button
                variant="secondary"
                isDisabled={busy}
                onPress={() => fetcher.submit({ intent: "removePreviewImage", pageMediaId: element.id }, { method: "post", action })}
              >
                {t("media.previewImage.remove")}
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
      <StatusText status={status} />
    </div>
  );
}
