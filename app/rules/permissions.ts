import { DemoError, Forbidden, UserNotConfirmed } from "#app/errors/app-error";

/**
 * The one place that turns a user into the GUI permission keys of studio-core.md §6 and
 * studio-admin.md §6. It is pure (no database, no server-only imports) so that a loader can
 * shape the UI with it, the browser can read the same answer, and every action can check it
 * again on the server. Where the specs are silent or disagree: docs/decisions/0010-permissions.md.
 */

export const PERMISSION_LEVELS = ["1", "2", "3", "4"] as const;
/** A permission type's priority: '1' editor, '2' owner or manager, '3' support, '4' admin. */
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

/**
 * What the permission rules read about the signed-in user. Loaders fill it from `user`, its
 * current `account` (after a support switch that is the switched-to account), the priorities of
 * its `user_permission` rows, its `user_email_config` rows and the Maintenance preference.
 */
export type PermissionSubject = {
  /** user.id */
  id: string;
  /** user.account_id: the account the user acts in now (support may switch it). */
  accountId: string;
  /** user.base_account_id: the account the user belongs to. */
  baseAccountId: string;
  /** permission_type.priority of each of the user's user_permission rows. */
  permissions: readonly string[];
  isGenerated: boolean;
  /** Registered but not yet confirmed by e-mail (generated users may carry it too). */
  isTemporary: boolean;
  /** The session came from an e-mail token: only the token and deactivate-email routes are open. */
  emailTokenUsed: boolean;
  /** user.demo_active: a support user's switch for curating demo content. */
  demoActive: boolean;
  /** account.is_protected of the current account. */
  accountIsProtected: boolean;
  /** account.is_demo_account of the current account. */
  accountIsDemoAccount: boolean;
  /** The Maintenance system preference's maintenanceActive.active. */
  maintenanceActive: boolean;
  /** email_config.name of each of the user's user_email_config rows. */
  emailConfigNames: readonly string[];
};

export const PERMISSION_KEYS = [
  // studio-core.md §6
  "tree",
  "epaperDetails",
  "channelWorkspace",
  "demoManagement",
  "createPreviewLink",
  "gettingZip",
  "publishToChannel",
  "subdomainManagement",
  "epaperSettings",
  "epaperTableOfContents",
  "epaperPagesSettings",
  "epaperPagesOrderAndStructure",
  "administration",
  // studio-admin.md §6, beyond those above
  "support",
  "preferences",
  "switchAccount",
  "supportAccountListDeleteAllEpaper",
  "supportAccountListDelete",
  "supportChannelListDelete",
  "deleteUser",
  "editUserAsSupport",
  "changePermissions",
  "renderserver",
  "deleteAccount",
  "deleteProfileButton",
  "tutorial",
  "devKit",
  "administeredWarning",
  // Capabilities the specs state without naming a key (ADR 0010).
  "payment",
  "epaperMenu",
  "channelMenu",
  "account",
  "editAccount",
  "profile",
  "media",
  "signUp",
  "upload",
  "supportAccountListDeactivate",
  // Issue 27: the other support writes on an account (inline numbers, '+' channels) and the switch into it.
  "supportAccountListEdit",
  "supportAccountListSwitch",
  // Issue 30 item 5: the embedded upload widget's code and affiliate digest (ADR 0052).
  "affiliate",
  // Issue 32: the account drawer's API keys of the public API (ADR 0056).
  "apiKeys",
  // Issue 32 item 4: the account drawer's webhooks (ADR 0058).
  "webhooks",
] as const;

export type StaticPermissionKey = (typeof PERMISSION_KEYS)[number];
/** One per e-mail configuration (epaperReady, zipReady, channelPublicationReady, …). */
export type EmailConfigPermissionKey = `userEmailConfig-${string}`;
export type PermissionKey = StaticPermissionKey | EmailConfigPermissionKey;

/**
 * Where a user or an account stands in the hierarchy (issue 27, ADR 0027): the highest permission
 * level it holds (an account: the highest of its users), and whether it is (of) a protected account.
 */
export type Rank = { highestLevel: number; isProtected: boolean };
/** The user a row of a user list stands for; `isProtected`: the user's own (base) account is protected. */
export type UserTarget = { id: string; accountId: string; accountIsDemoAccount: boolean } & Rank;
/** The account a row of the support account list stands for. */
export type AccountTarget = { id: string; isDemoAccount: boolean } & Rank;
/**
 * One permission button: `priority` is the permission type toggled; `via` says whether support
 * toggles it in the support user list or a member does so for a user of their own account.
 */
export type PermissionChangeTarget = { user: UserTarget; priority: PermissionLevel; via: "supportList" | "account" };

/** Keys whose answer also depends on the row acted on; `computePermissions` holds them when some row could pass. */
export type PermissionTargets = {
  deleteUser: UserTarget;
  editUserAsSupport: UserTarget;
  changePermissions: PermissionChangeTarget;
  supportAccountListDelete: AccountTarget;
  supportAccountListDeactivate: AccountTarget;
  supportAccountListDeleteAllEpaper: AccountTarget;
  supportAccountListEdit: AccountTarget;
  supportAccountListSwitch: AccountTarget;
};
export type TargetedPermissionKey = keyof PermissionTargets;
type TargetArgs<K extends PermissionKey> = K extends TargetedPermissionKey ? [target: PermissionTargets[K]] : [];

type Facts = {
  highest: number;
  staff: boolean;
  admin: boolean;
  payer: boolean;
  restricted: boolean;
};

function factsOf(subject: PermissionSubject): Facts {
  // Unknown priorities are ignored so that a bad row can never grant anything.
  const levels = subject.permissions.filter((p): p is PermissionLevel => (PERMISSION_LEVELS as readonly string[]).includes(p)).map(Number);
  const highest = Math.max(0, ...levels);
  return {
    highest,
    staff: highest >= 3,
    admin: highest === 4,
    payer: highest >= 2,
    // A generated user is at least as restricted as a temporary one.
    restricted: subject.isGenerated || subject.isTemporary,
  };
}

type Rule = (subject: PermissionSubject, facts: Facts) => boolean;

const confirmedCustomer: Rule = (_, f) => !f.restricted;
const confirmedPayer: Rule = (_, f) => f.payer && !f.restricted;
const staff: Rule = (_, f) => f.staff;
// A demo account is handed to prospects, so it must not reach system-wide tools even as level 4.
const adminOutsideDemo: Rule = (s, f) => f.admin && !s.accountIsDemoAccount;

const RULES: Record<StaticPermissionKey, Rule> = {
  tree: (s) => !s.isGenerated,
  epaperDetails: confirmedCustomer,
  channelWorkspace: confirmedPayer,
  // Demo content belongs to demo accounts (the server lets them write it); support curates it
  // only with demoActive on, so ordinary support work cannot alter a prospect's showcase.
  demoManagement: (s, f) => !f.restricted && (s.accountIsDemoAccount || (f.staff && s.demoActive)),
  createPreviewLink: confirmedCustomer,
  gettingZip: confirmedPayer,
  publishToChannel: confirmedPayer,
  subdomainManagement: confirmedCustomer,
  epaperSettings: confirmedCustomer,
  epaperTableOfContents: confirmedCustomer,
  epaperPagesSettings: confirmedCustomer,
  epaperPagesOrderAndStructure: confirmedPayer,
  administration: adminOutsideDemo,
  support: staff,
  preferences: adminOutsideDemo,
  switchAccount: confirmedPayer,
  supportAccountListDeleteAllEpaper: staff,
  supportAccountListDelete: staff,
  supportChannelListDelete: staff,
  // Support deletes anyone; a paying member only users of their own account (see TARGET_RULES).
  deleteUser: (_, f) => f.staff || (f.payer && !f.restricted),
  editUserAsSupport: staff,
  changePermissions: (_, f) => f.highest >= 1 && (f.staff || !f.restricted),
  renderserver: adminOutsideDemo,
  deleteAccount: (s, f) => f.payer && !f.restricted && !s.accountIsProtected,
  // The button sits in the profile drawer; level 4 may not remove itself (the last admin could).
  deleteProfileButton: (s, f) => !f.restricted && !f.admin && !s.accountIsProtected,
  tutorial: confirmedCustomer,
  devKit: adminOutsideDemo,
  // Whoever acts inside an account that is not their own must see that they administer it.
  administeredWarning: (s) => s.accountId !== s.baseAccountId,
  payment: confirmedPayer,
  epaperMenu: confirmedPayer,
  channelMenu: confirmedPayer,
  account: (_, f) => f.highest >= 1,
  // Renaming the account (the drawer's company name): owners and managers, like payment and
  // account deletion; editors and restricted users see it read-only (ADR 0017).
  editAccount: confirmedPayer,
  profile: confirmedCustomer,
  media: confirmedCustomer,
  signUp: (s) => s.isGenerated,
  // Generated users upload to try the product; a registered user has to confirm first
  // (studio-core.md §8 has an upload variant of UserNotConfirmed).
  upload: (s) => !isUnconfirmed(s),
  supportAccountListDeactivate: staff,
  supportAccountListEdit: staff,
  supportAccountListSwitch: staff,
  // The widget code with the account's affiliate digest (ADR 0052): those who may rename and pay
  // for the account speak for it to other sites; a demo account, handed to prospects, gets none.
  affiliate: (s, f) => f.payer && !f.restricted && !s.accountIsDemoAccount,
  // API keys speak for the account to other systems (ADR 0056): those who pay for it and may
  // rename it; never a temporary or generated user, whose account may vanish with its test phase.
  // A demo account, handed to prospects, gets none (a key would outlive the demo, as the affiliate code would).
  apiKeys: (s, f) => f.payer && !f.restricted && !s.accountIsDemoAccount,
  // Webhooks send the account's events to other systems (ADR 0058): whoever may hold its API keys.
  webhooks: (s, f) => f.payer && !f.restricted && !s.accountIsDemoAccount,
};

/** The support user's own accounts are never targets: acting on them would lock them out. */
function isOwnAccount(subject: PermissionSubject, accountId: string) {
  return accountId === subject.accountId || accountId === subject.baseAccountId;
}

/**
 * The hierarchy (issue 27; ADR 0027 'No one acts above their own level'): the one rule every
 * action on another user or account passes. The actor's highest level must be at least the
 * target's (an account's: the highest of its users), and a protected account and its users are
 * changed by level 4 only. It exists for the takeover a support user (3) once had on the admin (4):
 * change the admin's e-mail, send the password mail there, log in as level 4.
 */
export function outranks(subject: PermissionSubject, target: Rank): boolean {
  return rankAllows(factsOf(subject), target);
}

function rankAllows(facts: Facts, target: Rank): boolean {
  return facts.highest >= target.highestLevel && (!target.isProtected || facts.admin);
}

/** `outranks`, as a check that throws Forbidden; for writes whose target is not a row of a keyed table. */
export function requireOutranks(subject: PermissionSubject, target: Rank, what: string): void {
  if (!outranks(subject, target)) throw new Forbidden(what, "higherLevel");
}

type TargetRules = { [K in TargetedPermissionKey]: (subject: PermissionSubject, facts: Facts, target: PermissionTargets[K]) => boolean };

/** Every targeted rule passes the hierarchy first (see `can`); these are the rows' own rules on top. */
const TARGET_RULES: TargetRules = {
  deleteUser: (s, f, user) => user.id !== s.id && (f.staff || user.accountId === s.accountId),
  editUserAsSupport: (s, _, user) => user.id !== s.id && !user.accountIsDemoAccount,
  changePermissions: (s, f, { user, priority, via }) => {
    const level = Number(priority);
    if (user.id === s.id || user.accountIsDemoAccount) return false;
    if (!(PERMISSION_LEVELS as readonly string[]).includes(priority) || level > f.highest) return false;
    // Customer roles are the account's own business; the support list toggles staff roles only.
    if (via === "supportList") return f.staff && level >= 3;
    return user.accountId === s.accountId && !f.restricted;
  },
  supportAccountListDelete: (s, _, account) => !isOwnAccount(s, account.id) && !account.isProtected && !account.isDemoAccount,
  supportAccountListDeactivate: (s, _, account) => !isOwnAccount(s, account.id) && !account.isProtected,
  supportAccountListDeleteAllEpaper: (_, __, account) => !account.isDemoAccount,
  supportAccountListEdit: () => true,
  // The own account needs no switch (and the returning button goes back to the base account).
  supportAccountListSwitch: (s, _, account) => account.id !== s.accountId,
};

/** The rank a targeted key's row stands for. */
function rankOf(key: TargetedPermissionKey, row: PermissionTargets[TargetedPermissionKey]): Rank {
  return key === "changePermissions" ? (row as PermissionChangeTarget).user : (row as UserTarget | AccountTarget);
}

const EMAIL_CONFIG_PREFIX = "userEmailConfig-";

/** The key that lets a user switch one e-mail notification on or off. */
export function emailConfigPermissionKey(name: string): EmailConfigPermissionKey {
  return `${EMAIL_CONFIG_PREFIX}${name}`;
}

function isStaticKey(key: string): key is StaticPermissionKey {
  return Object.hasOwn(RULES, key);
}

function isTargetedKey(key: string): key is TargetedPermissionKey {
  return Object.hasOwn(TARGET_RULES, key);
}

/** Registered, but the confirmation e-mail's link has not been followed yet. */
export function isUnconfirmed(subject: PermissionSubject): boolean {
  return subject.isTemporary && !subject.isGenerated;
}

/** Holds level 4 (whatever the account): the admin may allow what no one else may (ADR 0041 `xn--` subdomains). */
export function isAdmin(subject: PermissionSubject): boolean {
  return factsOf(subject).admin;
}

/** Levels 3 and 4 keep working during maintenance; everyone else sees the maintenance view. */
export function isLockedOutByMaintenance(subject: PermissionSubject): boolean {
  return subject.maintenanceActive && !factsOf(subject).staff;
}

function holds(subject: PermissionSubject, key: PermissionKey): boolean {
  if (key.startsWith(EMAIL_CONFIG_PREFIX)) {
    // Switching a notification off must work from the mail's own link and during maintenance,
    // or users keep receiving mail they asked to stop.
    return subject.emailConfigNames.includes(key.slice(EMAIL_CONFIG_PREFIX.length));
  }
  if (!isStaticKey(key)) return false;
  if (subject.emailTokenUsed || isLockedOutByMaintenance(subject)) return false;
  return RULES[key](subject, factsOf(subject));
}

/**
 * Every permission key the user holds. Targeted keys (see `PermissionTargets`) are in the set
 * when the user may act on some row; check each row with `can(subject, key, target)`.
 */
export function computePermissions(subject: PermissionSubject): ReadonlySet<PermissionKey> {
  const granted = new Set<PermissionKey>();
  for (const key of PERMISSION_KEYS) if (holds(subject, key)) granted.add(key);
  for (const name of subject.emailConfigNames) granted.add(emailConfigPermissionKey(name));
  return granted;
}

/** Whether the user holds `key`; targeted keys need the row acted on and are false without it. */
export function can<K extends PermissionKey>(subject: PermissionSubject, key: K, ...target: TargetArgs<K>): boolean {
  if (!holds(subject, key)) return false;
  if (!isTargetedKey(key)) return true;
  const row: unknown = target[0];
  if (row === undefined) return false;
  const facts = factsOf(subject);
  if (!rankAllows(facts, rankOf(key, row as PermissionTargets[TargetedPermissionKey]))) return false;
  const rule = TARGET_RULES[key] as (subject: PermissionSubject, facts: Facts, target: unknown) => boolean;
  return rule(subject, facts, row);
}

/**
 * The server-side check every action makes. Throws `UserNotConfirmed` when confirming the
 * registration would grant the key, so the user learns what to do; `Forbidden` otherwise.
 */
export function requirePermission<K extends PermissionKey>(subject: PermissionSubject, key: K, ...target: TargetArgs<K>): void {
  if (can(subject, key, ...target)) return;
  if (isLockedOutByMaintenance(subject) && !key.startsWith(EMAIL_CONFIG_PREFIX)) throw new Forbidden(key, "maintenance");
  if (subject.emailTokenUsed && !key.startsWith(EMAIL_CONFIG_PREFIX)) throw new Forbidden(key, "emailTokenSession");
  if (isUnconfirmed(subject) && can({ ...subject, isTemporary: false }, key, ...target)) throw new UserNotConfirmed(key);
  const row: unknown = target[0];
  if (row !== undefined && isTargetedKey(key) && !outranks(subject, rankOf(key, row as PermissionTargets[TargetedPermissionKey]))) {
    throw new Forbidden(key, "higherLevel");
  }
  throw new Forbidden(key);
}

/** Writes the demo rule never blocks (studio-core.md §6). */
export const DEMO_EXEMPT_RESOURCES = ["authentication", "account", "user", "gallery", "media"] as const;
/** Writes the demo rule guards when their target is demo content. */
export const DEMO_GUARDED_RESOURCES = [
  "epaper",
  "folder",
  "page",
  "enrichment",
  "publication",
  "channel",
  "subdomain",
  "epaperSetting",
  "tableOfContents",
] as const;
export type WriteResource = (typeof DEMO_EXEMPT_RESOURCES)[number] | (typeof DEMO_GUARDED_RESOURCES)[number];
/** A non-read operation: what it writes, and whether that thing is demo content (isDemo, or a demo ePaper's part). */
export type ContentWrite = { resource: WriteResource; targetIsDemo: boolean };

/** Whether the demo rule refuses this write; the UI shows 'thisActionIsNotAllowedForDemoContent' instead of trying. */
export function demoWriteBlocked(subject: PermissionSubject, write: ContentWrite): boolean {
  if (!write.targetIsDemo) return false;
  if ((DEMO_EXEMPT_RESOURCES as readonly string[]).includes(write.resource)) return false;
  return !can(subject, "demoManagement");
}

/**
 * The check for writes that have no permission key of their own (rename, delete, move, …):
 * refused during maintenance and in e-mail token sessions, and on demo content without
 * demoManagement (`DemoError`).
 */
export function requireWriteAllowed(subject: PermissionSubject, write: ContentWrite): void {
  if (isLockedOutByMaintenance(subject)) throw new Forbidden(write.resource, "maintenance");
  if (subject.emailTokenUsed) throw new Forbidden(write.resource, "emailTokenSession");
  if (demoWriteBlocked(subject, write)) throw new DemoError(write.resource);
}
