import { describe, expect, test } from "vitest";
import { pageOfIndex, pageWindow } from "./epaper-grid.server.ts";

describe("pageWindow (upload card first on page 1)", () => {
  test("page 1 holds one ePaper less than the capacity", () => {
    expect(pageWindow({ page: 1, size: 10, total: 25, uploadCard: true })).toEqual({ page: 1, pageCount: 3, offset: 0, limit: 9 });
    expect(pageWindow({ page: 2, size: 10, total: 25, uploadCard: true })).toEqual({ page: 2, pageCount: 3, offset: 9, limit: 10 });
    expect(pageWindow({ page: 3, size: 10, total: 25, uploadCard: true })).toEqual({ page: 3, pageCount: 3, offset: 19, limit: 10 });
  });

  test("one page while everything fits beside the upload card; pages out of range are clamped", () => {
    expect(pageWindow({ page: 1, size: 10, total: 9, uploadCard: true }).pageCount).toBe(1);
    expect(pageWindow({ page: 1, size: 10, total: 10, uploadCard: true }).pageCount).toBe(2);
    expect(pageWindow({ page: 9, size: 10, total: 0, uploadCard: true })).toEqual({ page: 1, pageCount: 1, offset: 0, limit: 9 });
  });

  test("without the upload card (search results) pages are full", () => {
    expect(pageWindow({ page: 2, size: 10, total: 25, uploadCard: false })).toEqual({ page: 2, pageCount: 3, offset: 10, limit: 10 });
  });

  test("pageOfIndex agrees with pageWindow", () => {
    for (const uploadCard of [true, false]) {
      for (let index = 0; index < 40; index++) {
        const page = pageOfIndex(index, 7, uploadCard);
        const window = pageWindow({ page, size: 7, total: 40, uploadCard });
        expect(index >= window.offset && index < window.offset + window.limit, `index ${index}`).toBe(true);
      }
    }
  });
});
