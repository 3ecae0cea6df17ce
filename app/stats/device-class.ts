import type { DeviceClass } from "./stats-events.ts";

/*
 * The class of a reader's device (issue 31, ADR 0053), from its User-Agent and the viewport width
 * its reader reported when it opened: the User-Agent names phones and tablets; a browser that
 * names neither (a desktop, or a phone asking for the desktop site) is a phone when its viewport
 * is narrower than a tablet's, otherwise a desktop. iPads since iPadOS 13 say 'Macintosh' and
 * count as desktops: nothing a server sees tells them apart.
 */

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)|Android(?!.*Mobile)/i;
const PHONE = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini|Android.*Mobile/i;
/** Viewports narrower than this (CSS pixels) are phones' whatever the User-Agent says. */
export const PHONE_MAX_WIDTH = 600;

export function deviceClass(userAgent: string, viewportWidth?: number | null): DeviceClass {
  if (TABLET.test(userAgent)) return "tablet";
  if (PHONE.test(userAgent)) return "phone";
  if (viewportWidth && viewportWidth > 0 && viewportWidth < PHONE_MAX_WIDTH) return "phone";
  return "desktop";
}
