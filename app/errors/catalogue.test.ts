import { describe, expect, test } from "vitest";
import de from "#app/locales/de";
import en from "#app/locales/en";
import { DemoError, Forbidden, NotImplemented, UserNotConfirmed } from "./app-error.ts";
import { GLOBAL_ERROR_NAMES, GLOBAL_ERRORS, globalErrorName } from "./catalogue.ts";
import { errorOutcome } from "./outcome.ts";

// Expected texts are copied from studio-core.md §8 / studio-admin.md §8 by hand.

function text(messages: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
}

function named(name: string, extra: Record<string, unknown> = {}) {
  return Object.assign(new Error("from the server"), { name, ...extra });
}

describe("global error table", () => {
  test.each([
    ["NotImplemented", 501, "info", "This function has not been implemented yet"],
    ["NotAuthenticated", 401, "error", "Invalid credentials"],
    [
      "UserNotConfirmed",
      403,
      "error",
      "You do not have authorisation for this action. Please check your email inbox and confirm your registration.",
    ],
    ["DemoError", 403, "error", "This action cannot be applied to demo content"],
    ["ActiveShopSubscriptionsDetected", 409, "error", "Action cannot be executed because active subscriptions are still running"],
    ["Forbidden", 403, "error", "This action is not allowed."],
  ])("%s answers %i with a %s toast saying the spec's text", (name, status, type, english) => {
    const outcome = errorOutcome(named(name));
    expect(outcome.status).toBe(status);
    expect(outcome.unexpected).toBe(false);
    expect(outcome.toast?.type).toBe(type);
    expect(outcome.toast?.durationMs).toBeUndefined(); // the default 4000 ms applies
    expect(text(en, outcome.toast?.messageKey ?? "")).toBe(english);
  });

  test("every message exists in German and English", () => {
    for (const name of GLOBAL_ERROR_NAMES) {
      const key = GLOBAL_ERRORS[name].message?.key;
      if (!key) continue;
      expect(typeof text(en, key), `${name} en`).toBe("string");
      expect(typeof text(de, key), `${name} de`).toBe("string");
    }
  });

  test("Unavailable is only logged: a status, no toast", () => {
    expect(errorOutcome(named("Unavailable"))).toEqual({ status: 503, toast: null, unexpected: false });
  });

  test("an expired or revoked login is 'Session expired', not 'Invalid credentials'", () => {
    for (const error of [
      named("NotAuthenticated", { message: "Token revoked" }),
      named("NotAuthenticated", { code: "REVOKED_TOKEN" }),
      named("NotAuthenticated", { data: { name: "TokenExpiredError" } }),
    ]) {
      const toast = errorOutcome(error).toast;
      expect(toast).toEqual({ type: "info", messageKey: "errors.sessionExpired" });
      expect(text(en, "errors.sessionExpired")).toBe("Session expired. Please log in again.");
    }
  });

  test("the studio's own error classes are recognised by name", () => {
    expect(globalErrorName(new Forbidden("support"))).toBe("Forbidden");
    expect(globalErrorName(new DemoError("epaper"))).toBe("DemoError");
    expect(globalErrorName(new UserNotConfirmed("upload"))).toBe("UserNotConfirmed");
    expect(globalErrorName(new NotImplemented("support writes"))).toBe("NotImplemented");
  });

  test("anything else is unexpected: stays until closed and offers an error report", () => {
    const outcome = errorOutcome(new TypeError("x is undefined"), { reference: "abc123" });
    expect(outcome).toEqual({
      status: 500,
      unexpected: true,
      toast: { type: "error", messageKey: "errors.unexpected", durationMs: null, report: { reference: "abc123" } },
    });
    expect(text(en, "errors.unexpected")).toBe("An unexpected error has occurred. Please contact the support.");
    expect(errorOutcome("a string").unexpected).toBe(true);
    expect(errorOutcome(null).unexpected).toBe(true);
  });
});
