/**
 * The benchmark's baseline: the same rasterize + encode + text work as a render node, done by
 * a plain script that calls poppler and sharp directly (no gRPC, no queue, no database), with
 * the same parallelism (contiguous page ranges, one poppler process each) and the same outputs.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

export type PlainSettings = { widths: number[]; thumbnailWidth: number; quality: number; effort: number };

function run(command: string, args: string[]) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("error", reject);
    child.on("close", () => resolve(out));
  });
}

async function renderRange(file: string, first: number, last: number, dir: string, settings: PlainSettings) {
  const prefix = path.join(dir, `r${first}`);
  const text = run("pdftotext", ["-bbox-layout", "-f", String(first), "-l", String(last), "-q", file, "-"]);
  let finished = false;
  const poppler = run("pdftoppm", [
    "-f",
    String(first),
    "-l",
    String(last),
    "-scale-to-x",
    String(settings.widths[0]),
    "-scale-to-y",
    "-1",
    "-scale-dimension-before-rotation",
    "-cropbox",
    file,
    prefix,
  ]).then(() => {
    finished = true;
  });
  const done = new Set<string>();
  const encode = async (name: string) => {
    const data = await readFile(path.join(dir, name));
    // P6 header: magic, width, height, max, then pixels.
    const header = data.subarray(0, 64).toString("latin1").split(/\s+/);
    const [width, height] = [Number(header[1]), Number(header[2])];
    const offset = data.indexOf(0x0a, data.indexOf(0x0a, data.indexOf(0x0a) + 1) + 1) + 1;
    const image = sharp(data.subarray(offset), { raw: { width, height, channels: 3 } });
    const widths = [...settings.widths, settings.thumbnailWidth];
    // The same outputs as the farm: every image written to disk (the farm stores them too).
    const page = name.replace(/\.ppm$/, "");
    await Promise.all(
      widths.map(async (w) => {
        const webp = await (w === width ? image.clone() : image.clone().resize({ width: Math.min(w, width) }))
          .webp({ quality: settings.quality, effort: settings.effort })
          .toBuffer();
        await writeFile(path.join(dir, `${page}-w${w}.webp`), webp);
      }),
    );
    await rm(path.join(dir, name));
  };
  while (true) {
    const ended = finished;
    const files = (await readdir(dir)).filter((name) => name.startsWith(`r${first}-`) && name.endsWith(".ppm")).sort();
    // Every file but the newest is complete while poppler runs; all of them once it ended.
    const ready = ended ? files : files.slice(0, -1);
    for (const name of ready) {
      if (done.has(name)) continue;
      done.add(name);
      await encode(name);
    }
    if (ended) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await poppler;
  await writeFile(path.join(dir, `r${first}-words.xhtml`), await text);
}

/** Renders every page of a file with `parallel` ranges at once; returns the page count. */
export async function plainRender(file: string, pageCount: number, parallel: number, settings: PlainSettings) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "plain-render-"));
  try {
    const parts = Math.min(parallel, pageCount);
    const work: Promise<void>[] = [];
    let start = 1;
    for (let index = 0; index < parts; index++) {
      const size = Math.floor(pageCount / parts) + (index < pageCount % parts ? 1 : 0);
      work.push(renderRange(file, start, start + size - 1, dir, settings));
      start += size;
    }
    await Promise.all(work);
    return pageCount;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
