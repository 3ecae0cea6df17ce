/*
 * The rows of the support tables as loaders hand them to the page (issue 14): what the models
 * read, plus the per-row permissions the loader computes, so the tables can disable what the
 * server would refuse. Types only; shared by models, routes and components.
 */

export type SupportAccountRow = {
  id: string;
  name: string;
  isGenerated: boolean;
  isTemporary: boolean;
  isActive: boolean;
  isProtected: boolean;
  isDemoAccount: boolean;
  /** The highest permission level of the account's own users (the hierarchy rule, issue 27). */
  highestLevel: number;
  /** Users acting in the account now / users whose own account it is. */
  activeUsers: number;
  baseUsers: number;
  zipContingent: number;
  zipPostProcessingDays: number | null;
  channels: number;
  previewLinkExpiryDays: number | null;
  pageExchangeMax: number | null;
  /** The storage time of a generated (try-it) account: when the removal job takes it (ADR 0015). */
  removeAt: Date | null;
  createdAt: Date;
};

export type SupportUserRow = {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  customerId: string | null;
  accountId: string;
  accountName: string;
  baseAccountId: string;
  baseAccountName: string;
  accountIsDemoAccount: boolean;
  /** The user's own (base) account is protected. */
  baseAccountIsProtected: boolean;
  /** A pending e-mail change (support's or the user's own), until the new address confirms it. */
  requestedEmail: string | null;
  /** Set while the requested e-mail waits for the user's approval (issue 44): who asked. */
  emailChangeRequestedBy: string | null;
  isGenerated: boolean;
  isTemporary: boolean;
  createdAt: Date;
  /** Priorities of the permission types the user holds ('1'–'4'). */
  permissions: string[];
};

/** No hash: a preview's address is its key, and support has no need of it (issue 44). */
export type SupportPublication = { id: string; type: "preview" | "previewlink" | "zip" };

/** The rank of the account a row's thing belongs to (issues 27, 44): what support may act on. */
export type AccountRankColumns = { accountIsProtected: boolean; accountLevel: string | null };

export type SupportEpaperRow = AccountRankColumns & {
  id: string;
  name: string;
  hasCover: boolean;
  accountId: string;
  accountName: string;
  fromTemporaryAccount: boolean;
  isDemo: boolean;
  isLocked: boolean;
  processRunning: boolean;
  processCancelled: boolean;
  processError: string | null;
  processType: string | null;
  renderingFailed: boolean;
  pageCount: number;
  supervisedHigh: number;
  supervisedLow: number;
  publications: SupportPublication[];
  createdAt: Date;
};

export type SupportChannelRow = AccountRankColumns & {
  id: string;
  name: string;
  accountId: string;
  accountName: string;
  epaperId: string | null;
  epaperName: string | null;
  shortPath: string;
  processRunning: boolean;
  processCancelled: boolean;
  processError: string | null;
  processType: string | null;
  disabled: boolean;
  isDemo: boolean;
  removeAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
  subscriptionId: string | null;
  currentTermEndsAt: Date | null;
  rejected: boolean;
};

export type SupportRenderProcessRow = AccountRankColumns & {
  id: string;
  epaperId: string;
  epaperName: string;
  accountId: string;
  pageCount: number;
  pageCountReady: number;
  documentId: string;
  renderServiceId: string | null;
  renderserverUrl: string | null;
  active: boolean;
  downloadDone: boolean;
  splitDone: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export type SupportEmailJobRow = {
  id: string;
  recipientEmail: string;
  type: string;
  attempts: number;
  mailerMessageId: string | null;
  mailerError: string | null;
  /** As stored, for the template variables popover. */
  templateVars: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** What the caller may do with a row, computed by the loader with `can` (the models check again). */
export type AccountView = SupportAccountRow & {
  isCurrent: boolean;
  canDeactivate: boolean;
  canDelete: boolean;
  canDeleteAllEpapers: boolean;
  /** Inline numbers and '+' channels; the switch into it (the hierarchy: issue 27). */
  canEdit: boolean;
  canSwitch: boolean;
  /** A generated (try-it) account whose storage time the caller may renew (renew-generated-account, §7). */
  canRenew: boolean;
};
export type PermissionButton = { priority: "1" | "2" | "3" | "4"; held: boolean; enabled: boolean };
export type UserView = SupportUserRow & { canEdit: boolean; canDelete: boolean; permissionButtons: PermissionButton[] };
/** canAct: the caller outranks the owning account (otherwise every write of the row is refused and its controls are disabled). */
export type EpaperView = SupportEpaperRow & { canDelete: boolean; canAct: boolean };
export type ChannelView = SupportChannelRow & { busy: boolean; canSetRemoveAt: boolean; canDelete: boolean; canAct: boolean; url: string };
export type RenderProcessView = SupportRenderProcessRow & { showServer: boolean; canAct: boolean };

export type AuditRow = {
  id: string;
  createdAt: Date;
  actorEmail: string;
  targetType: string;
  targetId: string;
  action: string;
  before: string | null;
  after: string | null;
};

export type SupportEpaperInfo = {
  id: string;
  name: string;
  accountId: string;
  accountName: string;
  languageCode: string;
  pageCount: number;
  isDemo: boolean;
  isLocked: boolean;
  isRendered: boolean;
  renderingFailed: boolean;
  processType: string | null;
  processRunning: boolean;
  processCancelled: boolean;
  processError: string | null;
  sizeInByte: number;
  createdAt: Date;
  updatedAt: Date;
  renders: {
    id: string;
    documentId: string;
    active: boolean;
    pageCount: number;
    pageCountReady: number;
    error: string | null;
    updatedAt: Date;
  }[];
};

export type SupervisedPage = { id: string; page: number; supervision: "high" | "low"; updatedAt: Date };

/** A news row of the support table (§2): the text also without its tags. */
export type SupportNewsRow = {
  id: string;
  position: number;
  active: boolean;
  lang: string;
  headline: string;
  text: string;
  plainText: string;
  /** The news image's address (GET /resources/news-image/:newsId), or null without one. */
  imageUrl: string | null;
  startDate: Date | null;
  endDate: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The shop tab: order codes grouped by type (§3 'a map from type to a map of key to text'). */
export type OrderCodeRow = { id: string; type: "epaper" | "channel"; codeKey: string; text: string };

/**
 * The render-server view (studio-admin.md §2 'Render processes table', renderserver permission):
 * the node's registry record, its own health answer and its metrics, and the render processes
 * that name it. `state` gone: no live record (stopped, or its heartbeat lapsed).
 */
export type RenderNodeView = {
  url: string;
  state: "serving" | "draining" | "gone";
  node: { version: string; capacity: number; inFlight: number; heartbeatAt: Date; adminUrl: string } | null;
  activeProcesses: number;
  /** The node's /healthz answer; null when it has no admin address or did not answer in time. */
  health: { status: string; inFlight: number; capacity: number } | null;
  /** Its render_node_* series (histogram buckets left out); null when unreachable. */
  metrics: { name: string; labels: string; value: string }[] | null;
};

/**
 * The shop debug of the support's shop tab (studio-admin.md §2 'shop debug', §7 shop-debug find
 * with query): the webhook events the studio applied and the channel subscriptions, the latest
 * or those matching the search (an account, subscription, channel or event id).
 */
export type ShopDebugView = {
  search: string;
  events: { eventId: string; type: string; accountId: string | null; accountName: string | null; receivedAt: Date }[];
  subscriptions: {
    subscriptionId: string;
    accountId: string;
    accountName: string;
    channelId: string | null;
    channelName: string | null;
    currentTermEndsAt: Date | null;
    cancelledAt: Date | null;
    rejected: boolean;
    rejectedReason: string | null;
    createdAt: Date;
  }[];
};
