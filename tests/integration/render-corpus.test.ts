import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TEST_DATABASE_URL } from "#tests/setup/test-env";
import { corpusRows } from "#tests/support/corpus";
import { type Farm, type NodeProcess, startFarm, startRenderNode } from "#tests/support/render-farm";
import { TEST_PORTS } from "#tests/support/test-ports";

/**
 * Every file of the shared corpus gets what its MANIFEST `expect` column says, through the
 * whole path (blob store → worker → render node → pages stored or a stated refusal). Files
 * that should render are rendered completely up to CORPUS_MAX_PAGES pages (default 24, so CI
 * stays fast); `CORPUS_MAX_PAGES=100000 npx vitest run tests/integration/render-corpus.test.ts`
 * renders all of them. Every refusal and every broken file always runs.
 */
const REDIS_URL = "redis://127.0.0.1:6379/11";
const MAX_PAGES = Number(process.env.CORPUS_MAX_PAGES ?? 24);

const rows = corpusRows();

const REFUSAL: Record<string, string> = {
  "refuse:password-protected": "pdfPasswordProtected",
  "refuse:not-a-pdf": "pdfNotAPdf",
  "refuse:damaged": "pdfDamaged",
};

const cases = rows.filter((row) => row.expect !== "render" || row.pages <= MAX_PAGES);

let farm: Farm;
let node: NodeProcess;

beforeAll(async () => {
  farm = await startFarm({ databaseUrl: TEST_DATABASE_URL, redisUrl: REDIS_URL, concurrency: 2 });
  // Tight limits, so the parser loop and the memory bomb in the corpus end quickly.
  node = await startRenderNode({
    port: TEST_PORTS.renderCorpusNode,
    redisUrl: REDIS_URL,
    capacity: 2,
    env: { RENDER_PAGE_TIMEOUT_S: "6", RENDER_INFO_TIMEOUT_S: "6", RENDER_MEMORY_LIMIT_MB: "1024" },
  });
}, 60_000);

afterAll(async () => {
  await node?.kill();
  await farm?.close();
});

describe("corpus: every file gets what the manifest expects", () => {
  test("the manifest covers every kind of input", () => {
    const kinds = new Set(rows.map((row) => row.expect));
    expect([...kinds].sort()).toEqual([
      "refuse:damaged",
      "refuse:not-a-pdf",
      "refuse:password-protected",
      "render",
      "render-or-refuse:damaged",
    ]);
  });

  test.each(cases)(
    "$file → $expect",
    async (row) => {
      const epaperId = await farm.createEpaper(row.file);
      await farm.render(epaperId);
      const outcome = await farm.outcome(epaperId, 180_000);
      const epaper = await farm.db.selectFrom("epaper").selectAll().where("id", "=", epaperId).executeTakeFirstOrThrow();
      const pages = await farm.readyPages(epaperId);
      // Whatever happens, nothing stays "processing".
      expect(epaper.processRunning).toBe(false);

      if (row.expect === "render" || (row.expect === "render-or-refuse:damaged" && outcome.state === "finished")) {
        expect(outcome).toMatchObject({ state: "finished" });
        if (row.expect === "render") expect(pages).toBe(row.pages);
        expect(epaper).toMatchObject({ isRendered: true, pageCount: pages });
      } else {
        // A file that may render or be refused is refused as damaged, or, when every page broke a
        // time or memory limit (the decompression bomb), as too complex to render (issue 46).
        const expected = REFUSAL[row.expect] ?? "pdfDamaged";
        const allowed = row.expect === "render-or-refuse:damaged" ? ["pdfDamaged", "pdfTooComplex"] : [expected];
        expect(outcome.state).toBe("failed");
        expect(allowed).toContain(outcome.error);
        expect(allowed).toContain(epaper.processError);
        expect(epaper).toMatchObject({ renderingFailed: true, isRendered: false });
        // A refused document leaves no page and no page file behind.
        expect(pages).toBe(0);
        expect(existsSync(path.join(farm.dataDir, "epapers", epaperId))).toBe(false);
      }
    },
    200_000,
  );
});
