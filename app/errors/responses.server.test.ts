import { describe, expect, test, vi } from "vitest";
import { redirect } from "react-router";
import { DemoError, Forbidden, TooManyRequests, UserNotConfirmed } from "./app-error.ts";
import { withErrorToasts } from "./responses.server.ts";
import { readToast } from "#app/utils/toast.server";

/** The request the browser sends next, carrying the cookie a response set. */
function nextRequest(setCookie: string | null) {
  const cookie = setCookie?.split(";")[0] ?? "";
  return new Request("http://studio.test/epaper", { headers: { Cookie: cookie } });
}

describe("withErrorToasts (actions)", () => {
  test.each([
    [new Forbidden("preferences"), 403, "errors.forbidden"],
    [new DemoError("epaper"), 403, "errors.demoContent"],
    [new UserNotConfirmed("upload"), 403, "errors.userNotConfirmed"],
  ])("%s becomes its status and toast instead of the 500 page", async (error, status, messageKey) => {
    const result = await withErrorToasts(() => {
      throw error;
    });
    if (!("init" in result) || !result.init) throw new Error("expected data() with a status");
    expect(result.init.status).toBe(status);
    expect(result.data).toEqual({ ok: false, error: error.name });
    const setCookie = new Headers(result.init.headers).get("Set-Cookie");
    const { toast } = await readToast(nextRequest(setCookie));
    expect(toast).toMatchObject({ type: "error", messageKey });
  });

  test("a rate limit answers 429 with Retry-After and 'too many attempts' with the minutes left", async () => {
    const result = await withErrorToasts(() => {
      throw new TooManyRequests("account-mail-user", 90_000);
    });
    if (!("init" in result) || !result.init) throw new Error("expected data() with a status");
    expect(result.init.status).toBe(429);
    expect(result.data).toEqual({ ok: false, error: "TooManyRequests" });
    const headers = new Headers(result.init.headers);
    expect(headers.get("Retry-After")).toBe("90");
    const { toast } = await readToast(nextRequest(headers.get("Set-Cookie")));
    expect(toast).toMatchObject({ type: "error", messageKey: "errors.tooManyAttempts", params: { minutes: 2 } });
  });

  test("an unexpected error is logged with a reference that its report toast carries", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await withErrorToasts(async () => {
      throw new TypeError("boom");
    });
    if (!("init" in result) || !result.init) throw new Error("expected data() with a status");
    expect(result.init.status).toBe(500);
    const { toast } = await readToast(nextRequest(new Headers(result.init.headers).get("Set-Cookie")));
    expect(toast).toMatchObject({ messageKey: "errors.unexpected", durationMs: null });
    const reference = toast?.report?.reference;
    expect(reference).toMatch(/^[0-9a-f]{12}$/);
    expect(String(log.mock.calls[0]?.[0])).toContain(reference);
    log.mockRestore();
  });

  test("redirects and results pass through untouched", async () => {
    expect(await withErrorToasts(() => ({ ok: true }))).toEqual({ ok: true });
    await expect(
      withErrorToasts(() => {
        throw redirect("/login");
      }),
    ).rejects.toBeInstanceOf(Response);
  });
});
