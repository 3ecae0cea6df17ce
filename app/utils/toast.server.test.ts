import { describe, expect, test } from "vitest";
import { readToast, redirectWithToast, TOAST_COOKIE_NAME, toastSetCookie } from "./toast.server.ts";

/** The request the browser sends next, carrying the cookie a response set. */
function nextRequest(setCookie: string | null) {
  const cookie = setCookie?.split(";")[0] ?? "";
  return new Request("http://studio.test/epaper", { headers: { Cookie: cookie } });
}

describe("toast flash cookie", () => {
  test("a redirect with a toast shows it once on the next request, which clears it", async () => {
    const response = await redirectWithToast("/epaper", { type: "success", messageKey: "errors.forbidden", params: { n: 1 } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/epaper");
    const { toast, clearCookie } = await readToast(nextRequest(response.headers.get("Set-Cookie")));
    expect(toast).toMatchObject({ type: "success", messageKey: "errors.forbidden", params: { n: 1 }, durationMs: 4000 });
    expect(toast?.id).toEqual(expect.any(String));
    expect(clearCookie).toMatch(new RegExp(`^${TOAST_COOKIE_NAME}=; .*Max-Age=0`));
  });

  test("a revalidation (a .data request) reads the toast and leaves the clearing to the browser", async () => {
    const setCookie = await toastSetCookie({ messageKey: "errors.forbidden" });
    const cookie = setCookie.split(";")[0] ?? "";
    const request = new Request("http://studio.test/epaper.data", { headers: { Cookie: cookie } });
    const first = await readToast(request);
    expect(first.toast?.messageKey).toBe("errors.forbidden");
    expect(first.clearCookie).toBeNull();
    // A second revalidation (the first one's answer was dropped) sees the same toast, same id.
    expect((await readToast(request)).toast?.id).toBe(first.toast?.id);
    expect(setCookie).not.toMatch(/HttpOnly/i);
  });

  test("no cookie, no toast and nothing to clear", async () => {
    expect(await readToast(nextRequest(null))).toEqual({ toast: null, clearCookie: null });
  });

  test("a forged or tampered cookie shows nothing and is cleared", async () => {
    const genuine = await toastSetCookie({ messageKey: "errors.forbidden" });
    const [name, value] = (genuine.split(";")[0] ?? "").split("=");
    const forgedValue = Buffer.from(JSON.stringify({ messageKey: "errors.unexpected" })).toString("base64");
    for (const cookie of [`${name}=${forgedValue}`, `${name}=${value}x`]) {
      const { toast, clearCookie } = await readToast(nextRequest(cookie));
      expect(toast).toBeNull();
      expect(clearCookie).not.toBeNull();
    }
  });
});
