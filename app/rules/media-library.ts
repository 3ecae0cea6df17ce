import { z } from "zod";

/*
 * The media library's rules (studio-admin.md §2 'Media dialog', §3 'Media', 'Gallery', §4 'Media
 * and galleries', §5 'Media name', §7 media / gallery / add- and remove-gallery-media, §9;
 * issue 12), shared by the dialog and the server.
 */

export const MEDIA_NAME_MAX = 250;
/** §2: the image filters; 'all' shows every image of the account. */
export const MEDIA_FILTERS = ["all", "gallery", "preview", "background", "logo", "unassigned"] as const;
export type MediaFilter = (typeof MEDIA_FILTERS)[number];

/** Where an image is used (§3 'Media': counts of relations). */
export type MediaUses = { gallery: number; preview: number; background: number; logo: number };
export const usesTotal = (uses: MediaUses) => uses.gallery + uses.preview + uses.background + uses.logo;

export type MediaItem = {
  id: string;
  name: string;
  extension: string;
  sizeInByte: number;
  width: number | null;
  height: number | null;
  uses: MediaUses;
};
export type MediaPage = { items: MediaItem[]; total: number };

/** §5: at least one character (after trimming), at most 250. */
export function mediaNameProblem(name: string): "mediaNameRequired" | "mediaNameTooLong" | null {
  const trimmed = name.trim();
  if (trimmed.length < 1) return "mediaNameRequired";
  if (trimmed.length > MEDIA_NAME_MAX) return "mediaNameTooLong";
  return null;
}

/** §5: take and skip below 0 become 0; a take is at most a generous page. */
export function mediaWindow(skip: unknown, take: unknown, fallback: number) {
  const whole = (value: unknown, otherwise: number) => {
    const number = Math.floor(Number(value));
    return Number.isFinite(number) ? Math.max(0, number) : otherwise;
  };
  return { skip: whole(skip, 0), take: Math.min(1_000, whole(take, fallback) || fallback) };
}

export const galleryMediaSchema = z.object({
  galleryId: z.string().min(1).max(32),
  mediaIds: z.array(z.string().min(1).max(32)).min(1).max(200),
});

/** A gallery with its images in order (the galleries tab). */
export type GalleryDetail = { id: string; name: string; items: MediaItem[]; usedBy: number };
