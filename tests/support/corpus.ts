import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The shared corpus of real-world PDFs (`../shared/corpus`, or CORPUS_DIR). Never copied into the project. */
export const CORPUS = findCorpus();

function findCorpus() {
  if (process.env.CORPUS_DIR) return path.resolve(process.env.CORPUS_DIR);
  let dir = path.resolve("..");
  while (true) {
    const candidate = path.join(dir, "shared", "corpus");
    if (existsSync(path.join(candidate, "MANIFEST.tsv"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("the shared corpus was not found: set CORPUS_DIR to the folder with MANIFEST.tsv");
    dir = parent;
  }
}

export type CorpusRow = { file: string; pages: number; expect: string };

/** MANIFEST.tsv's rows: file name, page count and what the product must do with it. */
export function corpusRows(): CorpusRow[] {
  return readFileSync(path.join(CORPUS, "MANIFEST.tsv"), "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split("\t"))
    .map((cells) => ({ file: cells[0] ?? "", pages: Number(cells[3] ?? 0), expect: cells[6] ?? "" }));
}
