import { Reason } from "@ep/proto/epaper/render/v1/render_pb";
import { describe, expect, test } from "vitest";
import de from "#app/locales/de";
import en from "#app/locales/en";
import { failureOfReason, RENDER_FAILURES } from "./render-failure.ts";

describe("render failures", () => {
  test("every failure key has its own text in German and English", () => {
    for (const failure of RENDER_FAILURES) {
      expect(en.render.errors[failure]).toMatch(/\S/);
      expect(de.render.errors[failure]).toMatch(/\S/);
      expect(de.render.errors[failure]).not.toBe(en.render.errors[failure]);
    }
    expect(new Set(RENDER_FAILURES.map((failure) => en.render.errors[failure])).size).toBe(RENDER_FAILURES.length);
  });

  test("each refusal of a node maps to its own message; node trouble is not a refusal", () => {
    expect(failureOfReason(Reason.PASSWORD_PROTECTED)).toBe("pdfPasswordProtected");
    expect(failureOfReason(Reason.NOT_A_PDF)).toBe("pdfNotAPdf");
    expect(failureOfReason(Reason.DAMAGED)).toBe("pdfDamaged");
    expect(failureOfReason(Reason.TOO_LARGE)).toBe("pdfTooLarge");
    // A failed download can succeed on another node or a retry.
    expect(failureOfReason(Reason.DOWNLOAD_FAILED)).toBeNull();
  });
});
