import { expect, test } from "vitest";
import { bodyLimitFor } from "./body-limits.ts";

const MB = 1024 * 1024;

test("uploads get their file's limit and the framing; everything else the default (undefined)", () => {
  expect(bodyLimitFor("/upload-pdf", 150 * MB)).toBe(151 * MB);
  expect(bodyLimitFor("/api/v1/uploads", 150 * MB)).toBe(151 * MB);
  expect(bodyLimitFor("/resources/upload-gallery-image", 150 * MB)).toBe(11 * MB);
  expect(bodyLimitFor("/epaper/abc123/settings/image", 150 * MB)).toBe(10_000 * 1024 + MB);
  expect(bodyLimitFor("/support/news.data", 150 * MB)).toBe(2000 * 1024 + MB);
  expect(bodyLimitFor("/support/news", 150 * MB)).toBe(2000 * 1024 + MB);
  for (const path of ["/support/accounts.data", "/epaper/abc/settings", "/epaper/a/b/settings/image", "/resources/upload-gallery-image/x"])
    expect(bodyLimitFor(path, 150 * MB)).toBeUndefined();
});
