/**
 * Grid sizing of the ePaper workspace (studio-core.md §2, §9): 220 × 220 px cards with a 10 px
 * margin fill the available area; phones with fewer than 3 columns load eight times as many
 * items (they scroll instead of paging). Pure, so the browser and the loader agree.
 */
export const GRID_CARD_PX = 220;
export const GRID_MARGIN_PX = 10;
export const GRID_CELL_PX = GRID_CARD_PX + 2 * GRID_MARGIN_PX;
export const GRID_PHONE_FACTOR = 8;
export const GRID_DEFAULT_SIZE = 20;
export const GRID_MAX_SIZE = 400;
/** studio-core.md §9: the grid reloads 1 s after resizing stops. */
export const GRID_RESIZE_DELAY_MS = 1000;
/** Query parameter and cookie that carry the capacity to the loader. */
export const GRID_SIZE_PARAM = "size";
export const GRID_SIZE_COOKIE = "ep_grid_size";

export function gridCapacity(width: number, height: number): number {
  const columns = Math.max(1, Math.floor(width / GRID_CELL_PX));
  const rows = Math.max(1, Math.floor(height / GRID_CELL_PX));
  const capacity = columns * rows * (columns < 3 ? GRID_PHONE_FACTOR : 1);
  return Math.min(GRID_MAX_SIZE, capacity);
}

/** A size from the address or the cookie, or the default when missing or out of range. */
export function parseGridSize(value: string | null | undefined): number {
  const size = Number(value);
  return Number.isInteger(size) && size >= 1 && size <= GRID_MAX_SIZE ? size : GRID_DEFAULT_SIZE;
}

/** The capacity the browser stored (a plain `ep_grid_size=<n>` cookie), or null. */
export function gridSizeFromCookie(header: string | null): string | null {
  return header?.match(new RegExp(`(?:^|;\\s*)${GRID_SIZE_COOKIE}=(\\d+)`))?.[1] ?? null;
}
