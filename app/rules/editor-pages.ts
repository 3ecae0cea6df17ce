/**
 * The editor's page shapes and constants, shared by the server and the browser (studio-core.md
 * §9 'Detail view': pages load in chunks of 50; issue 11).
 */
export const EDITOR_PAGE_CHUNK = 50;

/** A page as the editor lists it: its number, its size in PDF points and the sizes it was rendered at. */
export type EditorPage = {
  id: string;
  number: number;
  /** PDF points of the visible frame (the CropBox). */
  width: number;
  height: number;
  isHidden: boolean;
  /** null while the page is not rendered. */
  thumbnail: { width: number; height: number } | null;
  images: { width: number; height: number }[];
};
