/** Zoom and pan arithmetic; pan is the offset of the content's centre from the viewport's centre. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 5;
export const ZOOM_STEP = 1.5;
export const DOUBLE_TAP_ZOOM = 2.5;

export type View = { zoom: number; x: number; y: number };
export type Size = { width: number; height: number };

export const RESET_VIEW: View = { zoom: 1, x: 0, y: 0 };

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** Keeps the zoomed content covering the viewport where it is larger than it, centred otherwise. */
export function clampPan(view: View, content: Size, viewport: Size): View {
  const limit = (contentSize: number, viewportSize: number) => Math.max(0, (contentSize * view.zoom - viewportSize) / 2);
  const lx = limit(content.width, viewport.width);
  const ly = limit(content.height, viewport.height);
  return { zoom: view.zoom, x: Math.min(lx, Math.max(-lx, view.x)), y: Math.min(ly, Math.max(-ly, view.y)) };
}

/**
 * Zooms keeping the point under `focus` (relative to the viewport's centre) where it is, as
 * pinching and ctrl+wheel feel natural only when the content under the fingers stays put.
 */
export function zoomAround(view: View, nextZoom: number, focus: { x: number; y: number }): View {
  const zoom = clampZoom(nextZoom);
  const ratio = zoom / view.zoom;
  return { zoom, x: focus.x - (focus.x - view.x) * ratio, y: focus.y - (focus.y - view.y) * ratio };
}
