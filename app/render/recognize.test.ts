import { describe, expect, it } from "vitest";
import { needsRecognition, ocrReadsMore } from "./recognize.server.ts";

describe("which pages OCR reads", () => {
  it("a page without text, or with no more than a stamped page number, is read", () => {
    expect(needsRecognition(null)).toBe(true);
    expect(needsRecognition("")).toBe(true);
    expect(needsRecognition(" \n 12 \n")).toBe(true);
    expect(needsRecognition("S. 12")).toBe(true);
  });

  it("a page with text of its own is not, in any script", () => {
    expect(needsRecognition("Gemeinderat")).toBe(false);
    expect(needsRecognition("日本語の新聞")).toBe(false);
    expect(needsRecognition("Новости дня")).toBe(false);
  });
});

describe("what OCR's reading replaces", () => {
  it("a PDF's short text stays when OCR reads no more of it; a stamped number gives way to the scan's text", () => {
    expect(ocrReadsMore("Stay 1", "stay 1")).toBe(false);
    expect(ocrReadsMore("12", "Der Gemeinderat tagt am Montag")).toBe(true);
    expect(ocrReadsMore(null, "")).toBe(false);
  });
});
