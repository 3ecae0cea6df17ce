/** Gallery rules the upload field and the server share (studio-core.md §7 '/upload-gallery-image'; issue 11). */
export const GALLERY_NAME_MAX = 250;
/** Largest gallery image the studio takes, in bytes. */
export const GALLERY_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The accepted file name endings, what sharp must find inside, and the type stored. */
export const GALLERY_IMAGE_TYPES = {
  png: { mime: "image/png", formats: ["png"] },
  jpg: { mime: "image/jpeg", formats: ["jpeg"] },
  jpeg: { mime: "image/jpeg", formats: ["jpeg"] },
  gif: { mime: "image/gif", formats: ["gif"] },
} as const;
export const GALLERY_IMAGE_ACCEPT = ".png,.jpg,.jpeg,.gif";

/** A gallery as the gallery field lists it. */
export type GalleryItem = { id: string; name: string; imageCount: number };
