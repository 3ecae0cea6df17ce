/**
 * The guided tours (studio-admin.md §4 'Tours and news'): each runs once per user and tour, after
 * the start delay of the Tour preference, unless the user finished or closed it before. Users with
 * the tutorial permission may see them all again.
 */
export const TOUR_IDS = ["epaper-grid-starting-tour", "media-tour", "gallery-tour", "subdomain-tour", "epaper-tour"] as const;
export type TourId = (typeof TOUR_IDS)[number];

export const isTourId = (value: unknown): value is TourId => (TOUR_IDS as readonly unknown[]).includes(value);

/** What a screen needs to know: whether tours run at all, after how long, and which this user has seen. */
export type TourState = { active: boolean; startDelayMs: number; finished: TourId[]; canReset: boolean };

/** §9: the tour starts 1 s after the screen shows (the Tour preference may say otherwise). */
export const TOUR_START_DELAY_MS = 1_000;
