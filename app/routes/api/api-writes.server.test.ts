import { createId } from "@paralleldrive/cuid2";
import { afterAll, describe, expect, test } from "vitest";
import { checkRateLimit, RATE_LIMITS } from "#app/auth/rate-limit.server";
import { blobs } from "#app/blob/blobs.server";
import { queues } from "#app/jobs/producer.server";
import { closeQueues } from "#app/jobs/queues.server";
import { claimIdempotencyKey, IDEMPOTENCY_LEASE_MS, requestFingerprint } from "#app/models/api-idempotency.server";
import { createApiKey } from "#app/models/api-keys.server";
import { ZIP_FILE } from "#app/publish/build-publication.server";
import type { ApiKeyScope } from "#app/rules/api-keys";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { callApi } from "#tests/support/public-api";
import { action as epaperAction } from "./epaper.ts";

// The public API's writes (issue 32, ADR 0056) on real MariaDB, Redis (the studio's queues) and
// the S3 store: creating from an upload with Idempotency-Key, renaming, moving, deleting,
// publishing and the zip download, each under the studio's rules and scoped to the key's account.
// Every answer is checked against the OpenAPI document. The whole journey with a real upload,
// render, webhooks and zip runs in tests/e2e/api-journey.test.ts.

afterAll(async () => {
  await closeQueues(queues);
  await db.destroy();
  redis.disconnect();
});

const ALL: ApiKeyScope[] = ["read", "write", "publish"];

async function customer(scopes: ApiKeyScope[] = ALL) {
  const user = await insertUserWithLevel(db, "2");
  const subject = permissionSubject({ id: user.userId, accountId: user.accountId, baseAccountId: user.accountId });
  const rootId = createId();
  const folderId = createId();
  await db.insertInto("folder").values({ id: rootId, accountId: user.accountId, parentId: null, name: "My ePaper" }).execute();
  await db.insertInto("folder").values({ id: folderId, accountId: user.accountId, parentId: rootId, name: "Archive" }).execute();
  const { token } = await createApiKey(db, subject, { name: "CMS", scopes });
  return { ...user, subject, rootId, folderId, token };
}

async function insertUpload(accountId: string) {
  const id = createId();
  await db
    .insertInto("upload")
    .values({
      id,
      accountId,
      userId: null,
      purpose: "epaper",
      blobKey: `uploads/${id}.pdf`,
      originalName: "spring.pdf",
      sizeInByte: 1000,
      numPages: 3,
      analysis: JSON.stringify({ pageCount: 3 }),
      expiresAt: new Date(Date.now() + 3600_000),
    })
    .execute();
  return id;
}

async function insertEpaper(accountId: string, values: { isRendered?: boolean; processRunning?: boolean } = {}) {
  const id = createId();
  await db
    .insertInto("epaper")
    .values({ id, accountId, name: "Spring catalogue", languageCode: "de", ...values })
    .execute();
  return id;
}

describe("create", () => {
  test("an upload becomes an ePaper whose render is queued, naming no user; a retry with the same Idempotency-Key answers the same ePaper", async () => {
    const owner = await customer();
    const uploadId = await insertUpload(owner.accountId);
    const body = { uploadId, name: "  Spring catalogue  ", languageCode: "en", folderId: owner.folderId };
    const headers = { "Idempotency-Key": `create-${uploadId}` };
    const first = await callApi("/api/v1/epapers", { key: owner.token, json: body, headers });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: "Spring catalogue", folderId: owner.folderId, languageCode: "en", pageCount: 3 });
    expect(first.body.process).toMatchObject({ type: "rendering", running: true });
    const id = first.body.id as string;
    const row = await db.selectFrom("epaper").select(["createdByUserId", "sourceUploadId"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ createdByUserId: null, sourceUploadId: uploadId });
    const job = await queues.render.getJobs(["waiting", "delayed", "active", "prioritized"]);
    expect(job.some((candidate) => candidate.data.epaperId === id)).toBe(true);

    const replay = await callApi("/api/v1/epapers", { key: owner.token, json: body, headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.id).toBe(id);
    // The same key with another request is a client's mistake, not a new ePaper.
    const reused = await callApi("/api/v1/epapers", { key: owner.token, json: { ...body, name: "Other" }, headers });
    expect(reused.status).toBe(422);
    // Without a key, the consumed upload still answers the ePaper it became (a double submit).
    const again = await callApi("/api/v1/epapers", { key: owner.token, json: body });
    expect(again.body.id).toBe(id);
    const count = await db
      .selectFrom("epaper")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("sourceUploadId", "=", uploadId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  test("a failed call frees its Idempotency-Key; a bad body, another account's upload, a malformed key are refused", async () => {
    const owner = await customer();
    const other = await customer();
    const foreignUpload = await insertUpload(other.accountId);
    const headers = { "Idempotency-Key": "retry-me" };
    const foreign = await callApi("/api/v1/epapers", {
      key: owner.token,
      json: { uploadId: foreignUpload, name: "X", languageCode: "de" },
      headers,
    });
    expect(foreign.status).toBe(404);
    // The key is free again: the corrected call runs.
    const ownUpload = await insertUpload(owner.accountId);
    const retried = await callApi("/api/v1/epapers", {
      key: owner.token,
      json: { uploadId: ownUpload, name: "X", languageCode: "de" },
      headers,
    });
    expect(retried.status).toBe(201);
    const invalid = await callApi("/api/v1/epapers", { key: owner.token, json: { uploadId: ownUpload, name: "", languageCode: "xx" } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail).toContain("name");
    expect(invalid.body.detail).toContain("languageCode");
    const notJson = await callApi("/api/v1/epapers", {
      key: owner.token,
      body: "name=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(notJson.status).toBe(422);
    const badKey = await callApi("/api/v1/epapers", {
      key: owner.token,
      json: { uploadId: ownUpload, name: "X", languageCode: "de" },
      headers: { "Idempotency-Key": "" },
    });
    expect(badKey.status).toBe(422);
  });
});

describe("idempotency and bodies", () => {
  test("a preview link's password is answered once: the replay says null; a key whose call died is free after the lease", async () => {
    const owner = await customer();
    const epaperId = await insertEpaper(owner.accountId, { isRendered: true });
    const headers = { "Idempotency-Key": `link-${epaperId}` };
    const first = await callApi(`/api/v1/epapers/${epaperId}/publications`, { key: owner.token, json: { type: "previewlink" }, headers });
    expect(first.status).toBe(202);
    expect(first.body.password).toEqual(expect.any(String));
    const replay = await callApi(`/api/v1/epapers/${epaperId}/publications`, { key: owner.token, json: { type: "previewlink" }, headers });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual({ ...first.body, password: null });
    const stored = await db
      .selectFrom("apiIdempotencyKey")
      .select("responseBody")
      .where("accountId", "=", owner.accountId)
      .executeTakeFirstOrThrow();
    expect(stored.responseBody).not.toContain(first.body.password as string);

    // A call that never finished (its process stopped) holds its key for the lease only.
    const fingerprint = requestFingerprint("POST", "http://localhost/api/v1/epapers", "{}");
    const startedAt = new Date(Date.now() - IDEMPOTENCY_LEASE_MS - 1000);
    await db
      .insertInto("apiIdempotencyKey")
      .values({ id: createId(), accountId: owner.accountId, idempotencyKey: "died", requestHash: fingerprint, createdAt: startedAt })
      .execute();
    expect((await claimIdempotencyKey(db, { accountId: owner.accountId, key: "died", fingerprint })).kind).toBe("claimed");
    // Within the lease, the same call is still running: 409.
    await expect(claimIdempotencyKey(db, { accountId: owner.accountId, key: "died", fingerprint })).rejects.toMatchObject({ status: 409 });
  });

  test("imports from an address: at most 60 an hour per account (429 with Retry-After), before anything is fetched", async () => {
    const owner = await customer();
    for (let i = 0; i < RATE_LIMITS.apiImportAccount.limit; i++)
      await checkRateLimit(redis, { ...RATE_LIMITS.apiImportAccount, key: owner.accountId });
    const answer = await callApi("/api/v1/uploads", { key: owner.token, json: { url: "https://example.com/catalogue.pdf" } });
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("a JSON body over 64 KiB is refused while it is read (413), declared or not", async () => {
    const owner = await customer();
    const big = JSON.stringify({ uploadId: "x", name: "y".repeat(70 * 1024), languageCode: "de" });
    // No Content-Length on the request object: the frame counts the bytes as they come.
    const answer = await callApi("/api/v1/epapers", { key: owner.token, body: big, headers: { "Content-Type": "application/json" } });
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe("Unprocessable");
  });
});

describe("change, delete, publish, download", () => {
  test("PATCH renames and moves, {} changes nothing; DELETE removes (then 404); a busy ePaper is 409 epaper-busy with Retry-After", async () => {
    const owner = await customer();
    const epaperId = await insertEpaper(owner.accountId);
    const renamed = await callApi(`/api/v1/epapers/${epaperId}`, {
      key: owner.token,
      method: "PATCH",
      json: { name: "Summer", folderId: owner.folderId },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: epaperId, name: "Summer", folderId: owner.folderId });
    const unchanged = await callApi(`/api/v1/epapers/${epaperId}`, { key: owner.token, method: "PATCH", json: {} });
    expect({ status: unchanged.status, name: unchanged.body.name }).toEqual({ status: 200, name: "Summer" });
    const refused = await callApi(`/api/v1/epapers/${epaperId}`, { key: owner.token, method: "PATCH", json: { name: "" } });
    expect({ status: refused.status, errors: refused.body.errors }).toMatchObject({ status: 422, errors: [{ field: "name" }] });
    expect(
      (await callApi(`/api/v1/epapers/${epaperId}`, { key: owner.token, method: "PATCH", json: { folderId: createId() } })).status,
    ).toBe(404);

    const busy = await insertEpaper(owner.accountId, { processRunning: true });
    await db.updateTable("epaper").set({ processType: "rendering", processStartedAt: new Date() }).where("id", "=", busy).execute();
    const busyAnswer = await callApi(`/api/v1/epapers/${busy}`, { key: owner.token, method: "DELETE" });
    expect({
      status: busyAnswer.status,
      type: String(busyAnswer.body.type).split("#")[1],
      code: busyAnswer.body.code,
      retryAfter: busyAnswer.headers.get("retry-after"),
      rateLimited: busyAnswer.headers.has("ratelimit-remaining"),
    }).toEqual({ status: 409, type: "problem-epaper-busy", code: "Conflict", retryAfter: "10", rateLimited: true });
    expect(await db.selectFrom("epaper").select("deletedAt").where("id", "=", busy).executeTakeFirstOrThrow()).toEqual({ deletedAt: null });

    const deleted = await callApi(`/api/v1/epapers/${epaperId}`, { key: owner.token, method: "DELETE" });
    expect(deleted.status).toBe(204);
    expect((await callApi(`/api/v1/epapers/${epaperId}`, { key: owner.token })).status).toBe(404);
    expect((await callApi(`/api/v1/epapers/${epaperId}`, { key: owner.token, method: "DELETE" })).status).toBe(404);
  });

  test("publish starts a preview of a rendered ePaper (202, a job); an unrendered one is refused; the job names no user", async () => {
    const owner = await customer();
    const unrendered = await insertEpaper(owner.accountId);
    expect((await callApi(`/api/v1/epapers/${unrendered}/publications`, { key: owner.token, json: { type: "preview" } })).status).toBe(422);
    const epaperId = await insertEpaper(owner.accountId, { isRendered: true });
    const started = await callApi(`/api/v1/epapers/${epaperId}/publications`, { key: owner.token, json: { type: "preview" } });
    expect(started.status).toBe(202);
    const publicationId = started.body.publicationId;
    expect(started.body).toEqual({ epaperId, type: "preview", publicationId: expect.any(String), channelId: null, password: null });
    const jobs = await queues.publish.getJobs(["waiting", "delayed", "active", "prioritized"]);
    const job = jobs.find((candidate) => candidate.data.epaperId === epaperId);
    // The build makes the publication under the id the answer named.
    expect(job?.data).toMatchObject({ type: "preview", userId: null, accountId: owner.accountId, publicationId });
    // One process at a time, as in the studio: 409, try again later.
    const second = await callApi(`/api/v1/epapers/${epaperId}/publications`, { key: owner.token, json: { type: "zip" } });
    expect({ status: second.status, type: String(second.body.type).split("#")[1] }).toEqual({ status: 409, type: "problem-epaper-busy" });
  });

  test("the zip package downloads with the key; none yet is 404", async () => {
    const owner = await customer();
    const epaperId = await insertEpaper(owner.accountId, { isRendered: true });
    expect((await callApi(`/api/v1/epapers/${epaperId}/zip`, { key: owner.token })).status).toBe(404);
    const prefix = `publications/${createId()}`;
    await blobs.put(`${prefix}/${ZIP_FILE}`, Buffer.from("PK\u0003\u0004 a zip"));
    await db.insertInto("publication").values({ id: createId(), epaperId, type: "zip", hash: createId(), blobPrefix: prefix }).execute();
    const answer = await callApi(`/api/v1/epapers/${epaperId}/zip`, { key: owner.token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/zip");
    expect(answer.headers.get("content-disposition")).toContain("Spring catalogue.zip");
    expect(answer.headers.get("ratelimit-limit")).not.toBeNull();
    await blobs.delete(`${prefix}/${ZIP_FILE}`);
  });
});

describe("who may write", () => {
  test("a read-only key cannot write (403); another account's ePaper is 404 for every write", async () => {
    const reader = await customer(["read"]);
    const epaperId = await insertEpaper(reader.accountId, { isRendered: true });
    for (const call of [
      () => callApi(`/api/v1/epapers/${epaperId}`, { key: reader.token, method: "PATCH", json: { name: "X" } }),
      () => callApi(`/api/v1/epapers/${epaperId}`, { key: reader.token, method: "DELETE" }),
      () => callApi(`/api/v1/epapers/${epaperId}/publications`, { key: reader.token, json: { type: "preview" } }),
      () => callApi("/api/v1/epapers", { key: reader.token, json: { uploadId: "x", name: "X", languageCode: "de" } }),
    ]) {
      const answer = await call();
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe("Forbidden");
    }
    // write without publish may change but not publish.
    const writer = await customer(["read", "write"]);
    const own = await insertEpaper(writer.accountId, { isRendered: true });
    expect((await callApi(`/api/v1/epapers/${own}/publications`, { key: writer.token, json: { type: "preview" } })).status).toBe(403);

    const stranger = await customer();
    for (const call of [
      () => callApi(`/api/v1/epapers/${epaperId}`, { key: stranger.token, method: "PATCH", json: { name: "Mine" } }),
      () => callApi(`/api/v1/epapers/${epaperId}`, { key: stranger.token, method: "DELETE" }),
      () => callApi(`/api/v1/epapers/${epaperId}/publications`, { key: stranger.token, json: { type: "preview" } }),
      () => callApi(`/api/v1/epapers/${epaperId}/zip`, { key: stranger.token }),
    ]) {
      expect((await call()).status).toBe(404);
    }
    const row = await db
      .selectFrom("epaper")
      .select(["name", "deletedAt", "processRunning"])
      .where("id", "=", epaperId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "Spring catalogue", deletedAt: null, processRunning: false });
  });

  test("an upload with no render node is refused before a byte is stored (503, documented); a method the address lacks is 405", async () => {
    const owner = await customer();
    const form = new FormData();
    form.set("file", new Blob([Buffer.from("%PDF-1.4\n%%EOF")], { type: "application/pdf" }), "a.pdf");
    // The test Redis has no render node registered: the upload is refused first.
    const answer = await callApi("/api/v1/uploads", { key: owner.token, body: form });
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe("Unavailable");
    const rows = await db.selectFrom("upload").select("id").where("accountId", "=", owner.accountId).execute();
    expect(rows).toEqual([]);
    const put = await epaperAction({
      request: new Request("http://localhost/api/v1/epapers/x", { method: "PUT", headers: { Authorization: `Bearer ${owner.token}` } }),
      params: { epaperId: "x" },
      context: undefined as never,
    } as never);
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, PATCH, DELETE");
    expect(((await put.json()) as { type: string }).type).toMatch(/#problem-method-not-allowed$/);
    // (An upload without its file is 422 naming the field: the end-to-end journey, which has a render node.)
  });
});
