import { readFile } from "node:fs/promises";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import { generateBundleFiles, type ReaderAssets } from "@ep/publisher/src/build-bundle.ts";
import type { PageBlock } from "@ep/publisher/src/manifest.ts";
import { z } from "zod";
import type { BlobStore } from "#app/blob/blob-store.server";
import type { Database } from "#db/client";
import { type EpaperSnapshot, loadEpaperSnapshot } from "./epaper-snapshot.server.ts";
import { statsManifestFields, zipStatsEndpoint } from "./reader-settings.server.ts";
import { type BundleEntry, writeZip } from "./zip-archive.server.ts";

export type PublicationType = "preview" | "previewlink" | "zip";

export type PublishDeps = {
  db: Database;
  blobs: BlobStore;
  /** Folder with the reader's built reader.js and reader.css (publisher/dist/reader). */
  readerAssetsDir: string;
  /** Single-page PDFs cut from the stored source (a render node's SplitDocument), for pages
   * whose download is allowed. Absent: no page offers a PDF download. */
  splitPages?: (sourceBlobKey: string, pages: number[]) => AsyncIterable<{ page: number; pdf: Uint8Array }>;
  /** CONTENT_URL: a zip package counted in this studio sends its statistics there (ADR 0053 'Zip packages'). */
  contentOrigin?: string;
};

export type BuiltPublication = { publicationId: string; hash: string; blobPrefix: string; sizeInByte: number };

/** Where a publication's files live: a new revision each time, so a reader never sees a half-written bundle. */
export const publicationPrefix = (publicationId: string, revision: string) => `publications/${publicationId}/${revision}`;
/** The zip form's archive, inside its revision. */
export const ZIP_FILE = "epaper.zip";

let cachedAssets: { dir: string; assets: ReaderAssets } | null = null;

async function readerAssets(dir: string): Promise<ReaderAssets> {
  if (cachedAssets?.dir === dir && process.env.NODE_ENV === "production") return cachedAssets.assets;
  try {
    const [js, css] = await Promise.all([readFile(path.join(dir, "reader.js")), readFile(path.join(dir, "reader.css"))]);
    cachedAssets = { dir, assets: { js, css } };
    return cachedAssets.assets;
  } catch (error) {
    throw new Error(`the reader is not built in ${dir} (run npm run build): ${(error as Error).message}`);
  }
}

/**
 * Builds one publication of an ePaper: snapshot, bundle files, stored under a fresh revision,
 * the publication row pointed at it, the old revision removed. Re-running it publishes again
 * and never leaves two rows of a type (the row of a type is reused, its hash stays stable so a
 * preview address keeps working). For the zip form, the bundle is stored as one archive.
 */
export async function buildPublication(
  deps: PublishDeps,
  input: { epaperId: string; type: PublicationType; publicationId?: string },
): Promise<BuiltPublication> {
  const snapshot = await loadEpaperSnapshot(deps.db, input.epaperId);
  const existing = await deps.db
    .selectFrom("publication")
    .select(["id", "hash", "blobPrefix"])
    .where("epaperId", "=", input.epaperId)
    .where("type", "=", input.type)
    .executeTakeFirst();
  // The id the publish announced at its start (a job of an older version has none).
  const publicationId = existing?.id ?? input.publicationId ?? createId();
  const hash = existing?.hash ?? createId() + createId();
  const blobPrefix = publicationPrefix(publicationId, createId());
  const sizeInByte = await writeBundle(deps, snapshot, blobPrefix, input.type === "zip" ? "zip" : "files");
  const now = new Date();
  try {
    if (existing) {
      const updated = await deps.db
        .updateTable("publication")
        .set({ blobPrefix, sizeInByte, publishedAt: now, reviewedAt: reviewedAtOf(input.type, now) })
        .where("id", "=", publicationId)
        .executeTakeFirst();
      // The ePaper (and its publication) went away while we built: nothing may stay behind.
      if (Number(updated.numUpdatedRows) === 0) throw new Error(`publication ${publicationId} no longer exists`);
    } else {
      await deps.db
        .insertInto("publication")
        .values({
          id: publicationId,
          epaperId: input.epaperId,
          type: input.type,
          hash,
          blobPrefix,
          sizeInByte,
          publishedAt: now,
          reviewedAt: reviewedAtOf(input.type, now),
        })
        .execute();
    }
  } catch (error) {
    await deps.blobs.deletePrefix(blobPrefix);
    throw error;
  }
  if (existing?.blobPrefix && existing.blobPrefix !== blobPrefix) await deps.blobs.deletePrefix(existing.blobPrefix);
  return { publicationId, hash, blobPrefix, sizeInByte };
}

/**
 * Writes the ePaper's bundle under `blobPrefix` (a fresh revision): its files, or for the zip form
 * one archive. Answers the bytes written; on failure nothing stays under the prefix. Channels
 * (channel-publish.server.ts) write theirs the same way.
 */
export async function writeBundle(deps: PublishDeps, snapshot: EpaperSnapshot, blobPrefix: string, form: "files" | "zip"): Promise<number> {
  let sizeInByte = 0;
  try {
    const files = await bundleEntries(deps, snapshot, blobPrefix, form);
    if (form === "zip") {
      sizeInByte = await writeZip(deps.blobs, `${blobPrefix}/${ZIP_FILE}`, files);
      // The cut page PDFs were stored only to stream them into the archive.
      await deps.blobs.deletePrefix(`${blobPrefix}/pages`);
    } else {
      for (const file of files) {
        const target = `${blobPrefix}/${file.path}`;
        if (file.blobKey === target) {
          sizeInByte += (await deps.blobs.size(target)) ?? 0;
          continue;
        }
        const data = file.data ?? (await deps.blobs.read(file.blobKey as string));
        await deps.blobs.put(target, data);
        sizeInByte += data.byteLength;
      }
    }
  } catch (error) {
    await deps.blobs.deletePrefix(blobPrefix);
    throw error;
  }
  return sizeInByte;
}

/** The studio user sees a preview or a preview link the moment it is ready; a new zip waits for its download (the card's dot). */
const reviewedAtOf = (type: PublicationType, now: Date) => (type === "zip" ? null : now);

async function bundleEntries(
  deps: PublishDeps,
  snapshot: EpaperSnapshot,
  blobPrefix: string,
  form: "files" | "zip",
): Promise<BundleEntry[]> {
  const [reader, pageWords, pageBlocks] = await Promise.all([
    readerAssets(deps.readerAssetsDir),
    // A page whose word file is missing (rendered without text) is published without a text layer.
    Promise.all(snapshot.pageWordKeys.map(async (key) => (await deps.blobs.read(key).catch(() => Buffer.from("[]"))).toString("utf8"))),
    // And one without blocks (rendered before them, ADR 0064) with its flat text.
    Promise.all(snapshot.pageBlockKeys.map((key) => (key ? readBlocks(deps.blobs, key) : null))),
  ]);
  const manifest = structuredClone(snapshot.manifest);
  // Readership statistics (issue 31): where this form's reader sends them, if anywhere.
  const zipEndpoint =
    form === "zip" && manifest.stats !== false
      ? zipStatsEndpoint(snapshot.zipStatistics, { epaperId: snapshot.epaperId, contentOrigin: deps.contentOrigin })
      : null;
  Object.assign(manifest, statsManifestFields({ on: manifest.stats !== false, form, zipEndpoint }));
  const pdfs: BundleEntry[] = [];
  if (snapshot.pdfPages.length && deps.splitPages) {
    // One split per source PDF: the ePaper's own, and each PDF pages were inserted from.
    for (const sourceKey of new Set(snapshot.pdfPages.map((entry) => entry.sourceKey))) {
      const pathOf = new Map(
        snapshot.pdfPages.filter((entry) => entry.sourceKey === sourceKey).map((entry) => [entry.sourcePage, entry.path]),
      );
      for await (const cut of deps.splitPages(sourceKey, [...pathOf.keys()])) {
        const target = pathOf.get(cut.page);
        if (!target) continue;
        // Stored at once, in its place in the new revision: a 500-page ePaper's PDFs never sit in memory together.
        await deps.blobs.put(`${blobPrefix}/${target}`, cut.pdf);
        pdfs.push({ path: target, blobKey: `${blobPrefix}/${target}` });
      }
    }
  }
  // A page whose PDF could not be cut offers no download rather than a broken one.
  const cutPaths = new Set(pdfs.map((entry) => entry.path));
  for (const page of manifest.pages) if (page.pdf && !cutPaths.has(page.pdf)) page.pdf = null;
  const generated = generateBundleFiles({ manifest, pageTexts: snapshot.pageTexts, pageWords, pageBlocks, reader }).map((file) => ({
    path: file.path,
    data: typeof file.data === "string" ? Buffer.from(file.data, "utf8") : file.data,
  }));
  return [...generated, ...snapshot.copies, ...pdfs];
}

/** blocks.json as the render node writes it (ADR 0064). */
const StoredBlocks = z.object({
  v: z.literal(1),
  blocks: z.array(
    z.object({
      kind: z.enum(["heading", "paragraph", "list", "header", "footer", "pageNumber"]),
      level: z.number().int().min(1).max(3).optional(),
      text: z.string().optional(),
      items: z.array(z.string()).optional(),
      ordered: z.enum(["1", "a"]).optional(),
      start: z.number().int().min(0).max(100_000).optional(),
      size: z.number().optional(),
      box: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
    }),
  ),
});

/** A page's stored blocks; null when the file is missing or not what the node writes (the page keeps its flat text). */
async function readBlocks(blobs: BlobStore, key: string): Promise<PageBlock[] | null> {
  try {
    const parsed = StoredBlocks.safeParse(JSON.parse((await blobs.read(key)).toString("utf8")));
    return parsed.success ? parsed.data.blocks : null;
  } catch {
    return null;
  }
}
