/**
 * Where the login sends people, and back: the remembered target (only paths on this site),
 * the notice that says why someone was sent to log in, and the address a user sees. Pure, so
 * the login page, the guard and their tests share it.
 */
export const LOGIN_ROUTE = "/login";
/** Where a login goes without a remembered target (studio-core.md §2). */
export const START_ROUTE = "/epaper";
/** Query parameter of the login route: the remembered target. */
export const REDIRECT_TO_PARAM = "redirectTo";
/** Query parameter of the login route: why the user was sent there (see LoginNotice). */
export const LOGIN_NOTICE_PARAM = "notice";

/**
 * What the login page tells a user it was sent to: sessionExpired shows 'Session expired. Please
 * log in again.' (studio-core.md §8), accountDeactivated the AccountDeactivated message.
 */
export const LOGIN_NOTICES = ["sessionExpired", "accountDeactivated", "tryItFailed"] as const;
export type LoginNotice = (typeof LOGIN_NOTICES)[number];

/**
 * `to` when it is a path on this site, else `fallback`: a remembered target must never send the
 * user elsewhere (open redirect). Refuses absolute URLs, protocol-relative `//host`, backslashes
 * (browsers read `/\host` as `//host`) and control characters, and checks again what it would
 * return: the normalised path (`/.//evil` becomes `//evil`), decoded as well, must be a single
 * leading slash followed by no slash or backslash.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string = START_ROUTE): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.includes("\\") || hasControlCharacter(to)) return fallback;
  const base = "http://studio.invalid";
  let url: URL;
  try {
    url = new URL(to, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isSameOriginPath(path) ? path : fallback;
}

/** A path that no browser reads as another host: one leading slash, then neither slash nor backslash, also once decoded. */
function isSameOriginPath(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  return [path, decoded].every((value) => /^\/(?![/\\])/.test(value) && !hasControlCharacter(value));
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The login URL that remembers a target (only same-site paths) and carries a notice. */
export function loginPath(options: { redirectTo?: string | null; notice?: LoginNotice | null } = {}): string {
  const params = new URLSearchParams();
  if (options.redirectTo) {
    const target = safeRedirect(options.redirectTo, "");
    const path = target.split(/[?#]/)[0];
    // The start route needs no remembering; the login route itself would loop.
    if (target && path !== "/" && path !== LOGIN_ROUTE) params.set(REDIRECT_TO_PARAM, target);
  }
  if (options.notice) params.set(LOGIN_NOTICE_PARAM, options.notice);
  const query = params.toString();
  return query ? `${LOGIN_ROUTE}?${query}` : LOGIN_ROUTE;
}

/** The notice of a login URL, if it is a known one. */
export function readLoginNotice(url: URL | string): LoginNotice | null {
  const value = new URL(url, "http://studio.invalid").searchParams.get(LOGIN_NOTICE_PARAM);
  return (LOGIN_NOTICES as readonly string[]).includes(value ?? "") ? (value as LoginNotice) : null;
}

/**
 * The address the user sees, for coming back after login: client navigations load data from
 * `/path.data?_routes=…` (single fetch), which must not end up in the browser's address bar.
 */
export function visiblePath(request: Request): string {
  const url = new URL(request.url);
  // Edit the raw query so the rest of it keeps its exact encoding.
  const search = url.search
    .replace(/([?&])_routes=[^&]*(&|$)/, (_, before: string, after: string) => (after ? before : ""))
    .replace(/^\?$/, "");
  const pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  return `${pathname}${search}`;
}

/**
 * A try-it user opening /signup or /login gets the matching dialog on the start route instead
 * (studio-core.md §2); the query key opens it and is stripped again (generated-user-dialogs.tsx).
 */
export const GENERATED_DIALOG_PARAM = { signup: "signup", login: "login" } as const;
export const GENERATED_SIGNUP_PATH = `${START_ROUTE}?${GENERATED_DIALOG_PARAM.signup}=1`;
export const GENERATED_LOGIN_PATH = `${START_ROUTE}?${GENERATED_DIALOG_PARAM.login}=1`;
