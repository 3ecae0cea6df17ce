import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TEST_DATABASE_URL } from "#tests/setup/test-env";
import { brokenEmbeddedCidFontPdf, invisibleTextPdf, nonEmbeddedJapanesePdf } from "#tests/support/generated-pdf";
import { CORPUS, type Farm, type NodeProcess, startFarm, startRenderNode } from "#tests/support/render-farm";
import { scannedCopy } from "#tests/support/scanned-pdf";
import { TEST_PORTS } from "#tests/support/test-ports";

/**
 * Issue 15 §0c: fonts a PDF names but does not embed are drawn from the machine's fonts through
 * poppler-data (installed by `npm start`, `npm test` and the Dockerfile), and a page that still
 * renders blank although it has text is kept and marked for support (supervision 'low').
 */
// Its own database (the upload suite has 7): a farm empties its database and lists its nodes there.
const REDIS_URL = "redis://127.0.0.1:6379/8";

let farm: Farm;
let node: NodeProcess;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "render-fonts-"));
  farm = await startFarm({ databaseUrl: TEST_DATABASE_URL, redisUrl: REDIS_URL });
  node = await startRenderNode({ port: TEST_PORTS.renderFontsNode, redisUrl: REDIS_URL, capacity: 1 });
}, 60_000);

afterAll(async () => {
  await node?.kill();
  await farm?.close();
  await rm(folder, { recursive: true, force: true });
});

async function renderGenerated(name: string, data: Buffer) {
  const file = path.join(folder, name);
  await writeFile(file, data);
  const epaperId = await farm.createEpaper(file, 1);
  await farm.render(epaperId);
  expect(await farm.outcome(epaperId)).toMatchObject({ state: "finished" });
  return farm.db.selectFrom("page").select(["text", "supervision"]).where("epaperId", "=", epaperId).executeTakeFirstOrThrow();
}

describe("fonts that are not embedded", () => {
  test("Japanese in a non-embedded Adobe-Japan1 font renders and its text is found", async () => {
    const page = await renderGenerated("japanese.pdf", nonEmbeddedJapanesePdf());
    expect(page.text).toContain("日本語の新聞");
    // 'none': the page image is not blank (a blank page with text would be 'low', see below).
    expect(page.supervision).toBe("none");
  });

  test("a font poppler cannot load is drawn by the second renderer (pdf.js): the page is not blank, nothing to check", async () => {
    const page = await renderGenerated("broken-cid.pdf", brokenEmbeddedCidFontPdf());
    expect(page.text).toContain("HOOR");
    // 'low' without the second renderer: poppler alone draws this page blank.
    expect(page.supervision).toBe("none");
  });

  test("a page that renders blank although it has text (in both renderers) is kept and supervised", async () => {
    const page = await renderGenerated("invisible.pdf", invisibleTextPdf());
    expect(page.text).toContain("Nothing to see here");
    expect(page.supervision).toBe("low");
  });
});

describe("pages without text: OCR after the render (issue 47)", () => {
  async function pageRow(epaperId: string) {
    return farm.db
      .selectFrom("page")
      .select(["text", "ocrState", "ocrConfidence", "renditions", "blobPrefix"])
      .where("epaperId", "=", epaperId)
      .executeTakeFirstOrThrow();
  }

  test("a scanner's page is read once it is rendered: words, text and blocks replace its empty ones, and nothing waits any more", async () => {
    // The corpus's scanner page carries its word as text as well: a copy as a bare scan has none.
    const epaperId = await farm.createEpaper(
      await scannedCopy(path.join(CORPUS, "pdfjs__scan-bad.pdf"), 1, { widthPt: 612, heightPt: 792 }),
      1,
    );
    await farm.render(epaperId);
    expect(await farm.outcome(epaperId)).toMatchObject({ state: "finished" });
    // The render ended without waiting for the OCR, which then reads the page.
    await expect.poll(async () => (await pageRow(epaperId)).ocrState, { timeout: 60_000, interval: 200 }).toBe("done");
    const page = await pageRow(epaperId);
    expect(page.text).toBe("pdf.js");
    expect(page.ocrConfidence).toBeGreaterThan(80);
    // The OCR's files have names of their own (a write that lost a race never touches a page's files); the images stay.
    const renditions = page.renditions as { words: string; blocks: string; images: unknown[] };
    expect(renditions.words).toMatch(/^ocr-words-\w+\.json$/);
    expect(renditions.blocks).toMatch(/^ocr-blocks-\w+\.json$/);
    expect(renditions.images.length).toBeGreaterThan(0);
    const words = JSON.parse(String(await farm.blobs.read(`${page.blobPrefix}/${renditions.words}`))) as [string, number, number][];
    expect(words.map((word) => word[0])).toEqual(["pdf.js"]);
    const blocks = JSON.parse(String(await farm.blobs.read(`${page.blobPrefix}/${renditions.blocks}`)));
    expect(blocks).toMatchObject({ v: 1, blocks: [{ kind: "paragraph", text: "pdf.js" }] });
    const epaper = await farm.db.selectFrom("epaper").select("ocrPending").where("id", "=", epaperId).executeTakeFirstOrThrow();
    expect(epaper.ocrPending).toBe(0);
  });

  test("a page whose short text OCR reads no more of keeps the PDF's own text, and no confidence", async () => {
    const epaperId = await farm.createEpaper("pdfjs__scan-bad.pdf", 1);
    await farm.render(epaperId);
    expect(await farm.outcome(epaperId)).toMatchObject({ state: "finished" });
    await expect.poll(async () => (await pageRow(epaperId)).ocrState, { timeout: 60_000, interval: 200 }).toBe("done");
    expect(await pageRow(epaperId)).toMatchObject({
      text: "pdf.js",
      ocrConfidence: null,
      renditions: expect.objectContaining({ words: "words.json" }),
    });
  });

  test("a page whose PDF has its text is never read by OCR", async () => {
    const page = await renderGenerated("japanese-again.pdf", nonEmbeddedJapanesePdf());
    expect(page.text).toContain("日本語の新聞");
    const row = await farm.db.selectFrom("page").select("ocrState").where("text", "=", page.text).executeTakeFirstOrThrow();
    expect(row.ocrState).toBeNull();
  });
});
