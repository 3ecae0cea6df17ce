/*
 * The authorization matrix (issue 15 §3): for every route of app/routes.ts, every action intent
 * and the blob endpoints of the content origin and the worker, what each kind of caller gets,
 * for a target of its own account, demo content of its own account and a target of another
 * account. tests/security/authz-matrix.test.ts sends every cell to the running production studio
 * on real MariaDB and Redis and fails when a route or intent has no entry here, or a cell answers
 * otherwise. A feature that adds a route or an intent adds its entry here.
 *
 * Answers: "200" any 2xx; "redirect:<path>" a 3xx to that path; "DemoError" and
 * "UserNotConfirmed" the 403s of studio-core.md §8 with their messages; any other status as a
 * number. A refusal that answers 2xx instead is a leak.
 */

export const CALLERS = [
  "anonymous",
  /** A try-it user: generated account and user. */
  "generated",
  /** Registered, e-mail not yet confirmed. */
  "unconfirmed",
  "level1",
  "level2",
  "level3",
  "level4",
  /** A level-2 user of a demo account (account.is_demo_account): holds demoManagement. */
  "demoAccount",
  /** A level-2 user whose own ePaper support has locked. */
  "lockedOwner",
  /** A level-2 user of another account: only ever aims at targets that are not its own. */
  "otherAccount",
] as const;
export type Caller = (typeof CALLERS)[number];

/** own: the caller's ePaper (locked for lockedOwner); demo: a demo ePaper of its account; foreign: another account's. */
export type Target = "own" | "demo" | "foreign";

export type Answer =
  | "200"
  | `redirect:${string}`
  | "DemoError"
  | "UserNotConfirmed"
  | "400"
  | "401"
  | "403"
  | "404"
  | "405"
  | "409"
  | "413"
  | "422"
  | "501"
  | "503";

/** The answers that refuse: one of them expected and a 2xx received is a leak. */
export const REFUSALS: readonly string[] = ["redirect:/login", "401", "403", "404", "DemoError", "UserNotConfirmed", "redirect:/epaper"];

/** What a cell's request is built from: the caller's ids and the target's. */
export type CellIds = {
  epaperId: string;
  /** The target ePaper's first page, and a media element on it (of version MEDIA_VERSION). */
  pageId: string;
  pageMediaId: string;
  /** The media element's preview image (the account's media). */
  mediaId: string;
  /** The target account's root folder and one subfolder. */
  rootId: string;
  folderId: string;
  /** The caller's own root folder (a move's destination). */
  ownRootId: string;
  /** A channel of the target account (a demo channel for the demo target). */
  channelId: string;
  /** That channel's short path: its address is `<content origin>/c/<shortPath>/`. It holds no ePaper. */
  channelShortPath: string;
  /** The content origin (CONTENT_URL) of the running studio. */
  contentOrigin: string;
  /** A valid preview hash of the target ePaper (content origin). */
  previewHash: string;
  /** A signed worker URL path for the target's cover blob, and one whose signature is forged. */
  signedPath: string;
  forgedPath: string;
};

type ByCaller = Partial<Record<Caller, Answer>> & { default: Answer };

export type MatrixEntry = {
  /** The path as written in app/routes.ts ("" for the index); for other origins, a description. */
  route: string;
  method: "GET" | "POST";
  intent?: string;
  origin?: "studio" | "content" | "worker";
  /** ePaper-scoped: one cell per target; otherwise one cell per caller. */
  scoped?: boolean;
  /** The address to request (default: the route with params filled by `params`). */
  path?: (ids: CellIds) => string;
  form?: (ids: CellIds) => Record<string, string>;
  /** Sends the caller's session as the embedded widget does (Authorization: Bearer), not as a cookie. */
  bearer?: boolean;
  /**
   * The public API (ADR 0056): sends the caller's API key as `Authorization: Bearer`, and no cookie.
   * Callers who may hold keys (apiKeys) get one made for their account; the others send none (401).
   */
  apiKey?: boolean;
  /** The HTTP method an action is called with when it is not POST (the public API's PATCH and DELETE). */
  httpMethod?: "PATCH" | "DELETE";
  /** A JSON body instead of the form (the public API's writes). */
  json?: (ids: CellIds) => unknown;
  /** The write changes or ends the caller's session or account: every cell gets fresh fixtures. */
  destructive?: boolean;
  /** The answers for the caller's own target (or for everything when not scoped). */
  expect: ByCaller;
  /** The answers for demo content of the caller's account, where they differ. */
  demo?: Partial<Record<Caller | "default", Answer>>;
  /** The answer for another account's target (default 404; anonymous keeps its own answer). */
  foreign?: Answer;
};

const LOGIN = "redirect:/login" as const;
/** The public API's answer for callers whose account holds no key of theirs: nothing was sent (ADR 0056). */
const API = (answer: Answer): ByCaller => ({
  default: answer,
  anonymous: "401",
  generated: "401",
  unconfirmed: "401",
  level1: "401",
  demoAccount: "401",
});
const START = "redirect:/epaper" as const;
const NOT_FOUND_PAGE = "redirect:/page-not-found" as const;

/** Everyone the same answer. */
const all = (answer: Answer): ByCaller => ({ default: answer });
/** A page or action of the signed-in studio: the login for anonymous callers. */
const signedIn = (answer: Answer, others: Partial<Record<Caller, Answer>> = {}): ByCaller => ({
  default: answer,
  anonymous: LOGIN,
  ...others,
});
/** Only the listed callers pass; the others get `refused`. */
const only = (callers: Caller[], answer: Answer, refused: Answer, extra: Partial<Record<Caller, Answer>> = {}): ByCaller => ({
  default: refused,
  anonymous: LOGIN,
  ...Object.fromEntries(callers.map((caller) => [caller, answer])),
  ...extra,
});
const SUPPORT: Caller[] = ["level3", "level4"];

/** Card actions of an ePaper the caller may change: locked and demo content are refused. */
const cardAction = (answer: Answer, extra: Partial<Record<Caller, Answer>> = {}): Pick<MatrixEntry, "expect" | "demo"> => ({
  expect: signedIn(answer, { lockedOwner: "403", ...extra }),
  demo: { default: "DemoError", demoAccount: answer, anonymous: LOGIN },
});

/** Channels (issue 13): channelWorkspace or publishToChannel (payers, no try-it user), the account, the demo rule. */
const CHANNEL_GATE = { generated: "403", unconfirmed: "UserNotConfirmed", level1: "403" } as const;
const channelAction = (intent: string, answer: Answer, options: { form?: MatrixEntry["form"]; demo?: Answer } = {}): MatrixEntry => ({
  route: "channel/:channelId/action",
  method: "POST",
  intent,
  scoped: true,
  ...(options.form ? { form: options.form } : {}),
  expect: signedIn(answer, CHANNEL_GATE),
  demo: { default: options.demo ?? "DemoError", demoAccount: answer, anonymous: LOGIN, ...CHANNEL_GATE },
});
/** Demo marks need demoManagement first; the fixture's channels hold no ePaper ('no ePaper' for demo managers). */
const channelDemoAction = (intent: string): MatrixEntry => ({
  route: "channel/:channelId/action",
  method: "POST",
  intent,
  scoped: true,
  expect: signedIn("403", { demoAccount: "422" }),
  demo: { default: "403", demoAccount: "422", anonymous: LOGIN },
});

/** The version of the fixture's media element (tests/security/authz-matrix.test.ts). */
export const MEDIA_VERSION = "2026-01-01T00:00:00.000Z";

/** The media library's writes (issue 12). */
function mediaLibraryWrites(): MatrixEntry[] {
  const gate = { anonymous: "401", generated: "403", unconfirmed: "UserNotConfirmed" } as const;
  const write = (intent: string, form: (ids: CellIds) => Record<string, string>, answer: Answer, scoped = false): MatrixEntry => ({
    route: "resources/media",
    method: "POST",
    intent,
    ...(scoped ? { scoped: true, demo: { default: answer, ...gate } } : {}),
    form,
    expect: signedIn(answer, gate),
  });
  return [
    write("rename", (ids) => ({ mediaId: ids.mediaId, name: "Matrix image" }), "200", true),
    // The fixture's image is a media element's preview image: in use.
    write("delete", (ids) => ({ mediaId: ids.mediaId }), "409", true),
    write("createGallery", () => ({ name: "Matrix library gallery" }), "200"),
    write("renameGallery", () => ({ galleryId: "nope", name: "x" }), "404"),
    write("deleteGallery", () => ({ galleryId: "nope" }), "404"),
    write("addToGallery", (ids) => ({ galleryId: "nope", mediaIds: ids.mediaId }), "404"),
    write("removeFromGallery", (ids) => ({ galleryId: "nope", mediaIds: ids.mediaId }), "404"),
    write("moveInGallery", (ids) => ({ galleryId: "nope", mediaId: ids.mediaId, to: "0" }), "404"),
  ];
}

/** The page operations (issue 12), each stopped right past the gate so the fixture's pages stay as they are. */
function structureWrites(): MatrixEntry[] {
  const write = (intent: string, form: (ids: CellIds) => Record<string, string>, answer: Answer): MatrixEntry => ({
    route: "epaper/:epaperId/page-structure",
    method: "POST",
    intent,
    scoped: true,
    form,
    expect: signedIn(answer, { anonymous: "401", level1: "403", lockedOwner: "403", generated: "403", unconfirmed: "UserNotConfirmed" }),
    demo: { default: "DemoError", demoAccount: answer, anonymous: "401", level1: "403", generated: "403", unconfirmed: "UserNotConfirmed" },
  });
  return [
    write("insert", (ids) => ({ uploadId: "nope", pageId: ids.pageId, before: "true" }), "404"),
    write("move", (ids) => ({ pageId: ids.pageId, targetPageId: ids.pageId, before: "true" }), "422"),
    write("replace", (ids) => ({ pageId: ids.pageId, uploadId: "nope", sourcePage: "1" }), "404"),
    write("delete", () => ({ pageId: "nope" }), "404"),
    write("cancel", () => ({}), "200"),
    write("reset", () => ({}), "200"),
  ];
}

/** The table of contents' writes (issue 12); update and delete name an entry that does not exist (404 past the gate). */
function tocWrites(): MatrixEntry[] {
  const write = (intent: string, form: Record<string, string>, answer: Answer): MatrixEntry => ({
    route: "epaper/:epaperId/toc",
    method: "POST",
    intent,
    scoped: true,
    form: () => form,
    expect: signedIn(answer, { anonymous: "401", lockedOwner: "403", generated: "403", unconfirmed: "UserNotConfirmed" }),
    demo: { default: "DemoError", demoAccount: answer, anonymous: "401", generated: "403", unconfirmed: "UserNotConfirmed" },
  });
  return [
    write("create", { fields: JSON.stringify({ title: "Matrix", pageNumber: 1 }) }, "200"),
    write("update", { tocItemId: "none", fields: JSON.stringify({ title: "Matrix" }) }, "404"),
    write("delete", { tocItemId: "none" }, "404"),
    write("settings", { settings: JSON.stringify({ tocThumbsActive: true }) }, "200"),
  ];
}

/** The editor's writes (issue 11): like card actions; the editor's permission, the demo rule, the lock, the account. */
function editorWrites(): MatrixEntry[] {
  const write = (intent: string, form: (ids: CellIds) => Record<string, string>, answer: Answer = "200"): MatrixEntry => ({
    route: "epaper/:epaperId",
    method: "POST",
    intent,
    scoped: true,
    // As the browser's fetcher sends it (single fetch): the action's own answer, without the page's loaders after it.
    path: (ids) => `/epaper/${ids.epaperId}.data`,
    form,
    expect: signedIn(answer, { lockedOwner: "403", generated: "403", unconfirmed: "UserNotConfirmed" }),
    demo: { default: "DemoError", demoAccount: answer, anonymous: LOGIN, generated: "403", unconfirmed: "UserNotConfirmed" },
  });
  return [
    write("createMedia", (ids) => ({
      pageId: ids.pageId,
      kind: "externalLink",
      fields: JSON.stringify({ url: "https://example.com/new" }),
    })),
    write("updateMedia", (ids) => ({ pageMediaId: ids.pageMediaId, version: MEDIA_VERSION, patch: JSON.stringify({ title: "Matrix" }) })),
    write("duplicateMedia", (ids) => ({ pageMediaId: ids.pageMediaId })),
    write("deleteMedia", (ids) => ({ pageMediaId: ids.pageMediaId })),
    write("deleteAllMedia", (ids) => ({ pageId: ids.pageId })),
    write("convertPdfLinks", (ids) => ({ pageId: ids.pageId })),
    // The fixture's element links to a private address: the SSRF rules refuse it at once (422).
    write("generatePreviewImage", (ids) => ({ pageMediaId: ids.pageMediaId }), "422"),
    write("removePreviewImage", (ids) => ({ pageMediaId: ids.pageMediaId })),
    write("setClickAreaColors", () => ({ color: "#112233", hoverColor: "#44556680" })),
  ];
}

/**
 * The support tables' writes (issue 14), as the fetcher sends them: level 3 and 4 reach the model,
 * which finds no such target (404; the rules of each target are proven in
 * tests/integration/support.test.ts); everyone else is refused before any lookup.
 */
function supportWrites(): MatrixEntry[] {
  const none = "no-such-target";
  const forms: Record<string, Record<string, string>> = {
    setAccountActive: { accountId: none, active: "false" },
    updateAccount: { accountId: none, field: "pageExchangeMax", value: "5" },
    addChannels: { accountId: none, count: "1" },
    switchAccount: { accountId: none },
    deleteAllEpapers: { accountId: none },
    deleteAccount: { accountId: none },
    renewGeneratedAccount: { accountId: none },
    revokeApiKey: { keyId: none },
    updateUser: { userId: none, field: "firstname", value: "Matrix" },
    togglePermission: { userId: none, priority: "3" },
    sendPasswordRequest: { userId: none },
    deleteUser: { userId: none },
    cancelEpaper: { epaperId: none },
    setEpaperLocked: { epaperId: none, locked: "true" },
    deleteEpaper: { epaperId: none },
    removePublication: { publicationId: none },
    setChannelDisabled: { channelId: none, disabled: "true" },
    setChannelRemoveAt: { channelId: none, removeAt: "" },
    cancelChannel: { channelId: none },
    deleteChannel: { channelId: none },
    setRenderProcessActive: { renderProcessId: none, active: "false" },
    resendEmail: { emailJobId: none },
    updateNews: { newsId: none, headline: "Matrix news", text: "<p>Matrix</p>", lang: "en", position: "0", active: "false" },
    deleteNews: { newsId: none },
    updateOrderCode: { orderCodeId: none, value: "Matrix" },
    deleteOrderCode: { orderCodeId: none },
  };
  // Writes that create: an invalid form reaches the model's rules (422) and creates nothing.
  const invalid: Record<string, Record<string, string>> = {
    createNews: { headline: "", text: "", lang: "", position: "0", active: "false" },
    addOrderCode: { type: "epaper", codeKey: "", text: "" },
    // An empty message: nothing is sent to anyone (ADR 0051).
    sendServiceNotification: { text: "", level: "info" },
  };
  const entry = (intent: string, form: Record<string, string>, answer: Answer): MatrixEntry => ({
    route: "support/:tab",
    method: "POST",
    intent,
    path: () => "/support/accounts.data",
    form: () => form,
    expect: only(SUPPORT, answer, "403"),
  });
  return [
    ...Object.entries(forms).map(([intent, form]) => entry(intent, form, "404")),
    ...Object.entries(invalid).map(([intent, form]) => entry(intent, form, "422")),
  ];
}

export const MATRIX: MatrixEntry[] = [
  // Public addresses and the headerless account pages.
  { route: "", method: "GET", expect: all(START) },
  { route: "login", method: "GET", expect: { default: START, anonymous: "200" } },
  { route: "login", method: "POST", expect: { default: START, anonymous: "400" } },
  { route: "maintenance/login", method: "GET", expect: { default: START, anonymous: "200" } },
  { route: "maintenance/login", method: "POST", expect: { default: START, anonymous: "400" } },
  { route: "maintenance-login", method: "GET", expect: { default: START, anonymous: "200" } },
  { route: "maintenance-login", method: "POST", expect: { default: START, anonymous: "400" } },
  { route: "signup", method: "GET", expect: { default: START, anonymous: "200" } },
  { route: "signup", method: "POST", expect: { default: START, anonymous: "400" } },
  { route: "password", method: "GET", expect: all("200") },
  { route: "password", method: "POST", intent: "request", expect: all("400") },
  { route: "password", method: "POST", intent: "set", expect: signedIn("redirect:/password") },
  { route: "password-reset", method: "GET", expect: all("200") },
  { route: "password-reset", method: "POST", intent: "request", expect: all("400") },
  { route: "password-reset", method: "POST", intent: "set", expect: signedIn("redirect:/password") },
  { route: "auth/:authType/with/:token", method: "GET", path: () => "/auth/signup/with/not-a-token", expect: all("200") },
  { route: "auth/:authType/with/:token", method: "POST", path: () => "/auth/signup/with/not-a-token", expect: all("400") },
  {
    route: "auth/:authType/with/:token",
    method: "POST",
    path: () => "/auth/email-change-approve/with/not-a-token",
    expect: all("400"),
  },
  {
    route: "deactivate-email/:authType/with/:token",
    method: "GET",
    path: () => "/deactivate-email/epaperReady/with/x",
    expect: all("200"),
  },
  {
    route: "deactivate-email/:authType/with/:token",
    method: "POST",
    path: () => "/deactivate-email/epaperReady/with/x",
    expect: all("400"),
  },
  // The preview link's password page and check (issue 13): public; no session opens a link.
  {
    route: "protected-sharing/:sharingType/:sharingHash",
    method: "GET",
    path: () => "/protected-sharing/previewlink/0123456789abcdef0123",
    expect: all("200"),
  },
  {
    route: "protected-sharing/:sharingType/:sharingHash",
    method: "GET",
    path: () => "/protected-sharing/zip/0123456789abcdef0123",
    expect: all(LOGIN),
  },
  {
    route: "protected-sharing/:sharingType/:sharingHash",
    method: "POST",
    path: () => "/protected-sharing/previewlink/0123456789abcdef0123",
    form: () => ({ password: "NoSuchPassword1" }),
    expect: all("404"),
  },
  {
    route: "verify-publication-access/:sharingType/:sharingHash",
    method: "GET",
    path: () => "/verify-publication-access/previewlink/0123456789abcdef0123",
    expect: all("405"),
  },
  // The matrix posts a form, not the JSON body {password}.
  {
    route: "verify-publication-access/:sharingType/:sharingHash",
    method: "POST",
    path: () => "/verify-publication-access/previewlink/0123456789abcdef0123",
    expect: all("400"),
  },
  { route: "try-it", method: "GET", expect: { default: "200", generated: START } },
  { route: "try-it", method: "POST", destructive: true, expect: { default: START } },
  { route: "logout", method: "GET", destructive: true, expect: all("redirect:/") },
  { route: "logout", method: "POST", destructive: true, expect: all(LOGIN) },
  // The embedded upload widget: public, it sits in customers' pages.
  { route: "upload-embedded", method: "GET", expect: all("200") },
  { route: "upload-embedded/continue/:token", method: "GET", path: () => "/upload-embedded/continue/not-a-token", expect: all("200") },
  // A wrong token answers { failed: true }: nobody is logged in.
  { route: "upload-embedded/continue/:token", method: "POST", path: () => "/upload-embedded/continue/not-a-token", expect: all("200") },
  { route: "upload-embedded/session", method: "POST", intent: "account", expect: all("200") },
  // A login link is minted only for the widget's bearer session, never from a studio cookie.
  { route: "upload-embedded/session", method: "POST", intent: "continue", form: (ids) => ({ epaperId: ids.epaperId }), expect: all("403") },
  {
    route: "upload-embedded/session",
    method: "POST",
    intent: "continue",
    bearer: true,
    form: (ids) => ({ epaperId: ids.epaperId }),
    expect: { default: "200", anonymous: "403" },
  },

  // The studio pages inside the app shell.
  { route: "epaper", method: "GET", expect: signedIn("200") },
  {
    route: "epaper",
    method: "POST",
    intent: "deleteAllEpapers",
    destructive: true,
    expect: only(["generated"], "200", "403"),
  },
  {
    route: "epaper",
    method: "POST",
    intent: "endTestPhase",
    destructive: true,
    expect: only(["generated"], "redirect:/landing", "403"),
  },
  // The editor: confirmed customers, their own ePapers with pages; anything else goes back to the start.
  {
    route: "epaper/:epaperId",
    method: "GET",
    scoped: true,
    expect: signedIn("200", { generated: START, unconfirmed: START }),
    foreign: START,
  },
  ...editorWrites(),
  // The statistics screen (issue 31, ADR 0053): the editor's right (epaperDetails) and the account,
  // answered as its CSV export is, not with the start route: the error page's 403 (an unconfirmed
  // user's names its message key in the page's data) and 404 for another account's ePaper. A read,
  // so neither the demo rule nor the lock refuses it.
  {
    route: "epaper/:epaperId/statistics",
    method: "GET",
    scoped: true,
    expect: signedIn("200", { generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  { route: "support", method: "GET", expect: only(SUPPORT, "redirect:/support/accounts", START) },
  { route: "support/:tab", method: "GET", path: () => "/support/accounts", expect: only(SUPPORT, "200", START) },
  ...supportWrites(),
  // The support drawers' data and images: level 3 and 4 only, an unknown ePaper is 404.
  {
    route: "resources/support-details",
    method: "GET",
    path: () => "/resources/support-details?kind=epaper&epaperId=no-such-epaper",
    expect: only(SUPPORT, "404", "403"),
  },
  {
    route: "resources/support-image/:epaperId/:file",
    method: "GET",
    path: () => "/resources/support-image/no-such-epaper/cover",
    expect: only(SUPPORT, "404", "403"),
  },
  // The render-server drawer: the renderserver permission (level 4 outside demo accounts); an unknown node is 404.
  {
    route: "resources/support-render-node",
    method: "GET",
    path: () => "/resources/support-render-node?url=http%3A%2F%2Fno-such-node%3A1",
    expect: only(["level4"], "404", "403"),
  },
  // The returning button: anyone signed in (switched or not) lands on the support page.
  { route: "resources/account-switch", method: "POST", expect: signedIn("redirect:/support/accounts") },
  { route: "preferences", method: "GET", expect: only(["level4"], "redirect:/preferences/cronjob", START) },
  { route: "preferences/:tab", method: "GET", path: () => "/preferences/cronjob", expect: only(["level4"], "200", START) },
  // Level 4 reaches the rules (an empty object fails the schema; maintenance needs its confirmation): nothing changes.
  {
    route: "preferences/:tab",
    method: "POST",
    intent: "save",
    path: () => "/preferences/cronjob.data",
    form: () => ({ json: "{}" }),
    expect: only(["level4"], "422", "403"),
  },
  {
    route: "preferences/:tab",
    method: "POST",
    intent: "setMaintenance",
    path: () => "/preferences/maintenance.data",
    form: () => ({ active: "true" }),
    expect: only(["level4"], "422", "403"),
  },
  // The developer kit: level 4 outside demo accounts (demoAccount is a level-2 user); nothing changes.
  { route: "resources/devkit", method: "GET", expect: only(["level4"], "200", "403") },
  {
    route: "resources/devkit",
    method: "POST",
    intent: "forceError",
    form: () => ({ errorName: "NoSuchError" }),
    expect: only(["level4"], "422", "403"),
  },
  { route: "resources/devkit", method: "POST", intent: "findKeys", form: () => ({ pattern: "" }), expect: only(["level4"], "422", "403") },
  {
    route: "resources/devkit",
    method: "POST",
    intent: "removeKeys",
    form: () => ({ pattern: "" }),
    expect: only(["level4"], "422", "403"),
  },
  { route: "resources/devkit", method: "POST", intent: "testEmail", form: () => ({ lang: "xx" }), expect: only(["level4"], "422", "403") },

  // An ePaper's resources: only users of its account, another account's ids are 'not found'.
  { route: "upload-pdf", method: "GET", expect: signedIn("200", { anonymous: "401" }) },
  // Past the gate, an upload needs a render node for its analysis: none runs here (503).
  { route: "upload-pdf", method: "POST", expect: signedIn("503", { anonymous: "401", unconfirmed: "UserNotConfirmed" }) },
  { route: "epaper/create", method: "POST", expect: signedIn("400", { anonymous: "401", unconfirmed: "UserNotConfirmed" }) },
  { route: "epaper/:epaperId/cover", method: "GET", scoped: true, expect: signedIn("200") },
  // The editor's pages and page images: confirmed customers of the ePaper's account (epaperDetails).
  {
    route: "epaper/:epaperId/pages",
    method: "GET",
    scoped: true,
    expect: signedIn("200", { anonymous: "401", generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  {
    route: "epaper/:epaperId/pages/:pageNumber/:file",
    method: "GET",
    scoped: true,
    path: (ids) => `/epaper/${ids.epaperId}/pages/1/thumb.webp`,
    expect: signedIn("200", { anonymous: "401", generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  // Only the files a page's renditions list: its words (or anything else under its folder) are not served.
  {
    route: "epaper/:epaperId/pages/:pageNumber/:file",
    method: "GET",
    scoped: true,
    path: (ids) => `/epaper/${ids.epaperId}/pages/1/words.json`,
    expect: signedIn("404", { anonymous: "401", generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  {
    route: "epaper/:epaperId/zip",
    method: "GET",
    scoped: true,
    expect: signedIn("200", { generated: "403", unconfirmed: "403", level1: "403" }),
  },
  // The readership statistics as CSV (issue 31, ADR 0053): the editor's right (epaperDetails), the
  // account. A download link: the login for anonymous callers; a read, so neither the demo rule nor
  // the lock refuses it. The matrix asks for JSON too, so the unconfirmed refusal keeps its name.
  {
    route: "epaper/:epaperId/statistics.csv",
    method: "GET",
    scoped: true,
    expect: signedIn("200", { generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  // The statistics screen's 'reading now' heartbeat (ADR 0053 'Reading now'): as the screen, but
  // JSON for fetch (401 without a session). It only reads and watches: no demo rule, no lock.
  {
    route: "epaper/:epaperId/reading-now",
    method: "POST",
    scoped: true,
    expect: signedIn("200", { anonymous: "401", generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  {
    route: "epaper/:epaperId/action",
    method: "POST",
    intent: "rename",
    scoped: true,
    form: () => ({ name: "Renamed by the matrix" }),
    ...cardAction("200"),
  },
  { route: "epaper/:epaperId/action", method: "POST", intent: "delete", scoped: true, ...cardAction("200") },
  // Nothing runs: cancelling is a no-op.
  { route: "epaper/:epaperId/action", method: "POST", intent: "cancel", scoped: true, ...cardAction("200") },
  // The fixture has no source PDF: 'upload it again' (404) once the gate is passed.
  { route: "epaper/:epaperId/action", method: "POST", intent: "renderAgain", scoped: true, ...cardAction("404") },
  // Reset of a failed page operation (issue 12): nothing failed here, nothing to clear.
  { route: "epaper/:epaperId/action", method: "POST", intent: "reset", scoped: true, ...cardAction("200") },
  {
    route: "epaper/:epaperId/action",
    method: "POST",
    intent: "markDemo",
    scoped: true,
    expect: signedIn("403", { demoAccount: "200" }),
    demo: { demoAccount: "200" },
  },
  {
    route: "epaper/:epaperId/action",
    method: "POST",
    intent: "unmarkDemo",
    scoped: true,
    expect: signedIn("403", { demoAccount: "200" }),
    demo: { demoAccount: "200" },
  },
  // Never rendered: publishing is refused (422) once the gate is passed.
  { route: "epaper/:epaperId/action", method: "POST", intent: "publishPreview", scoped: true, ...cardAction("422") },
  {
    route: "epaper/:epaperId/action",
    method: "POST",
    intent: "publishZip",
    scoped: true,
    expect: signedIn("422", { generated: "403", level1: "403", unconfirmed: "UserNotConfirmed", lockedOwner: "403" }),
    demo: { default: "DemoError", demoAccount: "422", anonymous: LOGIN, generated: "403", level1: "403", unconfirmed: "UserNotConfirmed" },
  },
  // The preview link (issue 13): createPreviewLink (no try-it user), the account, the demo rule, the lock.
  {
    route: "epaper/:epaperId/action",
    method: "POST",
    intent: "publishPreviewLink",
    scoped: true,
    expect: signedIn("422", { generated: "403", unconfirmed: "UserNotConfirmed", lockedOwner: "403" }),
    demo: { default: "DemoError", demoAccount: "422", anonymous: LOGIN, generated: "403", unconfirmed: "UserNotConfirmed" },
  },
  // The fixture has no preview link: 'publication not found' once the gate is passed.
  {
    route: "epaper/:epaperId/action",
    method: "POST",
    intent: "refreshPreviewLinkHash",
    scoped: true,
    expect: signedIn("404", { generated: "403", unconfirmed: "UserNotConfirmed", lockedOwner: "403" }),
    demo: { default: "DemoError", demoAccount: "404", anonymous: LOGIN, generated: "403", unconfirmed: "UserNotConfirmed" },
  },
  // Publishing to a channel: the fixture is not rendered, 'not rendered' once the gate is passed.
  {
    route: "epaper/:epaperId/action",
    method: "POST",
    intent: "publishChannel",
    scoped: true,
    form: (ids) => ({ channelId: ids.channelId }),
    expect: signedIn("422", { ...CHANNEL_GATE, lockedOwner: "403" }),
    demo: { default: "DemoError", demoAccount: "422", anonymous: LOGIN, ...CHANNEL_GATE },
  },
  // 'Open preview' (ADR 0051): the editor's right (epaperDetails), the account; a read, so neither the
  // demo rule nor the lock refuses it. The fixture's preview was never published: 404 past the gate.
  {
    route: "epaper/:epaperId/action",
    method: "POST",
    intent: "openPreview",
    scoped: true,
    form: () => ({ pageNumber: "1" }),
    expect: signedIn("404", { generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  { route: "channel", method: "GET", expect: signedIn("200", { generated: START, unconfirmed: START, level1: START }) },
  { route: "resources/channels", method: "GET", expect: signedIn("200", CHANNEL_GATE) },
  // A channel's statistics and their CSV (issue 31, ADR 0053 'Channel statistics'): channelWorkspace
  // and the account, answered as the ePaper's statistics are (error page or translated text, not
  // the start route): 403 without the right (an unconfirmed user's names its message key), 404 for
  // another account's channel. Reads, so the demo rule does not refuse a demo channel's.
  { route: "channel/:channelId/statistics", method: "GET", scoped: true, expect: signedIn("200", CHANNEL_GATE) },
  { route: "channel/:channelId/statistics.csv", method: "GET", scoped: true, expect: signedIn("200", CHANNEL_GATE) },
  // The shop (ADR 0040): payment for the page and the checkout, the menus' rights for the dialogs' data.
  {
    route: "shop/:orderType",
    method: "GET",
    path: () => "/shop/epaper",
    expect: signedIn("200", { generated: START, unconfirmed: START, level1: START }),
  },
  {
    route: "shop/:orderType",
    method: "POST",
    path: () => "/shop/channel",
    form: () => ({ orderCode: "channel-1" }),
    // A refused POST of a page renders that page, whose loader sends the caller to the start.
    expect: signedIn("redirect:/checkout", { generated: START, unconfirmed: START, level1: START }),
  },
  { route: "resources/licence-history", method: "GET", expect: signedIn("200", CHANNEL_GATE) },
  { route: "resources/shop-channels", method: "GET", expect: signedIn("200", CHANNEL_GATE) },
  // Moving a subscription (issue 30): the same rights; past them, an unknown subscription is 'not
  // found' (another account's subscription and channel too: app/models/shop-channels.server.test.ts).
  {
    route: "resources/shop-channels",
    method: "POST",
    intent: "move",
    form: (ids) => ({ subscriptionId: "no-such-subscription", channelId: ids.channelId }),
    expect: signedIn("404", CHANNEL_GATE),
  },
  // Subdomains (ADR 0041): any confirmed, non-temporary user; another account's subdomain is not
  // found (proven in app/models/subdomains.server.test.ts), so is one that does not exist.
  { route: "resources/subdomains", method: "GET", expect: signedIn("200", { generated: "403", unconfirmed: "UserNotConfirmed" }) },
  {
    route: "resources/subdomains",
    method: "POST",
    intent: "create",
    form: () => ({ name: `matrix-${Math.random().toString(36).slice(2, 12)}` }),
    expect: signedIn("200", { generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  ...(["rename", "delete", "assign", "unassign"] as const).map(
    (intent): MatrixEntry => ({
      route: "resources/subdomains",
      method: "POST",
      intent,
      form: (ids) => ({ subdomainId: "no-such-subdomain", name: "matrix-renamed", channelId: ids.channelId }),
      expect: signedIn("404", { generated: "403", unconfirmed: "UserNotConfirmed" }),
    }),
  ),
  // The shop's server calls it: no session counts, only the signature (a form post has none).
  { route: "webhooks/shop", method: "POST", expect: all("401") },
  { route: "webhooks/shop", method: "GET", expect: all("405") },
  channelAction("rename", "200", { form: () => ({ name: "Matrix channel" }) }),
  channelAction("clear", "200"),
  channelAction("renew", "200"),
  channelAction("renewDisconnect", "200"),
  channelDemoAction("markDemo"),
  channelDemoAction("unmarkDemo"),
  channelAction("visit", "200", { demo: "200" }),
  // Nothing runs: cancelling is a no-op.
  channelAction("cancel", "200"),

  // The ePaper settings dialog (issue 12): epaperSettings, the account, the demo rule and the lock.
  {
    route: "epaper/:epaperId/settings",
    method: "GET",
    scoped: true,
    expect: signedIn("200", { anonymous: "401", generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  {
    route: "epaper/:epaperId/settings",
    method: "POST",
    intent: "update",
    scoped: true,
    form: () => ({ patch: JSON.stringify({ cookieBannerActive: true }) }),
    expect: signedIn("200", { anonymous: "401", lockedOwner: "403", generated: "403", unconfirmed: "UserNotConfirmed" }),
    demo: { default: "DemoError", demoAccount: "200", anonymous: "401", generated: "403", unconfirmed: "UserNotConfirmed" },
  },
  {
    route: "epaper/:epaperId/settings",
    method: "POST",
    intent: "removeImage",
    scoped: true,
    form: () => ({ kind: "logo" }),
    expect: signedIn("200", { anonymous: "401", lockedOwner: "403", generated: "403", unconfirmed: "UserNotConfirmed" }),
    demo: { default: "DemoError", demoAccount: "200", anonymous: "401", generated: "403", unconfirmed: "UserNotConfirmed" },
  },
  // Guided tours: any signed-in user's own tours; reset needs the tutorial permission.
  { route: "resources/tours", method: "GET", expect: signedIn("200", { anonymous: "401" }) },
  {
    route: "resources/tours",
    method: "POST",
    intent: "finish",
    form: () => ({ tour: "media-tour" }),
    expect: signedIn("200", { anonymous: "401" }),
  },
  {
    route: "resources/tours",
    method: "POST",
    intent: "reset",
    expect: signedIn("200", { anonymous: "401", generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  // The media library (issue 12): the media permission; an image is the caller's account's (another's
  // is 404); one in use cannot be deleted (409); a gallery id that is not the account's is 404.
  {
    route: "resources/media",
    method: "GET",
    expect: signedIn("200", { anonymous: "401", generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  ...mediaLibraryWrites(),
  // Past the gate, a request without an image is refused (400).
  {
    route: "epaper/:epaperId/settings/image",
    method: "POST",
    scoped: true,
    form: () => ({ kind: "logo" }),
    expect: signedIn("400", { anonymous: "401", generated: "403", unconfirmed: "UserNotConfirmed" }),
    // The missing file is refused before any ePaper is looked up: nothing about the target is told.
    foreign: "400",
  },
  // The table of contents (issue 12): epaperTableOfContents, the account, the demo rule and the lock.
  {
    route: "epaper/:epaperId/toc",
    method: "GET",
    scoped: true,
    expect: signedIn("200", { anonymous: "401", generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  ...tocWrites(),
  // The accessibility report (issue 47): epaperDetails and the account; it only reads.
  {
    route: "epaper/:epaperId/accessibility",
    method: "GET",
    scoped: true,
    expect: signedIn("200", { anonymous: "401", generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  // The pages settings (issue 12): epaperPagesSettings, the account, the demo rule and the lock.
  {
    route: "epaper/:epaperId/pages-settings",
    method: "GET",
    scoped: true,
    expect: signedIn("200", { anonymous: "401", generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  {
    route: "epaper/:epaperId/pages-settings",
    method: "POST",
    intent: "update",
    scoped: true,
    form: (ids) => ({ pageId: ids.pageId, patch: JSON.stringify({ pdfDownload: true }) }),
    expect: signedIn("200", { anonymous: "401", lockedOwner: "403", generated: "403", unconfirmed: "UserNotConfirmed" }),
    demo: { default: "DemoError", demoAccount: "200", anonymous: "401", generated: "403", unconfirmed: "UserNotConfirmed" },
  },
  {
    route: "epaper/:epaperId/pages-settings",
    method: "POST",
    intent: "allPdfDownload",
    scoped: true,
    form: () => ({ pdfDownload: "true" }),
    expect: signedIn("200", { anonymous: "401", lockedOwner: "403", generated: "403", unconfirmed: "UserNotConfirmed" }),
    demo: { default: "DemoError", demoAccount: "200", anonymous: "401", generated: "403", unconfirmed: "UserNotConfirmed" },
  },
  // Pages order and structure (issue 12): epaperPagesOrderAndStructure (paying customers). Past
  // the gate a move onto its own place is refused (422), an upload id that is not the account's
  // is 'not found', cancel and reset with nothing to stop or clear answer 200.
  ...structureWrites(),
  {
    route: "epaper/:epaperId/page-structure",
    method: "GET",
    scoped: true,
    expect: signedIn("200", { anonymous: "401", level1: "403", generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  // The exchange uploads: the same gate before a byte is read; then no render node runs here (503).
  ...(["upload-pdf-exchange", "upload-pdf-replace"] as const).map(
    (route): MatrixEntry => ({
      route,
      method: "POST",
      scoped: true,
      path: (ids) => `/${route}?epaperId=${ids.epaperId}`,
      expect: signedIn("503", { anonymous: "401", level1: "403", lockedOwner: "403", generated: "403", unconfirmed: "UserNotConfirmed" }),
      demo: {
        default: "DemoError",
        demoAccount: "503",
        anonymous: "401",
        level1: "403",
        generated: "403",
        unconfirmed: "UserNotConfirmed",
      },
    }),
  ),
  // The editor's ePaper selector (issue 11): the account's own ePapers only.
  { route: "resources/epaper-options", method: "GET", expect: signedIn("200", { generated: "403", unconfirmed: "UserNotConfirmed" }) },
  // Galleries of the gallery kind (issue 11): the account's own; anyone with the editor's permission.
  { route: "resources/galleries", method: "GET", expect: signedIn("200", { generated: "403", unconfirmed: "UserNotConfirmed" }) },
  {
    route: "resources/galleries",
    method: "POST",
    intent: "create",
    form: () => ({ name: "Matrix gallery" }),
    expect: signedIn("200", { generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  // Past the gate, a request without an image is refused (400).
  {
    route: "upload-gallery-image",
    method: "POST",
    form: () => ({ galleryId: "none" }),
    expect: signedIn("400", { anonymous: "401", generated: "403", unconfirmed: "UserNotConfirmed" }),
  },

  // A preview image upload without its file is refused (400) before any id is looked up.
  {
    route: "upload-enrichment-preview-image",
    method: "POST",
    scoped: true,
    form: (ids) => ({ epaperId: ids.epaperId, pageMediaId: ids.pageMediaId }),
    expect: signedIn("400", { anonymous: "401", generated: "403", unconfirmed: "UserNotConfirmed" }),
    foreign: "400",
  },
  // A news' image: anyone signed in (active news), support (any news); an unknown news is 404.
  {
    route: "resources/news-image/:newsId",
    method: "GET",
    path: () => "/resources/news-image/no-such-news",
    expect: signedIn("404", { anonymous: "401" }),
  },
  // The account's media files (preview and gallery images) for the editor; another account's are 404.
  {
    route: "media/:mediaId",
    method: "GET",
    scoped: true,
    path: (ids) => `/media/${ids.mediaId}`,
    expect: signedIn("200", { anonymous: "401" }),
  },

  // Old and e-mail link addresses of the start route.
  { route: "home", method: "GET", expect: all(START) },
  { route: "epaper-ready", method: "GET", expect: all(START) },
  { route: "zip-ready", method: "GET", expect: all(START) },
  // The channel mail leads to the channels; /channel itself checks the caller.
  { route: "channel-publication-ready", method: "GET", expect: all("redirect:/channel") },
  { route: "language", method: "GET", expect: all(START) },
  { route: "language", method: "POST", form: () => ({ locale: "en" }), expect: all(START) },

  // The strength meter of new passwords (ADR 0048): public (signup and the reset have no session),
  // POST only, the same answer for every caller; it reads no account data.
  { route: "resources/password-strength", method: "GET", expect: all("405") },
  { route: "resources/password-strength", method: "POST", form: () => ({ password: "Matrix&Strength-42" }), expect: all("200") },
  // The browser's texts of one language (ADR 0005 addendum): public, the same for every caller.
  { route: "resources/translations/:locale/:version", method: "GET", path: () => "/resources/translations/de/any", expect: all("200") },

  // The shell's and the tree's JSON and form endpoints.
  { route: "resources/profile", method: "GET", expect: signedIn("200") },
  {
    route: "resources/profile",
    method: "POST",
    intent: "profile",
    expect: signedIn("400", { generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  {
    route: "resources/profile",
    method: "POST",
    intent: "password",
    expect: signedIn("400", { generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  {
    route: "resources/profile",
    method: "POST",
    intent: "notification",
    form: () => ({ name: "epaperReady", active: "false" }),
    // userEmailConfig-{name} is held by whoever has the setting, in every state (ADR 0010).
    expect: signedIn("200"),
  },
  // The fixture's user is its account's only one: 'delete the account instead' (409); admins have no such button.
  {
    route: "resources/profile",
    method: "POST",
    intent: "deleteProfile",
    destructive: true,
    expect: signedIn("409", { generated: "403", unconfirmed: "UserNotConfirmed", level4: "403" }),
  },
  // Issue 44: the signed-in answer to an e-mail change support asked for; the fixture's user has
  // none pending, so past the gate the answer is 'no change pending' (409), and it touches only
  // the caller's own user (no id is sent).
  {
    route: "resources/profile",
    method: "POST",
    intent: "approveEmailChange",
    expect: signedIn("409", { generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  {
    route: "resources/profile",
    method: "POST",
    intent: "declineEmailChange",
    expect: signedIn("409", { generated: "403", unconfirmed: "UserNotConfirmed" }),
  },
  { route: "resources/account-settings", method: "GET", expect: signedIn("200") },
  {
    route: "resources/account-settings",
    method: "POST",
    intent: "rename",
    expect: signedIn("400", { generated: "403", unconfirmed: "UserNotConfirmed", level1: "403" }),
  },
  {
    route: "resources/account-settings",
    method: "POST",
    intent: "deleteAccount",
    destructive: true,
    expect: signedIn("200", { generated: "403", unconfirmed: "UserNotConfirmed", level1: "403" }),
  },
  // The upload widget's code with the account's affiliate digest (ADR 0052): owners, managers and
  // staff of a registered account; never a demo account's members.
  {
    route: "resources/account-settings",
    method: "POST",
    intent: "createAffiliateData",
    form: () => ({ locale: "en", returnUrl: "https://www.example.com/epaper" }),
    expect: signedIn("200", { generated: "403", unconfirmed: "UserNotConfirmed", level1: "403", demoAccount: "403" }),
  },
  // The account drawer's API keys (ADR 0056): owners, managers and staff of a registered account, in their own account.
  { route: "resources/api-keys", method: "GET", expect: signedIn("200") },
  {
    route: "resources/api-keys",
    method: "POST",
    intent: "createApiKey",
    form: () => ({ name: "Matrix", scopes: "read" }),
    expect: signedIn("200", { generated: "403", unconfirmed: "UserNotConfirmed", level1: "403", demoAccount: "403" }),
  },
  {
    route: "resources/api-keys",
    method: "POST",
    intent: "revokeApiKey",
    form: () => ({ keyId: "no-such-key" }),
    expect: signedIn("404", { generated: "403", unconfirmed: "UserNotConfirmed", level1: "403", demoAccount: "403" }),
  },
  // The account drawer's webhooks (ADR 0058): as API keys; an endpoint or delivery of no account of
  // the caller's (another account's included) is 404 (app/webhooks/endpoints.server.test.ts proves another account's).
  { route: "resources/webhooks", method: "GET", expect: signedIn("200") },
  {
    route: "resources/webhooks",
    method: "POST",
    intent: "createWebhook",
    form: () => ({ url: "https://hooks.example.com/matrix", events: "epaper.rendered" }),
    expect: signedIn("200", { generated: "403", unconfirmed: "UserNotConfirmed", level1: "403", demoAccount: "403" }),
  },
  {
    route: "resources/webhooks",
    method: "POST",
    intent: "deleteWebhook",
    form: () => ({ endpointId: "no-such-endpoint" }),
    expect: signedIn("404", { generated: "403", unconfirmed: "UserNotConfirmed", level1: "403", demoAccount: "403" }),
  },
  {
    route: "resources/webhooks",
    method: "POST",
    intent: "sendWebhookAgain",
    form: () => ({ deliveryId: "no-such-delivery" }),
    expect: signedIn("404", { generated: "403", unconfirmed: "UserNotConfirmed", level1: "403", demoAccount: "403" }),
  },
  {
    route: "resources/webhooks",
    method: "POST",
    intent: "sendWebhookPing",
    form: () => ({ endpointId: "no-such-endpoint" }),
    expect: signedIn("404", { generated: "403", unconfirmed: "UserNotConfirmed", level1: "403", demoAccount: "403" }),
  },
  {
    route: "resources/webhooks/:endpointId/deliveries",
    method: "GET",
    path: () => "/resources/webhooks/no-such-endpoint/deliveries",
    expect: signedIn("404", { generated: "403", unconfirmed: "UserNotConfirmed", level1: "403", demoAccount: "403" }),
  },
  // The public API (issue 32, ADR 0056): the caller's API key only, never the cookie; reads pass the
  // lock and the demo rule; another account's ePaper is 404. Its document and reference are public.
  { route: "api/v1/epapers", method: "GET", apiKey: true, expect: API("200") },
  { route: "api/v1/epapers/:epaperId", method: "GET", apiKey: true, scoped: true, expect: API("200") },
  { route: "api/v1/epapers/:epaperId/accessibility", method: "GET", apiKey: true, scoped: true, expect: API("200") },
  { route: "api/v1/publications", method: "GET", apiKey: true, expect: API("200") },
  { route: "api/v1/channels", method: "GET", apiKey: true, expect: API("200") },
  // Writes (issue 32): the matrix's keys read only, so every write is refused for its scope (403)
  // before anything is looked at; the write rules themselves: app/routes/api/api-writes.server.test.ts.
  {
    route: "api/v1/epapers",
    method: "POST",
    apiKey: true,
    json: () => ({ uploadId: "no-such-upload", name: "Matrix", languageCode: "de" }),
    expect: API("403"),
  },
  {
    route: "api/v1/epapers/:epaperId",
    method: "POST",
    httpMethod: "PATCH",
    apiKey: true,
    json: () => ({ name: "Matrix" }),
    expect: API("403"),
  },
  { route: "api/v1/epapers/:epaperId", method: "POST", httpMethod: "DELETE", apiKey: true, expect: API("403") },
  {
    route: "api/v1/epapers/:epaperId/publications",
    method: "POST",
    apiKey: true,
    json: () => ({ type: "preview" }),
    expect: API("403"),
  },
  { route: "api/v1/uploads", method: "POST", apiKey: true, expect: API("403") },
  // The zip package with the key; another account's is 404.
  { route: "api/v1/epapers/:epaperId/zip", method: "GET", apiKey: true, scoped: true, expect: API("200") },
  // A page's file, as its ePaper's pages name it: another account's is 404.
  {
    route: "api/v1/epapers/:epaperId/pages/:pageNumber/:file",
    method: "GET",
    apiKey: true,
    scoped: true,
    path: (ids) => `/api/v1/epapers/${ids.epaperId}/pages/1/thumb.webp`,
    expect: API("200"),
  },
  // A method an address does not answer is a problem document, 405 with Allow, for everyone (issue
  // 45): nothing is looked up, so the answer says nothing about any account.
  { route: "api/v1/epapers/:epaperId/publications", method: "GET", expect: all("405") },
  { route: "api/v1/epapers/:epaperId/zip", method: "POST", json: () => ({}), expect: all("405") },
  { route: "api/v1/epapers/:epaperId/accessibility", method: "POST", json: () => ({}), expect: all("405") },
  {
    route: "api/v1/epapers/:epaperId/pages/:pageNumber/:file",
    method: "POST",
    path: (ids) => `/api/v1/epapers/${ids.epaperId}/pages/1/thumb.webp`,
    json: () => ({}),
    expect: all("405"),
  },
  { route: "api/v1/uploads", method: "GET", expect: all("405") },
  { route: "api/v1/publications", method: "POST", json: () => ({}), expect: all("405") },
  { route: "api/v1/channels", method: "POST", json: () => ({}), expect: all("405") },
  { route: "api/v1/openapi.json", method: "POST", json: () => ({}), expect: all("405") },
  // An address under /api/v1 that no route answers: a problem document, 404, for every method.
  { route: "api/v1/*", method: "GET", path: () => "/api/v1/no-such-address", expect: all("404") },
  { route: "api/v1/*", method: "POST", path: () => "/api/v1/no-such-address", json: () => ({}), expect: all("404") },
  { route: "api/v1", method: "GET", expect: all("404") },
  { route: "api/v1", method: "POST", json: () => ({}), expect: all("404") },
  // A studio session is no API key.
  { route: "api/v1/epapers", method: "GET", expect: all("401") },
  { route: "api/v1/openapi.json", method: "GET", expect: all("200") },
  { route: "api/docs", method: "GET", expect: all("200") },
  { route: "api/docs/assets/:file", method: "GET", path: () => "/api/docs/assets/init.js", expect: all("200") },
  { route: "resources/folders", method: "GET", expect: signedIn("200", { generated: "403" }) },
  {
    route: "resources/folders",
    method: "POST",
    intent: "create",
    scoped: true,
    form: (ids) => ({ parentId: ids.rootId, name: "Matrix" }),
    expect: signedIn("200", { generated: "403" }),
  },
  {
    route: "resources/folders",
    method: "POST",
    intent: "rename",
    scoped: true,
    form: (ids) => ({ folderId: ids.folderId, name: "Renamed" }),
    expect: signedIn("200", { generated: "403" }),
  },
  {
    route: "resources/folders",
    method: "POST",
    intent: "delete",
    scoped: true,
    form: (ids) => ({ folderId: ids.folderId, mode: "moveToParent" }),
    // The folder holds the caller's own ePaper: locked content stays (422).
    expect: signedIn("200", { generated: "403", lockedOwner: "422" }),
  },
  {
    route: "resources/folders",
    method: "POST",
    intent: "moveFolder",
    scoped: true,
    form: (ids) => ({ folderId: ids.folderId, parentId: ids.ownRootId }),
    expect: signedIn("200", { generated: "403" }),
  },
  {
    route: "resources/folders",
    method: "POST",
    intent: "moveEpaper",
    scoped: true,
    form: (ids) => ({ epaperId: ids.epaperId, folderId: ids.ownRootId }),
    expect: signedIn("200", { generated: "403", lockedOwner: "422" }),
    demo: { default: "DemoError", demoAccount: "200", anonymous: LOGIN, generated: "403" },
  },

  // Help pages, errors, health, the event stream, unknown addresses.
  { route: "legal/:page", method: "GET", path: () => "/legal/terms", expect: all("200") },
  { route: "page-not-found", method: "GET", expect: all("404") },
  { route: "404", method: "GET", expect: all("404") },
  { route: "healthz", method: "GET", expect: all("200") },
  { route: "events", method: "GET", expect: { default: "200", anonymous: "401" } },
  { route: "*", method: "GET", path: () => "/no/such/address", expect: all(NOT_FOUND_PAGE) },
  { route: "*", method: "POST", path: () => "/no/such/address", expect: all(NOT_FOUND_PAGE) },

  // Published previews on the content origin: the unguessable hash is the key, no studio session counts.
  {
    route: "content: /preview/:hash/",
    origin: "content",
    method: "GET",
    scoped: true,
    path: (ids) => `/preview/${ids.previewHash}/`,
    // The bare address answers the current revision's reader at once (no redirect hop, ADR 0049).
    expect: all("200"),
    foreign: "200",
  },
  {
    route: "content: /preview/<guessed hash>/",
    origin: "content",
    method: "GET",
    path: () => "/preview/0123456789abcdef0123/",
    expect: all("404"),
  },
  // A preview link without its unlock cookie: the studio's password page, whoever asks.
  {
    route: "content: /previewlink/:hash/",
    origin: "content",
    method: "GET",
    path: () => "/previewlink/0123456789abcdef0123/",
    expect: all("redirect:/protected-sharing"),
  },
  // oEmbed for channels (issue 32 item 5, ADR 0057): public and cookieless, the same answer whoever
  // asks and whosever the channel is; it describes only what the address shows as a reader, and the
  // fixture's channels hold no ePaper (their address shows 'not available'), so 404 throughout.
  {
    route: "content: /oembed?url=<channel address>",
    origin: "content",
    method: "GET",
    scoped: true,
    path: (ids) => `/oembed?url=${encodeURIComponent(`${ids.contentOrigin}/c/${ids.channelShortPath}/`)}&format=json`,
    expect: all("404"),
    foreign: "404",
  },
  {
    route: "content: /oembed?url=<no channel address>",
    origin: "content",
    method: "GET",
    path: () => `/oembed?url=${encodeURIComponent("https://elsewhere.example/c/0123456789/")}`,
    expect: all("404"),
  },
  { route: "content: /oembed?format=xml", origin: "content", method: "GET", path: () => "/oembed?url=x&format=xml", expect: all("501") },
  // A zip package's statistics address (ADR 0053 'Zip packages'): no studio session opens it; it
  // takes beacons only while the ePaper counts its zip packages here, which is off by default.
  {
    route: "content: /zip/:epaperId/_stats",
    origin: "content",
    method: "POST",
    scoped: true,
    path: (ids) => `/zip/${ids.epaperId}/_stats`,
    expect: all("404"),
  },
  // The worker's signed blob URLs: a valid signature for that key, nothing else.
  { route: "worker: signed blob URL", origin: "worker", method: "GET", path: (ids) => ids.signedPath, expect: all("200") },
  { route: "worker: forged blob URL", origin: "worker", method: "GET", path: (ids) => ids.forgedPath, expect: all("403") },
];

/** The entries of other origins are not routes of app/routes.ts. */
export const isRouteEntry = (entry: MatrixEntry) => (entry.origin ?? "studio") === "studio";
