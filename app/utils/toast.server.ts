import { type Cookie, createCookie, redirect } from "react-router";
import { getEnv } from "./env.server.ts";
import { parseToast, TOAST_COOKIE_NAME, type Toast, type ToastInput, ToastSchema } from "./toast.ts";

/**
 * Toasts across a redirect, as in the Epic Stack (utils/toast.server.ts): a flash value in a
 * cookie of its own that the root loader reads. A document request clears it at once; a data
 * request (a revalidation, `.data`) leaves it to the browser, which clears it when the toast
 * shows (clearToastCookie): a revalidation that another one overtakes is dropped, and with it the
 * toast it had taken. Hence not HttpOnly; it holds nothing secret. It is signed with
 * SESSION_SECRET so nobody can make the studio show a message it never sent.
 */

export { TOAST_COOKIE_NAME };

let cookie: Cookie | undefined;

function toastCookie(): Cookie {
  if (cookie) return cookie;
  const env = getEnv();
  cookie = createCookie(TOAST_COOKIE_NAME, {
    httpOnly: false,
    sameSite: "lax",
    secure: env.NODE_ENV === "production",
    path: "/",
    // A flash value is read on the very next request; a forgotten one must not surface days later.
    maxAge: 60,
    secrets: env.SESSION_SECRET.split(",")
      .map((secret) => secret.trim())
      .filter(Boolean),
  });
  return cookie;
}

/** Set-Cookie value that flashes a toast to the next page the browser loads. */
export function toastSetCookie(toast: ToastInput): Promise<string> {
  return toastCookie().serialize(ToastSchema.parse(toast));
}

/** A redirect that shows a toast on the page it leads to. */
export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastSetCookie(toast));
  return redirect(url, { ...init, headers });
}

/**
 * The flashed toast of a request, if any, and the Set-Cookie value that clears it (null when
 * there was no toast cookie). A cookie that is tampered with or no longer fits is cleared too.
 */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clearCookie: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${TOAST_COOKIE_NAME}=`)) return { toast: null, clearCookie: null };
  const value: unknown = await toastCookie().parse(header);
  const toast = parseToast(value);
  const dataRequest = new URL(request.url).pathname.endsWith(".data");
  const clearCookie = toast && dataRequest ? null : await toastCookie().serialize("", { maxAge: 0, expires: new Date(0) });
  return { toast, clearCookie };
}
