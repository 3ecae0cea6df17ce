import { createId } from "@paralleldrive/cuid2";
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RenderProgressEvent } from "#app/events/catalogue";
import { analyzeBlob } from "#app/render/analyze.server";
import { listRenderNodes } from "#app/render/node-registry.server";
import { renderClientFor } from "#app/render/render-client.server";
import { createWorkerMetrics } from "#app/render/render-metrics.server";
import { EpaperInProcess } from "#app/lifecycle/epaper-process.server";
import { TEST_DATABASE_URL } from "#tests/setup/test-env";
import { Forbidden } from "#app/errors/app-error";
import { renderNodeView } from "#app/models/support/render-node-view.server";
import { permissionSubject } from "#tests/support/permission-subject";
import { CORPUS, type Farm, fileOf, type NodeProcess, SECRET, startFarm, startRenderNode, TOKEN } from "#tests/support/render-farm";
import { TEST_PORTS } from "#tests/support/test-ports";
import { declaredImageBombPdf } from "#tests/support/generated-pdf";

// A Redis database of its own: this file's nodes and queue never meet another file's.
const REDIS_URL = "redis://127.0.0.1:6379/12";

let farm: Farm;
let nodeA: NodeProcess;
let nodeB: NodeProcess;

beforeAll(async () => {
  farm = await startFarm({ databaseUrl: TEST_DATABASE_URL, redisUrl: REDIS_URL });
  [nodeA, nodeB] = await Promise.all([
    startRenderNode({ port: TEST_PORTS.renderFarmNodeA, redisUrl: REDIS_URL, capacity: 1 }),
    startRenderNode({ port: TEST_PORTS.renderFarmNodeB, redisUrl: REDIS_URL, capacity: 1 }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([nodeA?.kill(), nodeB?.kill()]);
  await farm?.close();
});

const progressOf = (epaperId: string) =>
  farm.events.filter((event): event is RenderProgressEvent => event.type === "renderProgress" && event.epaperId === epaperId);

async function pageRows(epaperId: string) {
  return farm.db.selectFrom("page").selectAll().where("epaperId", "=", epaperId).orderBy("page").execute();
}

async function childCommands(pid: number | undefined) {
  if (!pid) return [];
  try {
    return execFileSync("ps", ["--ppid", String(pid), "-o", "comm="], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean);
  } catch {
    return []; // ps exits 1 when there are no children
  }
}

describe("render farm", () => {
  test("renders a corpus PDF completely: page count, sizes, images, text, progress in order", async () => {
    const epaperId = await farm.createEpaper("pdfjs__tracemonkey.pdf", 14);
    await farm.render(epaperId);
    expect(await farm.outcome(epaperId)).toMatchObject({ state: "finished" });

    const pages = await pageRows(epaperId);
    expect(pages.map((page) => page.page)).toEqual(Array.from({ length: 14 }, (_, index) => index + 1));
    for (const page of pages) {
      expect([page.width, page.height, page.rotation, page.supervision]).toEqual([612, 792, 0, "none"]);
      const renditions = page.renditions as { images: { width: number; height: number; file: string }[] };
      // Heights follow the page's proportions (792/612), give or take poppler's rounding.
      expect(renditions.images.map((image) => image.width)).toEqual([1600, 800]);
      for (const image of renditions.images) expect(Math.abs(image.height - (image.width * 792) / 612)).toBeLessThanOrEqual(1.5);
      const webp = await readFile(fileOf(farm, `${page.blobPrefix}/w800.webp`));
      expect(webp.subarray(8, 12).toString("latin1")).toBe("WEBP");
      expect(existsSync(fileOf(farm, `${page.blobPrefix}/thumb.webp`))).toBe(true);
    }
    expect(pages[0]?.text).toContain("Trace-based Just-in-Time");
    const words = JSON.parse(await readFile(fileOf(farm, `${pages[0]?.blobPrefix}/words.json`), "utf8")) as unknown[][];
    expect(words.length).toBeGreaterThan(100);
    expect(words[0]).toHaveLength(5);
    // Beside the words, the page's text as blocks (issue 47): the paper's title is its first heading.
    const stored = JSON.parse(await readFile(fileOf(farm, `${pages[0]?.blobPrefix}/blocks.json`), "utf8")) as {
      v: number;
      blocks: { kind: string; level?: number; text?: string }[];
    };
    expect(stored.v).toBe(1);
    expect(stored.blocks.find((block) => block.kind === "heading")).toMatchObject({
      level: 1,
      text: expect.stringContaining("Trace-based"),
    });
    expect((pages[0]?.renditions as { blocks?: string } | undefined)?.blocks).toBe("blocks.json");

    const epaper = await farm.db.selectFrom("epaper").selectAll().where("id", "=", epaperId).executeTakeFirstOrThrow();
    expect(epaper).toMatchObject({ isRendered: true, pageCount: 14, processRunning: false, processType: null, renderingFailed: false });
    expect(epaper.coverBlobKey).toMatch(/\/1\/w800\.webp$/);
    const process = await farm.db.selectFrom("renderProcess").selectAll().where("epaperId", "=", epaperId).executeTakeFirstOrThrow();
    expect(process).toMatchObject({ active: false, pageCount: 14, pageCountReady: 14, downloadDone: true, splitDone: true });
    expect([`http://127.0.0.1:${TEST_PORTS.renderFarmNodeA}`, `http://127.0.0.1:${TEST_PORTS.renderFarmNodeB}`]).toContain(
      process.renderserverUrl,
    );

    // Progress arrives in order: download and split first, then the first page at once, then
    // counts that only go up (at most one record every 250 ms), ending with every page.
    const progress = progressOf(epaperId);
    expect(progress[0]).toMatchObject({ downloadDone: true, pageCountReady: 0 });
    const counts = progress.map((event) => event.pageCountReady).filter((count) => count > 0);
    expect(counts[0]).toBe(1);
    expect(counts.at(-1)).toBe(14);
    expect(counts.every((count, index) => index === 0 || count > (counts[index - 1] ?? 0))).toBe(true);
    expect(progress.at(-1)).toMatchObject({ pageCount: 14, pageCountReady: 14, splitDone: true });
  });

  test("keeps rotation, PDF links and the outline as table of contents", async () => {
    const rotated = await farm.createEpaper("qpdf__rotated.pdf");
    const links = await farm.createEpaper("qpdf__link-annots.pdf");
    const outline = await farm.createEpaper("pdfjs__nested_outline.pdf");
    for (const id of [links, outline]) await farm.db.insertInto("epaperSetting").values({ id: createId(), epaperId: id }).execute();
    for (const id of [rotated, links, outline]) await farm.render(id);
    for (const id of [rotated, links, outline]) expect(await farm.outcome(id)).toMatchObject({ state: "finished" });

    const rotatedPages = await pageRows(rotated);
    expect(rotatedPages).toHaveLength(20);
    expect(rotatedPages.slice(0, 4).map((page) => [page.width, page.height, page.rotation])).toEqual([
      [612, 792, 0],
      [612, 792, 180],
      [792, 612, 270],
      [792, 612, 90],
    ]);
    const landscape = rotatedPages[2]?.renditions as { images: { width: number; height: number }[] };
    expect(landscape.images[0]?.width).toBe(1600);
    expect(Math.abs((landscape.images[0]?.height ?? 0) - (1600 * 612) / 792)).toBeLessThanOrEqual(1.5);

    const linkPages = await pageRows(links);
    const allLinks = linkPages.flatMap((page) => page.links as { page?: number; uri?: string; x: number; w: number }[]);
    expect(allLinks.length).toBe(16);
    expect(allLinks.some((link) => link.page === 3)).toBe(true);
    for (const link of allLinks) expect(link.x + link.w).toBeLessThanOrEqual(1);

    const toc = await farm.db.selectFrom("tocItem").selectAll().where("epaperId", "=", outline).orderBy("position").execute();
    expect(toc.length).toBe(9);
    expect(new Set(toc.map((item) => item.indent)).size).toBeGreaterThan(1);
    // An outline switches the reader's table of contents on; without one it stays off.
    const tocEnabled = async (id: string) =>
      (await farm.db.selectFrom("epaperSetting").select("tocEnabled").where("epaperId", "=", id).executeTakeFirstOrThrow()).tocEnabled;
    expect(await tocEnabled(outline)).toBeTruthy();
    expect(await tocEnabled(links)).toBeFalsy();
  });

  test("Analyze describes a stored PDF: pages, sizes, encryption, outline, links; refusals have their reason", async () => {
    await farm.blobs.put("bench/links.pdf", await readFile(path.join(CORPUS, "qpdf__link-annots.pdf")));
    await farm.blobs.put("bench/owner.pdf", await readFile(path.join(CORPUS, "pdfminer__dmca.pdf")));
    await farm.blobs.put("bench/password.pdf", await readFile(path.join(CORPUS, "opf__simple-open-password.pdf")));
    await farm.blobs.put("bench/docx.pdf", await readFile(path.join(CORPUS, "opf__renamed_lorem-ipsum.docx.pdf")));
    const links = await analyzeBlob(farm.deps, "bench/links.pdf", { includeLinks: true });
    expect(links.pageCount).toBe(4);
    expect(links.pages[0]).toEqual({ page: 1, widthPt: 612, heightPt: 792, rotation: 0 });
    expect(links.links.flatMap((entry) => entry.links)).toHaveLength(16);
    expect(links.ownerEncrypted).toBe(false);
    const owner = await analyzeBlob(farm.deps, "bench/owner.pdf");
    expect([owner.pageCount, owner.ownerEncrypted]).toEqual([18, true]);
    await expect(analyzeBlob(farm.deps, "bench/password.pdf")).rejects.toMatchObject({ failure: "pdfPasswordProtected" });
    await expect(analyzeBlob(farm.deps, "bench/docx.pdf")).rejects.toMatchObject({ failure: "pdfNotAPdf" });
    // An image declaring 60,000² pixels on every page: too complex, said at once (issue 46).
    await farm.blobs.put("bench/declared-bomb.pdf", declaredImageBombPdf());
    await expect(analyzeBlob(farm.deps, "bench/declared-bomb.pdf")).rejects.toMatchObject({ failure: "pdfTooComplex" });
  });

  test("a double submit never renders twice", async () => {
    const epaperId = await farm.createEpaper("pypdf__libre-office-link.pdf", 1);
    const first = await farm.render(epaperId);
    await expect(farm.render(epaperId)).rejects.toBeInstanceOf(EpaperInProcess);
    // Even a second enqueue of the same render (another studio instance) is the same job.
    await farm.queue.add("render-epaper", first, { jobId: `render-${epaperId}-r${first.revision}` });
    expect(await farm.outcome(epaperId)).toMatchObject({ state: "finished" });
    const jobs = await farm.queue.getJobs(["completed", "active", "waiting", "delayed"]);
    expect(jobs.filter((job) => job.data.epaperId === epaperId)).toHaveLength(1);
  });

  test("cancel stops the render, its node work and leaves no pages or files", async () => {
    const epaperId = await farm.createEpaper("pdflib__linearized_with_object_streams.pdf", 206);
    await farm.render(epaperId);
    while ((await farm.readyPages(epaperId)) < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await farm.cancel(epaperId)).toBe(true);
    expect(await farm.outcome(epaperId)).toMatchObject({ state: "cancelled" });

    expect(await farm.readyPages(epaperId)).toBe(0);
    expect(existsSync(path.join(farm.dataDir, "epapers", epaperId, "pages"))).toBe(false);
    const epaper = await farm.db.selectFrom("epaper").selectAll().where("id", "=", epaperId).executeTakeFirstOrThrow();
    expect(epaper).toMatchObject({ processRunning: false, processCancelled: true, isRendered: false });
    // The nodes stopped poppler and removed their temporary folders.
    await expect
      .poll(async () => [...(await childCommands(nodeA.child.pid)), ...(await childCommands(nodeB.child.pid))], { timeout: 5_000 })
      .not.toContain("pdftoppm");
    // No call folder is left; only the short-lived source cache (swept after two minutes) stays.
    const callFolders = async () =>
      (await readdir(path.join(os.tmpdir(), `epaper-render-node-${TEST_PORTS.renderFarmNodeA}`))).filter((name) =>
        name.startsWith("call-"),
      );
    await expect.poll(callFolders, { timeout: 5_000 }).toEqual([]);
  });

  test("a node killed mid-document: the other node takes over and every page exists exactly once", async () => {
    const epaperId = await farm.createEpaper("plumber__chelsea_pdta.pdf", 65);
    await farm.render(epaperId);
    while ((await farm.readyPages(epaperId)) < 4) await new Promise((resolve) => setTimeout(resolve, 50));
    // Mid-document on B: B is inside a call of this render right now (its call folder exists).
    // Killed between calls, or after its last chunk, B would leave nothing to take over.
    const callsOnB = async () =>
      (await readdir(path.join(os.tmpdir(), `epaper-render-node-${TEST_PORTS.renderFarmNodeB}`)).catch(() => [])).filter((name) =>
        name.startsWith("call-"),
      );
    try {
      await expect.poll(callsOnB, { timeout: 60_000, interval: 20 }).not.toEqual([]);
      await nodeB.kill("SIGKILL");
      expect(await farm.outcome(epaperId, 240_000)).toMatchObject({ state: "finished" });
      const pages = await pageRows(epaperId);
      expect(pages.map((page) => page.page)).toEqual(Array.from({ length: 65 }, (_, index) => index + 1));
      const revision = await farm.db.selectFrom("epaper").select("renderRevision").where("id", "=", epaperId).executeTakeFirstOrThrow();
      const dirs = await readdir(fileOf(farm, `epapers/${epaperId}/pages/r${revision.renderRevision}`));
      expect(dirs.sort((a, b) => Number(a) - Number(b))).toEqual(pages.map((page) => String(page.page)));
      const moved = farm.logs.some((line) => line.includes(`127.0.0.1:${TEST_PORTS.renderFarmNodeB}`) && line.includes("move"));
      expect(moved, `the farm's log:\n${farm.logs.join("\n")}`).toBe(true);
    } finally {
      // Back for the tests after this one, and for a retry of this one.
      await nodeB.kill("SIGKILL");
      nodeB = await startRenderNode({ port: TEST_PORTS.renderFarmNodeB, redisUrl: REDIS_URL, capacity: 1 });
    }
  }, 300_000);

  test("a node that joins mid-document is used at once; the worker's metrics see the farm", async () => {
    await nodeB.kill();
    const epaperId = await farm.createEpaper("pdflib__linearized_with_object_streams.pdf", 206);
    await farm.render(epaperId);
    while ((await farm.readyPages(epaperId)) < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    nodeB = await startRenderNode({ port: TEST_PORTS.renderFarmNodeB, redisUrl: REDIS_URL, capacity: 1 });
    const renderedByB = async () => {
      const text = await (await fetch(`http://127.0.0.1:${nodeB.adminPort}/metrics`)).text();
      return Number(/render_node_pages_rendered_total\{outcome="ok"\} (\d+)/.exec(text)?.[1] ?? 0);
    };
    await expect.poll(renderedByB, { timeout: 30_000, interval: 250 }).toBeGreaterThan(0);

    const metrics = createWorkerMetrics({ redis: farm.redis, queues: [farm.queue] });
    const text = await metrics.registry.metrics();
    expect(text).toContain('render_nodes_alive{state="serving"} 2');
    expect(text).toContain('queue_jobs{queue="render",state="active"} 1');
    expect(text).toMatch(/queue_depth\{queue="render"\} 0/);
    await farm.cancel(epaperId);
    expect(await farm.outcome(epaperId)).toMatchObject({ state: "cancelled" });
  }, 120_000);

  test("SplitDocument cuts single-page PDFs", async () => {
    await farm.blobs.put("bench/split.pdf", await readFile(path.join(CORPUS, "pdfjs__tracemonkey.pdf")));
    const client = renderClientFor(nodeA.url, TOKEN);
    const parts: { page: number; pdf: Uint8Array }[] = [];
    for await (const part of client.splitDocument({ sourceUrl: await farm.deps.signedUrl("bench/split.pdf"), pages: [3, 1] }))
      parts.push(part);
    expect(parts.map((part) => part.page)).toEqual([1, 3]);
    for (const part of parts) {
      expect(Buffer.from(part.pdf).subarray(0, 5).toString()).toBe("%PDF-");
      const info = execFileSync("pdfinfo", ["-"], { input: part.pdf, encoding: "utf8" });
      expect(info).toMatch(/^Pages:\s+1$/m);
    }
    // Without the shared token the node does no work at all.
    const stranger = renderClientFor(nodeA.url, "not-the-token-0123456789abcdefghijklmn");
    await expect(stranger.analyze({ sourceUrl: await farm.deps.signedUrl("bench/split.pdf") })).rejects.toMatchObject({ code: 16 });
  });

  test("support's render-server view: the live node's record, its own health and metrics, the processes naming it", async () => {
    const deps = { db: farm.db, redis: farm.redis, token: TOKEN };
    const view = await renderNodeView(deps, permissionSubject({ permissions: ["4"] }), nodeB.url);
    expect(view).toMatchObject({
      url: nodeB.url,
      state: "serving",
      node: { capacity: 1, adminUrl: `http://127.0.0.1:${nodeB.adminPort}` },
      health: { status: "serving", capacity: 1 },
    });
    expect(Date.now() - (view.node?.heartbeatAt.getTime() ?? 0)).toBeLessThan(10_000);
    expect(view.metrics).toContainEqual({ name: "render_node_capacity", labels: "", value: "1" });
    expect(view.metrics?.some((row) => row.name.endsWith("_bucket"))).toBe(false);
    expect(view.metrics?.map((row) => row.name)).toContain("render_node_process_resident_memory_bytes");
    // Only the renderserver permission (level 4 outside demo accounts); an address nobody knows is 404.
    for (const subject of [
      permissionSubject({ permissions: ["3"] }),
      permissionSubject({ permissions: ["4"], accountIsDemoAccount: true }),
    ])
      await expect(renderNodeView(deps, subject, nodeB.url)).rejects.toBeInstanceOf(Forbidden);
    await expect(renderNodeView(deps, permissionSubject({ permissions: ["4"] }), "http://127.0.0.1:1")).rejects.toMatchObject({
      status: 404,
    });
  });

  test("a draining node finishes, takes no new work and leaves the registry; nodes serve metrics and health", async () => {
    const metrics = await (await fetch(`http://127.0.0.1:${nodeA.adminPort}/metrics`)).text();
    expect(metrics).toMatch(/render_node_pages_rendered_total\{outcome="ok"\} \d+/);
    expect(metrics).toContain("render_node_page_render_seconds_bucket");
    expect((await fetch(`http://127.0.0.1:${nodeA.adminPort}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${nodeA.adminPort}/drain`, { method: "POST" })).status).toBe(401);

    const drained = await fetch(`http://127.0.0.1:${nodeA.adminPort}/drain`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(drained.status).toBe(202);
    await new Promise<void>((resolve) => nodeA.child.once("exit", () => resolve()));
    const nodes = await listRenderNodes(farm.redis);
    expect(nodes.map((node) => node.url)).toEqual([nodeB.url]);
  });

  // Last: it stops this process's consumer for good.
  test("a worker that dies mid-job: the job recovers on another worker and resumes", async () => {
    await farm.stopWorker();
    const spawnWorker = () => {
      const child = spawn(process.execPath, ["--import", "tsx", "tests/support/render-worker-process.ts"], {
        env: {
          ...process.env,
          DATABASE_URL: TEST_DATABASE_URL,
          REDIS_URL,
          DATA_DIR: farm.dataDir,
          WORKER_URL: farm.workerUrl,
          SESSION_SECRET: SECRET,
          RENDER_NODE_TOKEN: TOKEN,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      return new Promise<typeof child>((resolve, reject) => {
        const lines: string[] = [];
        for (const stream of [child.stdout, child.stderr])
          createInterface({ input: stream }).on("line", (line) => {
            lines.push(line);
            if (line.includes("render worker ready")) resolve(child);
          });
        child.once("exit", (code) => reject(new Error(`worker exited ${code}: ${lines.join("\n")}`)));
      });
    };
    const first = await spawnWorker();
    const epaperId = await farm.createEpaper("plumber__issue-67-example.pdf", 22);
    await farm.render(epaperId);
    while ((await farm.readyPages(epaperId)) < 3) await new Promise((resolve) => setTimeout(resolve, 50));
    first.kill("SIGKILL");
    const second = await spawnWorker();
    try {
      expect(await farm.outcome(epaperId, 120_000)).toMatchObject({ state: "finished" });
      const pages = await pageRows(epaperId);
      expect(pages.map((page) => page.page)).toEqual(Array.from({ length: 22 }, (_, index) => index + 1));
    } finally {
      second.kill("SIGKILL");
    }
  }, 180_000);
});
