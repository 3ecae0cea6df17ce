import { createId } from "@paralleldrive/cuid2";
import { afterAll, expect, test } from "vitest";
import { blobs } from "#app/blob/blobs.server";
import { createApiKey } from "#app/models/api-keys.server";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { callApi } from "#tests/support/public-api";
import { loader as pageFileLoader } from "./epaper-page-file.ts";

// The public API's reads (issue 32, ADR 0056) on real MariaDB: cursor pages without duplicates or
// gaps while ePapers are added, search and folders, an ePaper's pages and outline, publications
// and channels with their addresses. Every answer is checked against the OpenAPI document.

afterAll(async () => {
  await db.destroy();
  redis.disconnect();
});

async function customer() {
  const user = await insertUserWithLevel(db, "2");
  const subject = permissionSubject({ id: user.userId, accountId: user.accountId, baseAccountId: user.accountId });
  const rootId = createId();
  const folderId = createId();
  await db.insertInto("folder").values({ id: rootId, accountId: user.accountId, parentId: null, name: "My ePaper" }).execute();
  await db.insertInto("folder").values({ id: folderId, accountId: user.accountId, parentId: rootId, name: "Sub" }).execute();
  const { token } = await createApiKey(db, subject, { name: "CMS", scopes: ["read"] });
  return { ...user, rootId, folderId, token };
}

async function insertEpaper(accountId: string, values: { name?: string; folderId?: string | null; createdAt?: Date } = {}) {
  const id = createId();
  await db
    .insertInto("epaper")
    .values({ id, accountId, name: values.name ?? `Issue ${id.slice(0, 6)}`, languageCode: "de", ...values })
    .execute();
  return id;
}

test("cursor pages: newest first, no duplicates and no gaps while ePapers are added between pages", async () => {
  const owner = await customer();
  // Two share one instant: the id breaks the tie, so the order is still total.
  const same = new Date(Date.now() - 60_000);
  const existing: string[] = [];
  for (let i = 0; i < 7; i++)
    existing.push(await insertEpaper(owner.accountId, { createdAt: i < 2 ? same : new Date(Date.now() - i * 1000) }));
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: string = cursor ? `?limit=3&cursor=${encodeURIComponent(cursor)}` : "?limit=3";
    const answer = await callApi(`/api/v1/epapers${query}`, { key: owner.token });
    expect(answer.status).toBe(200);
    const items = answer.body.items as { id: string; createdAt: string }[];
    expect(items.length).toBeLessThanOrEqual(3);
    seen.push(...items.map((item) => item.id));
    cursor = answer.body.nextCursor as string | null;
    // Someone uploads while the client pages.
    await insertEpaper(owner.accountId);
    pages += 1;
  } while (cursor);
  expect(pages).toBe(3);
  expect(new Set(seen).size).toBe(seen.length);
  expect([...seen].sort()).toEqual([...existing].sort());
  // The order the pages gave is the stable (createdAt desc, id desc) order.
  const rows = await db
    .selectFrom("epaper")
    .select("id")
    .where("id", "in", existing)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  expect(seen).toEqual(rows.map((row) => row.id));
});

test("search by name and folder filter (the root folder includes ePapers without one); another account's folder is 404", async () => {
  const owner = await customer();
  const spring = await insertEpaper(owner.accountId, { name: "Spring catalogue 2027", folderId: owner.folderId });
  const loose = await insertEpaper(owner.accountId, { name: "Price list", folderId: null });
  const inRoot = await insertEpaper(owner.accountId, { name: "Autumn catalogue", folderId: owner.rootId });
  const ids = async (query: string) => {
    const answer = await callApi(`/api/v1/epapers?${query}`, { key: owner.token });
    expect(answer.status).toBe(200);
    return (answer.body.items as { id: string }[]).map((item) => item.id).sort();
  };
  expect(await ids("search=catalogue")).toEqual([spring, inRoot].sort());
  expect(await ids("search=spring%202027")).toEqual([spring]);
  expect(await ids(`folderId=${owner.folderId}`)).toEqual([spring]);
  expect(await ids(`folderId=${owner.rootId}`)).toEqual([loose, inRoot].sort());
  const stranger = await customer();
  expect((await callApi(`/api/v1/epapers?folderId=${owner.folderId}`, { key: stranger.token })).status).toBe(404);
});

test("one ePaper: process state, progress, pages with image addresses the key can fetch, and its outline", async () => {
  const owner = await customer();
  const epaperId = await insertEpaper(owner.accountId, { name: "Annual report" });
  await db
    .updateTable("epaper")
    .set({ pageCount: 2, processRunning: true, processType: "rendering", processStartedAt: new Date(), pagesVersion: 3 })
    .where("id", "=", epaperId)
    .execute();
  await db
    .insertInto("renderProcess")
    .values({ id: createId(), epaperId, documentId: createId(), active: true, pageCount: 2, pageCountReady: 1 })
    .execute();
  const pageId = createId();
  const renditions = {
    images: [{ width: 800, height: 1131, file: "w800.webp", bytes: 4 }],
    thumbnail: { width: 200, height: 283, file: "thumb.webp", bytes: 4 },
    words: "words.json",
  };
  await db
    .insertInto("page")
    .values({
      id: pageId,
      epaperId,
      page: 1,
      sourcePage: 1,
      width: 595,
      height: 842,
      blobPrefix: `p/${pageId}`,
      renditions: JSON.stringify(renditions),
    })
    .execute();
  await db.insertInto("tocItem").values({ id: createId(), epaperId, pageId, title: "Foreword", indent: 0, position: 0 }).execute();
  const answer = await callApi(`/api/v1/epapers/${epaperId}`, { key: owner.token });
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({
    id: epaperId,
    name: "Annual report",
    pageCount: 2,
    process: { type: "rendering", running: true, pageCount: 2, pageCountReady: 1 },
    pages: [
      {
        number: 1,
        thumbnail: { width: 200, url: `http://localhost:3000/api/v1/epapers/${epaperId}/pages/1/thumb.webp?v=3` },
        images: [{ width: 800, height: 1131, url: `http://localhost:3000/api/v1/epapers/${epaperId}/pages/1/w800.webp?v=3` }],
      },
    ],
    outline: [{ title: "Foreword", pageNumber: 1, indent: 0, enabled: true }],
  });
  // The addresses answer with the key: the file a page's renditions list, nothing else, and only in its account.
  await blobs.put(`p/${pageId}/thumb.webp`, Buffer.from("RIFF....WEBP"));
  const thumb = await callApi(`/api/v1/epapers/${epaperId}/pages/1/thumb.webp?v=3`, { key: owner.token });
  expect(thumb.status).toBe(200);
  expect(thumb.headers.get("content-type")).toBe("image/webp");
  expect((await callApi(`/api/v1/epapers/${epaperId}/pages/1/words.json`, { key: owner.token })).status).toBe(404);
  // Its ETag revalidates without a body (documented with its headers); a page number that is none is 404, never an error.
  const etag = thumb.headers.get("etag") ?? "";
  const same = await callApi(`/api/v1/epapers/${epaperId}/pages/1/thumb.webp?v=3`, {
    key: owner.token,
    headers: { "If-None-Match": etag },
  });
  expect(same.status).toBe(304);
  const notANumber = await pageFileLoader({
    request: new Request(`http://localhost/api/v1/epapers/${epaperId}/pages/NaN/thumb.webp`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    }),
    params: { epaperId, pageNumber: "NaN", file: "thumb.webp" },
    context: undefined as never,
  } as never);
  expect(notANumber.status).toBe(404);
  const stranger = await customer();
  expect((await callApi(`/api/v1/epapers/${epaperId}/pages/1/thumb.webp`, { key: stranger.token })).status).toBe(404);
  await blobs.delete(`p/${pageId}/thumb.webp`);
});

test("publications and channels of the account with their addresses; nothing of another account", async () => {
  const owner = await customer();
  const stranger = await customer();
  const epaperId = await insertEpaper(owner.accountId);
  const foreignEpaper = await insertEpaper(stranger.accountId);
  const published = new Date(Date.now() - 3600_000);
  const insert = (type: "preview" | "previewlink" | "zip", on = epaperId, publishedAt: Date | null = published) =>
    db.insertInto("publication").values({ id: createId(), epaperId: on, type, hash: createId(), publishedAt, sizeInByte: 1234 }).execute();
  await insert("preview");
  await insert("previewlink");
  await insert("zip");
  await insert("preview", epaperId, null); // not published yet: not listed
  await insert("preview", foreignEpaper);
  const publications = await callApi("/api/v1/publications", { key: owner.token });
  expect(publications.status).toBe(200);
  const items = publications.body.items as { type: string; url: string; epaperId: string; expiresAt: string | null }[];
  expect(items.map((item) => item.type).sort()).toEqual(["preview", "previewlink", "zip"]);
  expect(items.every((item) => item.epaperId === epaperId)).toBe(true);
  expect(items.find((item) => item.type === "preview")?.url).toMatch(/^http:\/\/127\.0\.0\.1:3001\/preview\/\w+\/$/);
  expect(items.find((item) => item.type === "previewlink")?.url).toMatch(/^http:\/\/localhost:3000\/protected-sharing\/previewlink\/\w+$/);
  expect(items.find((item) => item.type === "previewlink")?.expiresAt).not.toBeNull();
  expect(items.find((item) => item.type === "zip")?.url).toBe(`http://localhost:3000/api/v1/epapers/${epaperId}/zip`);
  // Filtered by ePaper and type; another account's ePaper filters to nothing.
  const other = await insertEpaper(owner.accountId);
  await insert("zip", other);
  const ofOne = await callApi(`/api/v1/publications?epaperId=${other}`, { key: owner.token });
  expect((ofOne.body.items as { epaperId: string; type: string }[]).map((item) => [item.epaperId, item.type])).toEqual([[other, "zip"]]);
  const zips = await callApi("/api/v1/publications?type=zip", { key: owner.token });
  expect((zips.body.items as { epaperId: string }[]).map((item) => item.epaperId).sort()).toEqual([epaperId, other].sort());
  const foreign = await callApi(`/api/v1/publications?epaperId=${foreignEpaper}`, { key: owner.token });
  expect(foreign.body.items).toEqual([]);

  const shortPath = createId().slice(0, 10);
  await db.insertInto("channel").values({ id: createId(), accountId: owner.accountId, name: "Magazine", shortPath, epaperId }).execute();
  await db
    .insertInto("channel")
    .values({ id: createId(), accountId: stranger.accountId, name: "Other", shortPath: createId().slice(0, 10) })
    .execute();
  const channels = await callApi("/api/v1/channels?limit=1", { key: owner.token });
  expect(channels.status).toBe(200);
  expect(channels.body).toMatchObject({
    items: [{ name: "Magazine", epaperId, url: `http://127.0.0.1:3001/c/${shortPath}/` }],
    nextCursor: null,
  });
});

test("an ePaper's accessibility report (issue 47), as the document describes it; another account's is 404", async () => {
  const owner = await customer();
  const epaperId = await insertEpaper(owner.accountId, { name: "Gemeindeblatt" });
  await db.insertInto("page").values({ id: createId(), epaperId, page: 1, sourcePage: 1, text: "" }).execute();
  const answer = await callApi(`/api/v1/epapers/${epaperId}/accessibility`, { key: owner.token });
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({
    epaperId,
    summary: { failed: 1 },
    checks: expect.arrayContaining([expect.objectContaining({ id: "text", status: "fail", without: { pages: [1], count: 1 } })]),
  });
  const stranger = await customer();
  expect((await callApi(`/api/v1/epapers/${epaperId}/accessibility`, { key: stranger.token })).status).toBe(404);
});
