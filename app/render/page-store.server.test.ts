import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { create } from "@bufbuild/protobuf";
import { RenderedPageSchema } from "@ep/proto/epaper/render/v1/render_pb";
import { createId } from "@paralleldrive/cuid2";
import { afterAll, afterEach, beforeEach, expect, test } from "vitest";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { db } from "#app/utils/db.server";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { storePage, storePageFiles } from "./page-store.server.ts";

let dir: string;
let blobs: FolderBlobStore;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "page-store-"));
  blobs = new FolderBlobStore(dir);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const rows = [["Tom & Jerry", 0.1, 0.1, 0.1, 0.025]];

test("words.json is stored as the node sent it (ADR 0059)", async () => {
  const json = JSON.stringify(rows);
  await storePageFiles(blobs, "p/1", create(RenderedPageSchema, { wordsJson: new TextEncoder().encode(json) }));
  expect((await blobs.read("p/1/words.json")).toString()).toBe(json);
});

test("a node of an older version sends one message per word: stored as the same words.json", async () => {
  await storePageFiles(
    blobs,
    "p/2",
    create(RenderedPageSchema, { words: [{ text: "Tom & Jerry", box: { x: 0.1, y: 0.1, width: 0.1, height: 0.025 } }] }),
  );
  const stored = JSON.parse((await blobs.read("p/2/words.json")).toString()) as (string | number)[][];
  expect(stored[0]?.[0]).toBe("Tom & Jerry");
  expect(stored[0]?.slice(1).map((value) => Math.round(Number(value) * 1e5) / 1e5)).toEqual(rows[0]?.slice(1));
});

afterAll(() => db.destroy());

test("page 1 becomes the cover as soon as it is stored, while the other pages still render (issue 46)", async () => {
  const { accountId } = await insertAccountWithUser(db);
  const epaperId = createId();
  await db.insertInto("epaper").values({ id: epaperId, accountId, name: "Early cover", languageCode: "de" }).execute();
  const page = (number: number) =>
    create(RenderedPageSchema, {
      info: { page: number, widthPt: 500, heightPt: 700 },
      renditions: [
        { width: 800, height: 1120, webp: new Uint8Array([1]) },
        { width: 200, height: 280, webp: new Uint8Array([2]) },
      ],
    });
  const cover = async () =>
    (await db.selectFrom("epaper").select("coverBlobKey").where("id", "=", epaperId).executeTakeFirstOrThrow()).coverBlobKey;
  expect(await storePage(db, blobs, epaperId, 1, page(2))).toBe(false);
  expect(await cover()).toBeNull();
  expect(await storePage(db, blobs, epaperId, 1, page(1))).toBe(true);
  expect(await cover()).toMatch(/\/1\/w200\.webp$/);
  expect(await blobs.read((await cover()) as string)).toEqual(Buffer.from([2]));
  // Stored again (a retried chunk): the cover is there already, nothing more to announce.
  expect(await storePage(db, blobs, epaperId, 1, page(1))).toBe(false);
});
