/** The preview image of a media element (studio-core.md §5, §9; issue 11), shared by the upload field and the server. */
export const PREVIEW_IMAGE = { width: 176, maxBytes: 300 * 1024, accept: ".png,.jpg,.jpeg" } as const;

/** The format a preview image's name promises: png, jpeg, or null for anything else. */
export function previewImageTypeOf(fileName: string): "png" | "jpeg" | null {
  const extension = fileName.split(".").pop()?.toLowerCase();
  if (extension === "png") return "png";
  if (extension === "jpg" || extension === "jpeg") return "jpeg";
  return null;
}

/** §5: the generate button is off when there is nothing to make it from, or an image exists already. */
export function canGeneratePreview(element: {
  kind: string;
  internalLinkPageId: string | null;
  galleryId: string | null;
  url: string | null;
  hasPreviewImage: boolean;
}) {
  if (element.hasPreviewImage) return false;
  if (element.kind === "internalLink") return Boolean(element.internalLinkPageId);
  if (element.kind === "gallery") return Boolean(element.galleryId);
  // The page's Open Graph image, fetched by the server (models/open-graph-image.server.ts).
  if (element.kind === "externalLink" || element.kind === "video") return Boolean(element.url?.trim());
  return false;
}
