import { data } from "react-router";
import type { StudioUser } from "#app/auth/studio-user.server";
import { AppError } from "#app/errors/app-error";
import { withErrorToasts } from "#app/errors/responses.server";
import { updateClickAreaColors } from "#app/models/click-area-colors.server";
import {
  createMediaElement,
  deleteAllPageMedia,
  deleteMediaElement,
  duplicateMediaElement,
  updateMediaElement,
} from "#app/models/page-media.server";
import { convertPdfLinks } from "#app/models/pdf-link-conversion.server";
import { generatePreviewImage, removePreviewImage } from "#app/models/preview-image.server";
import { blobs } from "#app/blob/blobs.server";
import { loadMediaElements } from "#app/models/page-media-read.server";
import { canGeneratePreview } from "#app/rules/preview-image";
import { parseIntent } from "#app/rules/intents";
import { db } from "#app/utils/db.server";
import { readForm } from "#app/utils/read-form.server";
import { redis } from "#app/utils/redis.server";
import { toastSetCookie } from "#app/utils/toast.server";
import { editorIntents } from "./editor-intents.ts";

/**
 * The editor's writes (POST /epaper/:epaperId, studio-core.md §4, §7 'Page enrichments',
 * 'ePaper settings'; issue 11). Fields of an element travel as one JSON form field (`fields`,
 * `patch`) that the model validates with the shared rules; ids are checked against the caller's
 * account there (a foreign id is 404).
 */

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("errors.invalidRequest", { status: 400, detail: "fields are not JSON" });
  }
}

const withToast = async <T>(
  body: T,
  messageKey: Parameters<typeof toastSetCookie>[0]["messageKey"],
  params?: Record<string, number>,
  type: "success" | "info" = "success",
) => data(body, { headers: { "Set-Cookie": await toastSetCookie({ type, messageKey, params }) } });

export function editorAction(studio: StudioUser, request: Request, epaperId: string) {
  return withErrorToasts(async () => {
    const { subject } = studio;
    const form = parseIntent(await readForm(request), editorIntents);
    const deps = { db, redis };
    switch (form.intent) {
      case "createMedia": {
        let element = await createMediaElement(deps, subject, {
          epaperId,
          pageId: form.pageId,
          kind: form.kind,
          fields: json(form.fields),
          id: form.elementId,
        });
        // 'Generate automatically' (§4): made right away where the studio has the source.
        // The element stays when that fails (a page without a picture, a timeout): the user hears
        // so and can upload one (§8 'preview image generation failure', info).
        if (element.previewImageAuto && canGeneratePreview({ ...element, hasPreviewImage: false })) {
          const made = await generatePreviewImage({ ...deps, blobs }, subject, { epaperId, pageMediaId: element.id }).catch(
            (error: unknown) => {
              // The element is saved: an unexpected failure is logged, not shown as a failed creation.
              if (!(error instanceof AppError)) console.error("preview image generation failed", error);
              return null;
            },
          );
          element = (await loadMediaElements(db, { pageId: form.pageId, ids: [element.id] }))[0] ?? element;
          if (!made) return withToast({ ok: true as const, element }, "media.createdWithoutPreview", undefined, "info");
        }
        return withToast({ ok: true as const, element }, "media.created");
      }
      case "updateMedia": {
        const element = await updateMediaElement(deps, subject, {
          epaperId,
          pageMediaId: form.pageMediaId,
          version: form.version,
          patch: json(form.patch),
        });
        return { ok: true as const, element };
      }
      case "duplicateMedia": {
        const element = await duplicateMediaElement(deps, subject, { epaperId, pageMediaId: form.pageMediaId });
        return withToast({ ok: true as const, element }, "media.duplicated");
      }
      case "deleteMedia":
        await deleteMediaElement(deps, subject, { epaperId, pageMediaId: form.pageMediaId });
        return withToast({ ok: true as const }, "media.deleted");
      case "deleteAllMedia": {
        const count = await deleteAllPageMedia(deps, subject, { epaperId, pageId: form.pageId });
        return withToast({ ok: true as const }, "media.deletedAll", { count });
      }
      case "generatePreviewImage":
        await generatePreviewImage({ ...deps, blobs }, subject, { epaperId, pageMediaId: form.pageMediaId });
        return withToast({ ok: true as const }, "media.previewImage.uploaded");
      case "removePreviewImage":
        await removePreviewImage({ ...deps, blobs }, subject, { epaperId, pageMediaId: form.pageMediaId });
        return withToast({ ok: true as const }, "media.previewImage.removed");
      case "convertPdfLinks": {
        const count = await convertPdfLinks(deps, subject, { epaperId, pageId: form.pageId });
        return withToast({ ok: true as const, count }, "media.pdfLinks.converted", { count });
      }
      case "setClickAreaColors":
        await updateClickAreaColors(deps, subject, { epaperId, color: form.color, hoverColor: form.hoverColor });
        return withToast({ ok: true as const }, "media.settings.saved");
    }
  });
}
