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
  /** Users acting in the account now / users whose own account it is. */
  activeUsers: number;
  baseUsers: number;
  zipContingent: number;
  zipPostProcessingDays: number | null;
  channels: number;
  previewLinkExpiryDays: number | null;
  pageExchangeMax: number | null;
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
  isGenerated: boolean;
  isTemporary: boolean;
  createdAt: Date;
  /** Priorities of the permission types the user holds ('1'–'4'). */
  permissions: string[];
};

export type SupportPublication = { id: string; type: "preview" | "previewlink" | "zip"; hash: string };

export type SupportEpaperRow = {
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

export type SupportChannelRow = {
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

export type SupportRenderProcessRow = {
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
};
export type PermissionButton = { priority: "1" | "2" | "3" | "4"; held: boolean; enabled: boolean };
export type UserView = SupportUserRow & { canEdit: boolean; canDelete: boolean; permissionButtons: PermissionButton[] };
export type EpaperView = SupportEpaperRow & { canDelete: boolean };
export type ChannelView = SupportChannelRow & { busy: boolean; canSetRemoveAt: boolean; canDelete: boolean; url: string };
export type RenderProcessView = SupportRenderProcessRow & { showServer: boolean };
