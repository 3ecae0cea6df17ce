import { loadSettings, toSettings } from "#app/publish/reader-settings.server";
import type { AccessibilityCheck, AccessibilityReport } from "#app/rules/accessibility-report";
import type { PermissionSubject } from "#app/rules/permissions";
import type { Database } from "#db/client";
import { readableControls } from "../../publisher/src/contrast.ts";
import { accountEpaperFor } from "./epaper-access.server.ts";

/** An OCR'd page read with less mean confidence than this is worth a look (Tesseract's words, 0–100). */
const LOW_OCR_CONFIDENCE = 70;
/** Pages named per check at most: the rest are counted. */
const NAMED_PAGES = 20;
/** Links that without a title say only "Open link" (an internal link says its page, a mail link its address). */
const UNNAMED_LINK_KINDS = ["externalLink"];
const LINK_KINDS = ["internalLink", "externalLink", "mailtoLink"];

/**
 * The accessibility report of one ePaper (issue 47 item 5, ADR 0067): what a reader with a
 * screen reader, large text or a phone gets from it, as a checklist. Every check reads what the
 * publisher would publish now (visible pages, their text, the media elements, the reader's
 * settings, the table of contents) and says pass, warn, fail or info, with the pages concerned.
 */
export async function accessibilityReport(db: Database, subject: PermissionSubject, epaperId: string): Promise<AccessibilityReport> {
  const epaper = await accountEpaperFor(db, subject, epaperId, "epaperDetails");
  const [row, pages, media, settingsRow, toc] = await Promise.all([
    db
      .selectFrom("epaper")
      .leftJoin("upload", "upload.id", "epaper.sourceUploadId")
      .leftJoin("epaperLanguage", "epaperLanguage.code", "epaper.languageCode")
      .select([
        "epaper.name",
        "epaper.languageCode",
        "epaper.isRendered",
        "upload.originalName",
        "epaperLanguage.nativeName as languageName",
      ])
      .where("epaper.id", "=", epaper.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("page")
      .select(["page", "text", "ocrState", "ocrConfidence"])
      .where("epaperId", "=", epaper.id)
      .where("isHidden", "=", false)
      .orderBy("page")
      .execute(),
    db
      .selectFrom("pageMedia")
      .innerJoin("page", "page.id", "pageMedia.pageId")
      .innerJoin("pageMediaType", "pageMediaType.id", "pageMedia.pageMediaTypeId")
      .select(["page.page", "pageMedia.title", "pageMediaType.name as kind"])
      .where("page.epaperId", "=", epaper.id)
      .where("page.isHidden", "=", false)
      .orderBy("page.page")
      .execute(),
    loadSettings(db, epaper.id),
    db
      .selectFrom("tocItem")
      .select((eb) => eb.fn.countAll<number>().as("entries"))
      .where("epaperId", "=", epaper.id)
      .where("enabled", "=", true)
      .executeTakeFirstOrThrow(),
  ]);
  const settings = toSettings(settingsRow, () => null, null);
  const checks: AccessibilityCheck[] = [
    languageCheck(row.languageCode, row.languageName),
    titleCheck(row.name, row.originalName),
    textCheck(pages),
    { id: "readingOrder", status: "info", source: "layout" },
    altTextCheck(media.filter((item) => !LINK_KINDS.includes(item.kind))),
    linkNameCheck(media.filter((item) => UNNAMED_LINK_KINDS.includes(item.kind))),
    contrastCheck(settings.interfaceColor, settingsRow?.darkControlsActive ?? true),
    { id: "toc", status: settings.toc.enabled && Number(toc.entries) > 0 ? "pass" : "warn" },
  ];
  const failed = checks.filter((check) => check.status === "fail").length;
  const warned = checks.filter((check) => check.status === "warn").length;
  return { epaperId: epaper.id, rendered: row.isRendered, checks, summary: { failed, warned } };
}

function pagesOf(numbers: number[]) {
  return { pages: numbers.slice(0, NAMED_PAGES), count: numbers.length };
}

/** A language the studio knows: the reader's <html lang>, a screen reader's voice and hyphenation follow it. */
function languageCheck(code: string, name: string | null): AccessibilityCheck {
  return name ? { id: "language", status: "pass", value: name } : { id: "language", status: "fail", value: code };
}

/** A title that is only the uploaded file's name says nothing to a screen reader's user. */
function titleCheck(name: string, fileName: string | null): AccessibilityCheck {
  const bare = (value: string) =>
    value
      .replace(/\.pdf$/i, "")
      .trim()
      .toLowerCase();
  if (!name.trim()) return { id: "title", status: "fail" };
  if (fileName && bare(name) === bare(fileName)) return { id: "title", status: "warn", value: name };
  return { id: "title", status: "pass", value: name };
}

function textCheck(
  pages: { page: number; text: string | null; ocrState: string | null; ocrConfidence: number | null }[],
): AccessibilityCheck {
  // A page number alone is no text a reader reads.
  const hasText = (text: string | null) => /\p{L}/u.test(text ?? "");
  const pending = pages.filter((page) => page.ocrState === "pending").map((page) => page.page);
  const without = pages.filter((page) => page.ocrState !== "pending" && !hasText(page.text)).map((page) => page.page);
  const ocr = pages.filter((page) => page.ocrState === "done" && page.ocrConfidence !== null);
  const uncertain = ocr.filter((page) => (page.ocrConfidence ?? 100) < LOW_OCR_CONFIDENCE).map((page) => page.page);
  const confidence = ocr.length ? Math.min(...ocr.map((page) => page.ocrConfidence ?? 100)) : null;
  const status = without.length ? "fail" : pending.length ? "info" : uncertain.length ? "warn" : "pass";
  return {
    id: "text",
    status,
    total: pages.length,
    without: pagesOf(without),
    pending: pending.length,
    ocr: { count: ocr.length, lowestConfidence: confidence, uncertain: pagesOf(uncertain) },
  };
}

function altTextCheck(media: { page: number; title: string | null }[]): AccessibilityCheck {
  const missing = media.filter((item) => !item.title?.trim()).map((item) => item.page);
  return { id: "altText", status: missing.length ? "fail" : "pass", total: media.length, missing: pagesOf(missing) };
}

function linkNameCheck(links: { page: number; title: string | null }[]): AccessibilityCheck {
  const missing = links.filter((item) => !item.title?.trim()).map((item) => item.page);
  // A link without a title still has a name ("Go to page 3", "Open link"), only not one that says where it goes.
  return { id: "linkNames", status: missing.length ? "warn" : "pass", total: links.length, missing: pagesOf(missing) };
}

function contrastCheck(interfaceColor: string, wantDark: boolean): AccessibilityCheck {
  const controls = readableControls(interfaceColor, wantDark);
  const ratio = Number.isFinite(controls.contrast) ? Math.round(controls.contrast * 10) / 10 : null;
  if (ratio === null || ratio < 4.5) return { id: "contrast", status: "fail", ratio };
  return { id: "contrast", status: controls.switched ? "warn" : "pass", ratio };
}
