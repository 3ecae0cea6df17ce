import { createId } from "@paralleldrive/cuid2";
import type { Link, RenderedPage } from "@ep/proto/epaper/render/v1/render_pb";
import { Supervision } from "@ep/proto/epaper/render/v1/render_pb";
import { sql } from "kysely";
import type { BlobStore } from "#app/blob/blob-store.server";
import type { Database } from "#db/client";

/** Where a render revision keeps its page files; a new revision never mixes with an old one. */
export const revisionPrefix = (epaperId: string, revision: number) => `epapers/${epaperId}/pages/r${revision}`;

export type StoredRenditions = {
  images: { width: number; height: number; file: string; bytes: number }[];
  thumbnail: { width: number; height: number; file: string; bytes: number };
  words: string;
  /** The page's text blocks (issue 47, ADR 0064); absent on pages rendered before them. */
  blocks?: string;
};
export type StoredLink = { x: number; y: number; w: number; h: number; page?: number; uri?: string };

/** A link of the contract (a page's or the analysis's) as the studio stores it: its rectangle and its target. */
export function storedLinkOf(link: Pick<Link, "rect" | "target">): StoredLink {
  return {
    x: link.rect?.x ?? 0,
    y: link.rect?.y ?? 0,
    w: link.rect?.width ?? 0,
    h: link.rect?.height ?? 0,
    ...(link.target.case === "page" ? { page: link.target.value } : link.target.case === "uri" ? { uri: link.target.value } : {}),
  };
}

export const SUPERVISION_OF = {
  [Supervision.UNSPECIFIED]: "none",
  [Supervision.NONE]: "none",
  [Supervision.LOW]: "low",
  [Supervision.HIGH]: "high",
} as const;

/**
 * Writes one rendered page's files under `prefix` (overwriting on a retry: same keys) and answers
 * the columns its row stores.
 */
export async function storePageFiles(blobs: BlobStore, prefix: string, rendered: RenderedPage) {
  const images = rendered.renditions.map((image) => ({
    width: image.width,
    height: image.height,
    file: `w${image.width}.webp`,
    bytes: image.webp.length,
  }));
  const thumbnail = rendered.thumbnail;
  // The node sends words.json as it is stored (ADR 0059); a node of an older version sends one message per word.
  const words =
    rendered.wordsJson.length > 0
      ? rendered.wordsJson
      : Buffer.from(
          JSON.stringify(
            rendered.words.map((word) => [word.text, word.box?.x ?? 0, word.box?.y ?? 0, word.box?.width ?? 0, word.box?.height ?? 0]),
          ),
        );
  await Promise.all([
    ...rendered.renditions.map((image) => blobs.put(`${prefix}/w${image.width}.webp`, image.webp)),
    thumbnail ? blobs.put(`${prefix}/thumb.webp`, thumbnail.webp) : Promise.resolve(),
    blobs.put(`${prefix}/words.json`, words),
    rendered.blocksJson.length > 0 ? blobs.put(`${prefix}/blocks.json`, rendered.blocksJson) : Promise.resolve(),
  ]);
  const renditions: StoredRenditions = {
    images,
    thumbnail: { width: thumbnail?.width ?? 0, height: thumbnail?.height ?? 0, file: "thumb.webp", bytes: thumbnail?.webp.length ?? 0 },
    words: "words.json",
    ...(rendered.blocksJson.length > 0 ? { blocks: "blocks.json" } : {}),
  };
  const links: StoredLink[] = rendered.links.map(storedLinkOf);
  return {
    width: rendered.info?.widthPt ?? 0,
    height: rendered.info?.heightPt ?? 0,
    rotation: rendered.info?.rotation ?? 0,
    blobPrefix: prefix,
    renditions: JSON.stringify(renditions),
    links: JSON.stringify(links),
    text: rendered.text,
    supervision: SUPERVISION_OF[rendered.supervision],
  };
}

/**
 * Stores one rendered page: its files first, then its row. Both overwrite on a retry (same
 * keys, upsert on (epaper_id, page)), so a page that arrives twice is still stored once.
 * Page 1 of an ePaper without a cover becomes its cover at once (issue 46: the card shows it
 * while the other pages render); answers whether it did.
 */
export async function storePage(db: Database, blobs: BlobStore, epaperId: string, revision: number, rendered: RenderedPage) {
  const number = rendered.info?.page ?? 0;
  if (number < 1) throw new Error("rendered page without a page number");
  const row = { ...(await storePageFiles(blobs, `${revisionPrefix(epaperId, revision)}/${number}`, rendered)), renderedAt: new Date() };
  await db
    .insertInto("page")
    .values({ id: createId(), epaperId, page: number, sourcePage: number, ...row })
    .onDuplicateKeyUpdate({ ...row, sourcePage: number })
    .execute();
  if (number !== 1) return false;
  const smallest = [...rendered.renditions].sort((a, b) => a.width - b.width)[0];
  if (!smallest) return false;
  const result = await db
    .updateTable("epaper")
    .set({ coverBlobKey: `${row.blobPrefix}/w${smallest.width}.webp` })
    .where("id", "=", epaperId)
    .where("coverBlobKey", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Pages of this revision already stored: a retried or resumed job renders only the rest. */
export async function storedPages(db: Database, epaperId: string, revision: number) {
  const rows = await db
    .selectFrom("page")
    .select(["page", "supervision"])
    .where("epaperId", "=", epaperId)
    .where("renderedAt", "is not", null)
    .where("blobPrefix", "like", `${revisionPrefix(epaperId, revision)}/%`)
    .execute();
  return new Map(rows.map((row) => [row.page, row.supervision]));
}

export async function countStored(db: Database, epaperId: string) {
  const row = await db
    .selectFrom("page")
    .select([sql<number>`count(*)`.as("ready"), sql<number>`coalesce(sum(supervision = 'high'), 0)`.as("failed")])
    .where("epaperId", "=", epaperId)
    .where("renderedAt", "is not", null)
    .executeTakeFirstOrThrow();
  return { ready: Number(row.ready), failed: Number(row.failed) };
}

/** Removes every page of a failed or cancelled render, rows and files: nothing half-done stays. */
export async function discardPages(db: Database, blobs: BlobStore, epaperId: string, revision: number) {
  await db.deleteFrom("page").where("epaperId", "=", epaperId).execute();
  await blobs.deletePrefix(revisionPrefix(epaperId, revision));
}
