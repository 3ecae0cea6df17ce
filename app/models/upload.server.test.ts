import { describe, expect, test, vi } from "vitest";
import { AppError } from "#app/errors/app-error";
import { errorToApiResponse } from "#app/errors/responses.server";
import { DemoError, Forbidden, UserNotConfirmed } from "#app/errors/app-error";
import { parseCreateEpaperForm } from "./epaper-creation.server.ts";
import { isApiErrorBody } from "#app/rules/upload-contract";
import { remainingCooldownSeconds } from "./upload.server.ts";

// The routes' behaviour end to end is in tests/integration/upload.test.ts; these are the pure rules.

describe("generated users' upload cooldown (studio-core.md §4, §9: 60 s)", () => {
  const at = new Date("2026-03-01T10:00:00.000Z");
  test.each([
    [null, 0],
    [new Date(at.getTime() - 60_000), 0],
    [new Date(at.getTime() - 59_001), 1],
    [new Date(at.getTime() - 30_000), 30],
    [at, 60],
  ])("last upload %s leaves %i seconds", (last, seconds) => {
    expect(remainingCooldownSeconds(last, at)).toBe(seconds);
  });
});

describe("the create form", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    return data;
  };

  test("trims the name and cuts it to 250 characters; an empty parentId means the root folder", () => {
    expect(parseCreateEpaperForm(form({ name: "  Spring  ", languageCode: " de ", fileId: " f1 ", parentId: "" }))).toEqual({
      name: "Spring",
      languageCode: "de",
      fileId: "f1",
      parentId: null,
    });
    expect(parseCreateEpaperForm(form({ name: `${"a".repeat(249)} b`, languageCode: "en", fileId: "f" })).name).toBe("a".repeat(249));
  });

  test("needs a name and a language", () => {
    expect(() => parseCreateEpaperForm(form({ name: "   ", languageCode: "en", fileId: "f" }))).toThrow(
      expect.objectContaining({ status: 400, messageKey: "upload.errors.nameRequired" }),
    );
    expect(() => parseCreateEpaperForm(form({ name: "x", fileId: "f" }))).toThrow(
      expect.objectContaining({ status: 400, messageKey: "upload.errors.languageNotFound" }),
    );
  });
});

describe("JSON error answers", () => {
  const answer = async (error: unknown, options?: Parameters<typeof errorToApiResponse>[1]) => {
    const response = errorToApiResponse(error, options);
    const body: unknown = await response.json();
    expect(isApiErrorBody(body)).toBe(true);
    return { status: response.status, ...(body as { error: object }).error };
  };

  test("map the permission errors of §8, with the upload variant of UserNotConfirmed", async () => {
    expect(await answer(new Forbidden("upload"))).toEqual({ status: 403, messageKey: "errors.forbidden", params: {} });
    expect(await answer(new DemoError("epaper"))).toEqual({ status: 403, messageKey: "errors.demoContent", params: {} });
    expect(await answer(new UserNotConfirmed("upload"), { userNotConfirmed: "upload.errors.userNotConfirmed" })).toEqual({
      status: 403,
      messageKey: "upload.errors.userNotConfirmed",
      params: {},
    });
  });

  test("carry an AppError's status, key, parameters and headers", async () => {
    const response = errorToApiResponse(
      new AppError("upload.errors.cooldown", { status: 429, params: { seconds: 12 }, headers: { "Retry-After": "12" } }),
    );
    expect(response.headers.get("Retry-After")).toBe("12");
    expect(await response.json()).toEqual({ error: { messageKey: "upload.errors.cooldown", params: { seconds: 12 } } });
  });

  test("answer anything else as the unexpected error with a reference that is logged", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await answer(new Error("boom"));
    expect(result).toMatchObject({
      status: 500,
      messageKey: "errors.unexpected",
      params: { reference: expect.stringMatching(/^[0-9a-f]{12}$/) },
    });
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});
