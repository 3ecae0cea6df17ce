/**
 * The one catalogue of real-time events (architecture.md "Events (SSE)"), shared by the
 * processes that publish them on Redis and the browser that receives them over SSE.
 * Later features add their events here, never as ad-hoc strings.
 */
export type RenderProgressEvent = {
  type: "renderProgress";
  epaperId: string;
  pageCount: number;
  pageCountReady: number;
  downloadDone: boolean;
  splitDone: boolean;
};

export type EpaperProcessEvent = {
  type: "epaperProcess";
  epaperId: string;
  process:
    | "rendering"
    | "publishing_preview"
    | "publishing_zip"
    | "publishing_previewlink"
    | "publishing_channel"
    | "inserting_pages"
    | "moving_page"
    | "replacing_page"
    | "deleting_page";
  state: "started" | "finished" | "failed" | "cancelled";
  /** The ePaper's name, on the end states: the studio's message names it (studio-admin.md §4). */
  name?: string;
  /** Message key of a failed render (see app/render/render-failure.ts); a failed publish sets the ePaper's publishingFailed instead. */
  error?: string;
};

/** A preview link was made (studio-admin.md §4); its mail goes out unless the user is generated. */
export type PreviewLinkGeneratedEvent = { type: "previewLinkGenerated"; epaperId: string; name?: string };

/** An ePaper went live on a channel (studio-core.md §7 "published to channel"). */
export type PublishedToChannelEvent = { type: "publishedToChannel"; epaperId: string; channelId: string; name?: string };

/** A channel's own process: create, clear, renew, or its publishing (studio-admin.md §4 "Channel"). */
export type ChannelProcessEvent = {
  type: "channelProcess";
  channelId: string;
  process: "publishing" | "create" | "clear" | "renew";
  state: "started" | "finished" | "failed" | "cancelled";
  name?: string;
};

/** A channel was removed (its subscription ended or support removed it). */
export type ChannelRemovedEvent = { type: "channelRemoved"; channelId: string; name?: string };

/**
 * Open the preview of an ePaper at a page (studio-core.md §7 "Open preview"): the editor's preview
 * button asks for it (app/models/open-preview.server.ts), and every workspace tab of the user
 * shows the reader there.
 */
export type OpenPreviewEvent = { type: "openPreview"; epaperId: string; pageNumber: number };

/** The account's ePaper list changed elsewhere (support, another tab, a job): fetch it again. */
export type RefreshEpaperListEvent = { type: "refreshEpaperList" };

/**
 * The zip contingent changed (an order, a zip that took a unit or gave it back): re-authenticate to
 * show the new number, which the event carries too.
 */
export type ZipContingentEvent = { type: "zipContingentIncremented" | "zipContingentDecremented"; zipContingent: number };

/** Maintenance mode started or ended (studio-admin.md §4 "Maintenance"). */
export type MaintenanceEvent = { type: "maintenanceStarted" | "maintenanceEnded" };

/**
 * A message from the service to everyone signed in (studio-core.md §7 'service notification'):
 * support sends it from the back office (app/models/support/service-notification.server.ts).
 */
export type ServiceNotificationEvent = {
  type: "serviceNotification";
  level: "info" | "success" | "error";
  /** A text written by support, shown as it is (in the language support wrote it in). */
  text: string;
};

/**
 * The test phase of a generated (try-it) account is over (studio-core.md §4 "Test phase",
 * studio-admin.md §4): the browser asks the generated user to sign up, or to cancel, which
 * removes the account and its ePapers. Sent once per account by the scheduled job; a loader
 * asks testPhaseExpired() (app/models/generated-account.server.ts) for users who were away.
 */
export type TestPhaseExpiredEvent = {
  type: "testPhaseExpired";
  accountId: string;
  /** ISO date: the storage time, after which the account is removed without asking. */
  removeAt: string | null;
};

/**
 * Sessions were ended on the server (forced logout, password or e-mail change, deletion;
 * studio-admin.md §4 "Real-time notifications"): the browser re-authenticates, and a browser
 * whose own session ended lands on the login page with 'Session expired'.
 */
export type ForcedLogoutEvent = { type: "forcedLogout" };

/** The user's or account's data changed elsewhere (another tab, support): re-authenticate to show it. */
export type AccountDataChangedEvent = { type: "accountDataChanged" };

/**
 * An ePaper changed after it was published (studio-core.md §4, architecture.md "republishing
 * changes detected"): every browser of the account shows 'publish again' on it.
 */
export type RepublishingChangesDetectedEvent = { type: "republishingChangesDetected"; epaperId: string };

/**
 * How many readers have an ePaper open now (ADR 0053 'Reading now'): published by the worker while
 * a statistics screen of the ePaper is open, when the count changed, at most once per round (a few
 * seconds). Only on the account's statistics channel, which only users who may see the ePaper's
 * details listen to.
 */
export type ReadingNowEvent = { type: "readingNow"; epaperId: string; count: number };

export type StudioEvent =
  | RenderProgressEvent
  | EpaperProcessEvent
  | TestPhaseExpiredEvent
  | ForcedLogoutEvent
  | AccountDataChangedEvent
  | RepublishingChangesDetectedEvent
  | PreviewLinkGeneratedEvent
  | PublishedToChannelEvent
  | ChannelProcessEvent
  | ChannelRemovedEvent
  | OpenPreviewEvent
  | RefreshEpaperListEvent
  | ZipContingentEvent
  | MaintenanceEvent
  | ServiceNotificationEvent
  | ReadingNowEvent;

/** Every event type, each once (a test compares it with the union). */
export const STUDIO_EVENT_TYPES = [
  "renderProgress",
  "epaperProcess",
  "testPhaseExpired",
  "forcedLogout",
  "accountDataChanged",
  "republishingChangesDetected",
  "previewLinkGenerated",
  "publishedToChannel",
  "channelProcess",
  "channelRemoved",
  "openPreview",
  "refreshEpaperList",
  "zipContingentIncremented",
  "zipContingentDecremented",
  "maintenanceStarted",
  "maintenanceEnded",
  "serviceNotification",
  "readingNow",
] as const satisfies readonly StudioEvent["type"][];

/**
 * Events after which the browser re-authenticates (reloads its data; an ended session goes to
 * login): studio-admin.md §4 names forced logout, the zip contingent and accountDataChanged; the
 * end of maintenance re-authenticates too.
 */
export const REAUTHENTICATING_EVENTS: readonly StudioEvent["type"][] = [
  "forcedLogout",
  "accountDataChanged",
  "zipContingentIncremented",
  "zipContingentDecremented",
  // Maintenance starts: the page is reloaded as the maintenance screen (overlays close with it).
  "maintenanceStarted",
  "maintenanceEnded",
];

/** Redis pub/sub channel of an account: every studio instance relays it to its connected users. */
export const accountChannel = (accountId: string) => `events:account:${accountId}`;

/** Redis pub/sub channel of every open studio browser (maintenance start and end, service notifications). */
export const BROADCAST_CHANNEL = "events:all";

/**
 * Redis pub/sub channel of an account's readership statistics ('reading now'): relayed only to the
 * users of the account who may see an ePaper's details (epaperDetails), not to everyone of it.
 */
export const statisticsChannel = (accountId: string) => `events:statistics:${accountId}`;

/** Redis pub/sub channel of one user (all of the user's browsers). */
export const userChannel = (userId: string) => `events:user:${userId}`;

/**
 * The channels a signed-in user's /events stream relays: the user's own, the account the user acts
 * in, and the broadcast that reaches every signed-in tab (maintenance, service notifications);
 * with `statistics` (the user holds epaperDetails) the account's statistics channel too.
 */
export const eventChannelsOf = (user: { id: string; accountId: string }, options: { statistics?: boolean } = {}) => [
  userChannel(user.id),
  accountChannel(user.accountId),
  BROADCAST_CHANNEL,
  ...(options.statistics ? [statisticsChannel(user.accountId)] : []),
];

/**
 * Reads an event as it arrives over SSE or Redis: a JSON object whose `type` is in the catalogue.
 * Anything else is ignored (null), so an older browser tab never breaks on a newer event.
 */
export function parseStudioEvent(data: string): StudioEvent | null {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== "object" || value === null) return null;
    const { sentAt: _sentAt, ...event } = value as { type?: unknown; sentAt?: unknown };
    // `sentAt` is the wire's, not the event's (the studio measures delivery lag with it).
    return (STUDIO_EVENT_TYPES as readonly unknown[]).includes(event.type) ? (event as StudioEvent) : null;
  } catch {
    return null;
  }
}
