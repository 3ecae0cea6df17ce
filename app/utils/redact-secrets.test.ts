import { randomBytes } from "node:crypto";
import { expect, test } from "vitest";
import { redactPath, SECRET_LOOKING } from "./redact-secrets.ts";

const token = randomBytes(32).toString("base64url");

test("a request path's one-time token or preview hash never reaches a log line (issue 44)", () => {
  expect(redactPath(`/auth/password-reset/with/${token}`)).toBe("/auth/password-reset/with/[secret]");
  expect(redactPath(`/deactivate-email/zipReady/with/${token}`)).toBe("/deactivate-email/zipReady/with/[secret]");
  expect(redactPath(`/upload-embedded/continue/${token}`)).toBe("/upload-embedded/continue/[secret]");
  // A malformed token is still the token's place; a preview link's hash is as long as one.
  expect(redactPath("/auth/signup/with/short")).toBe("/auth/signup/with/[secret]");
  expect(redactPath(`/protected-sharing/previewlink/${"a1".repeat(24)}`)).toBe("/protected-sharing/previewlink/[secret]");
  // Ids and ordinary paths stay readable.
  expect(redactPath("/epaper/ckx9y2x1k0000qzrmn3v4b5c6/pages")).toBe("/epaper/ckx9y2x1k0000qzrmn3v4b5c6/pages");
  expect(redactPath("/support/emailJobs.data")).toBe("/support/emailJobs.data");
});

test("the net for secrets catches links with tokens and bare tokens, not ids", () => {
  expect(SECRET_LOOKING.test(`https://studio.test/auth/email-reset/with/${token}`)).toBe(true);
  expect(SECRET_LOOKING.test(`{"token":"${token}"}`)).toBe(true);
  expect(SECRET_LOOKING.test('{"id":"ckx9y2x1k0000qzrmn3v4b5c6","link":"[secret]"}')).toBe(false);
});
