/**
 * Everything the studio stores in a visitor's browser (ePrivacy directive art. 5(3), TTDSG §25;
 * docs/decisions/0050-cookies-without-banner.md): the footer's 'cookie settings' dialog and the
 * privacy page list exactly these. Each is first-party and either strictly necessary for what
 * the person asked for, or keeps a setting the person chose; none counts, tracks or advertises,
 * so there is nothing to consent to and no banner. A new entry that is neither needs a consent
 * mechanism first. cookies.test.ts compares the lists with the names the source code sets.
 * Purposes and lifetimes are the texts `legal.cookies.items.<id>`.
 */

export type StoredItem = {
  /** The key of its texts under legal.cookies.items. */
  id: string;
  /** The cookie's name or the storage key; `<user>` stands for the user's id. */
  name: string;
  /** studio: the studio's address; content: the content address (CONTENT_URL) that serves preview links. */
  host: "studio" | "content";
  /** necessary: the studio needs it for what the person asked for; setting: it keeps a choice the person made. */
  basis: "necessary" | "setting";
};

/** The cookies of the studio and its content address. */
export const STUDIO_COOKIES = [
  { id: "session", name: "__Host-ep_session", host: "studio", basis: "necessary" },
  { id: "toast", name: "ep_toast", host: "studio", basis: "necessary" },
  { id: "gridSize", name: "ep_grid_size", host: "studio", basis: "necessary" },
  { id: "language", name: "lng", host: "studio", basis: "setting" },
  { id: "previewLink", name: "previewlink_access", host: "content", basis: "necessary" },
] as const satisfies readonly StoredItem[];

/** The browser's local storage: no expiry, nothing of it is sent to the server. */
export const STUDIO_LOCAL_STORAGE = [
  { id: "confirmationSeen", name: "ep:confirmation-alert-seen:<user>", host: "studio", basis: "necessary" },
  { id: "newsSeen", name: "ep:news-seen:<user>", host: "studio", basis: "necessary" },
  { id: "editorZoom", name: "ep-editor-zoom", host: "studio", basis: "setting" },
  { id: "editorColumns", name: "ep-editor-columns", host: "studio", basis: "setting" },
] as const satisfies readonly StoredItem[];

export type StoredItemId = (typeof STUDIO_COOKIES)[number]["id"] | (typeof STUDIO_LOCAL_STORAGE)[number]["id"];
