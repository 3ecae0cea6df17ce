import { GALLERY_IMAGE_MAX_BYTES } from "./gallery.ts";
import { NEWS_IMAGE } from "./news.ts";
import { SETTINGS_LIMITS } from "./epaper-settings.ts";
import { API_UPLOAD_PATH, PDF_UPLOAD_PATHS, UPLOAD_MULTIPART_OVERHEAD_BYTES, uploadBodyLimitBytes } from "./upload-contract.ts";

/*
 * The largest body each studio address may declare (server/http-limits.ts refuses more before a
 * byte is read; every address not named here gets 1 MB). An image upload's limit is its file's
 * limit and the multipart framing, so that a file just over the limit still reaches its route,
 * which answers the translated refusal ('at most … KB') instead of the server's plain 413.
 */

const imageLimit = (maxFileBytes: number) => maxFileBytes + UPLOAD_MULTIPART_OVERHEAD_BYTES;

const IMAGE_UPLOADS: { path: RegExp; maxFileBytes: number }[] = [
  { path: /^\/resources\/upload-gallery-image$/, maxFileBytes: GALLERY_IMAGE_MAX_BYTES },
  // The background is the larger of the two settings images (the logo's route refuses over 5000 KB).
  { path: /^\/epaper\/[^/]+\/settings\/image$/, maxFileBytes: SETTINGS_LIMITS.backgroundKb * 1024 },
  // The news manager posts to the support page's action (single fetch adds .data).
  { path: /^\/support\/news(\.data)?$/, maxFileBytes: NEWS_IMAGE.maxKb * 1024 },
];

export function bodyLimitFor(path: string, pdfMaxBytes: number): number | undefined {
  if (PDF_UPLOAD_PATHS.includes(path) || path === API_UPLOAD_PATH) return uploadBodyLimitBytes(pdfMaxBytes);
  const image = IMAGE_UPLOADS.find((upload) => upload.path.test(path));
  return image ? imageLimit(image.maxFileBytes) : undefined;
}
