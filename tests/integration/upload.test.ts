/**
 * Upload and ePaper creation through the real resource routes (issue 5, ADR 0018): real
 * multipart `Request`s with a session cookie, MariaDB, Redis, the blob store on disk, the
 * worker's signed-URL server, a render node process with poppler, and a render worker for the
 * ePaper created at the end. Nothing is mocked except a queue that fails on purpose.
 */
import { readdir, readFile, rm } from "node:fs/promises";
import type http from "node:http";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import type { Queue } from "bullmq";
import { Redis } from "ioredis";
import { Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

// Before any app module reads its settings: a blob store, a worker port and a Redis database of
// this file's own (the node registry must not be flushed by another file running beside it).
const setup = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { TEST_PORTS } = await import("#tests/support/test-ports");
  const dataDir = mkdtempSync(`${process.env.TMPDIR ?? "/tmp"}/epaper-upload-test-`);
  const redisUrl = process.env.UPLOAD_TEST_REDIS_URL ?? "redis://127.0.0.1:6379/7";
  process.env.DATA_DIR = dataDir;
  process.env.WORKER_HOST = "127.0.0.1";
  process.env.WORKER_PORT = String(TEST_PORTS.uploadWorker);
  process.env.REDIS_URL = redisUrl;
  return { dataDir, redisUrl, nodePort: TEST_PORTS.uploadNode };
});

import { createSession, getSessionUser, revokeSession } from "#app/auth/session.server";
import { commitSessionHeader } from "#app/auth/session-cookie.server";
import { toPermissionSubject } from "#app/auth/require-user.server";
import { blobs } from "#app/blob/blobs.server";
import { signBlobUrl } from "#app/blob/signed-url.server";
import { removeAccount } from "#app/models/account-removal.server";
import { insertAccountWithOwner } from "#app/models/account-creation.server";
import { createEpaperFromUpload } from "#app/models/epaper-creation.server";
import { createGeneratedAccount } from "#app/models/generated-account.server";
import { GENERATED_ACCOUNT_EPAPER_LIMIT, isApiErrorBody, type UploadLimits } from "#app/rules/upload-contract";
import { receiveUpload, type UploadDeps } from "#app/models/upload.server";
import { renderDepsFromEnv } from "#app/render/render-deps.server";
import { startRenderWorker } from "#app/worker/render.consumer.server";
import { action as createAction } from "#app/routes/epaper/create";
import { loader as limitsLoader, action as uploadAction } from "#app/routes/epaper/upload-pdf";
import { AppError } from "#app/errors/app-error";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { queues } from "#app/jobs/producer.server";
import { closeQueues } from "#app/jobs/queues.server";
import { redis } from "#app/utils/redis.server";
import { CORPUS, type NodeProcess, startRenderNode } from "#tests/support/render-farm";
import { startWorkerHttp } from "#server/worker-http";

type Owner = { accountId: string; userId: string; cookie: string };

const accounts: string[] = [];
let node: NodeProcess;
let workerHttp: http.Server;
let renderWorker: Awaited<ReturnType<typeof startRenderWorker>>;
let workerConnection: Redis;

beforeAll(async () => {
  const env = getEnv();
  expect(env.DATA_DIR).toBe(setup.dataDir);
  workerHttp = await startWorkerHttp({
    host: "127.0.0.1",
    port: env.WORKER_PORT,
    registry: new Registry(),
    blobs,
    secret: env.SESSION_SECRET,
    health: async () => ({ status: "ok" as const }),
  });
  node = await startRenderNode({
    port: setup.nodePort,
    redisUrl: setup.redisUrl,
    capacity: 2,
    env: { RENDER_NODE_TOKEN: env.RENDER_NODE_TOKEN },
  });
  workerConnection = new Redis(setup.redisUrl, { maxRetriesPerRequest: null });
  renderWorker = await startRenderWorker({
    connection: workerConnection,
    redisUrl: setup.redisUrl,
    deps: renderDepsFromEnv(env, { db, redis, blobs }, { log: () => {} }),
    concurrency: 1,
  });
}, 60_000);

afterAll(async () => {
  await renderWorker?.close();
  await node?.kill();
  workerHttp?.close();
  for (const accountId of accounts) await removeAccount({ db, blobs, redis }, accountId).catch(() => {});
  await closeQueues(queues);
  workerConnection?.disconnect();
  redis.disconnect();
  await db.destroy();
  await rm(setup.dataDir, { recursive: true, force: true });
});

async function login(userId: string) {
  const session = await createSession(db, { userId, remember: true });
  const setCookie = await commitSessionHeader(session.id, { expires: session.cookieExpires });
  return { cookie: setCookie.split(";")[0] as string, sessionId: session.id };
}

async function registeredOwner(options: { isTemporary?: boolean } = {}): Promise<Owner> {
  const ids = await db.transaction().execute((trx) =>
    insertAccountWithOwner(trx, {
      account: { name: `Upload test ${createId()}`, isGenerated: false, isTemporary: options.isTemporary ?? false },
      user: {
        email: `${createId()}@upload.test`,
        firstname: "Ada",
        lastname: "Upload",
        passwordHash: null,
        emailLanguage: "en",
        isGenerated: false,
        isTemporary: options.isTemporary ?? false,
      },
      permissionType: "owner",
    }),
  );
  accounts.push(ids.accountId);
  return { ...ids, cookie: (await login(ids.userId)).cookie };
}

async function generatedOwner(): Promise<Owner> {
  const ids = await createGeneratedAccount(db, { locale: "en" });
  accounts.push(ids.accountId);
  return { ...ids, cookie: (await login(ids.userId)).cookie };
}

const corpus = (file: string) => readFile(path.join(CORPUS, file));

type Part = { data: Buffer | string; name: string; field?: string };

function uploadRequest(parts: Part[], cookie?: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  for (const [field, value] of Object.entries(extra)) form.append(field, value);
  for (const part of parts)
    form.append(
      part.field ?? "file",
      new Blob([typeof part.data === "string" ? part.data : new Uint8Array(part.data)], { type: "application/pdf" }),
      part.name,
    );
  return new Request("http://localhost/upload-pdf", { method: "POST", body: form, headers: cookie ? { Cookie: cookie } : {} });
}

type Args = Parameters<typeof uploadAction>[0];
const args = (request: Request) => ({ request, params: {}, context: {} }) as unknown as Args;

async function upload(parts: Part[], cookie?: string) {
  const response = await uploadAction(args(uploadRequest(parts, cookie)));
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

async function create(fields: Record<string, string>, cookie?: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request("http://localhost/epaper/create", { method: "POST", body: form, headers: cookie ? { Cookie: cookie } : {} });
  const response = await createAction(args(request) as unknown as Parameters<typeof createAction>[0]);
  return { status: response.status, body: (await response.json()) as unknown };
}

/** Every file and write in progress under uploads/ (names only). */
async function storedUploads() {
  try {
    return (await readdir(path.join(setup.dataDir, "uploads"))).sort();
  } catch {
    return [];
  }
}

async function uploadRows(accountId: string) {
  return db.selectFrom("upload").selectAll().where("accountId", "=", accountId).execute();
}

function errorOf(body: unknown) {
  expect(isApiErrorBody(body), JSON.stringify(body)).toBe(true);
  return (body as { error: { messageKey: string; params: Record<string, unknown> } }).error;
}

/** A refusal: the answer, and nothing stored for the account (no file, no row). */
async function expectRefusal(owner: Owner, run: () => Promise<{ status: number; body: unknown }>, status: number, messageKey: string) {
  const [filesBefore, rowsBefore] = [await storedUploads(), (await uploadRows(owner.accountId)).length];
  const answer = await run();
  expect({ status: answer.status, messageKey: errorOf(answer.body).messageKey }).toEqual({ status, messageKey });
  expect(await storedUploads()).toEqual(filesBefore);
  expect((await uploadRows(owner.accountId)).length).toBe(rowsBefore);
  return errorOf(answer.body);
}

describe("POST /upload-pdf", () => {
  test("streams a multi-page PDF into the blob store and answers its id and page count", async () => {
    const owner = await registeredOwner();
    const data = await corpus("pdfjs__tracemonkey.pdf");
    const before = Date.now();
    const answer = await upload([{ data, name: "Trace Monkey.pdf" }], owner.cookie);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const body = answer.body as { id: string; numPages: number; fileName: string };
    expect(body).toEqual({ id: expect.any(String), numPages: 14, fileName: "Trace Monkey.pdf" });

    const row = await db.selectFrom("upload").selectAll().where("id", "=", body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      accountId: owner.accountId,
      userId: owner.userId,
      purpose: "epaper",
      blobKey: `uploads/${body.id}.pdf`,
      originalName: "Trace Monkey.pdf",
      sizeInByte: data.length,
      numPages: 14,
      consumedAt: null,
    });
    expect(Number(row.sizeInByte)).toBe(data.length);
    const expiresIn = (row.expiresAt?.getTime() ?? 0) - before;
    expect(expiresIn).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(expiresIn).toBeLessThan(24 * 3600_000 + 60_000);
    expect(row.analysis).toMatchObject({ pageCount: 14, ownerEncrypted: false });
    expect((row.analysis as { pages: unknown[] }).pages).toHaveLength(14);
    // The stored bytes are the uploaded bytes.
    expect((await blobs.read(row.blobKey)).equals(data)).toBe(true);
    expect(await storedUploads()).toContain(`${body.id}.pdf`);
  });

  test("recognises a PDF by its content, not by its name", async () => {
    const owner = await registeredOwner();
    const answer = await upload([{ data: await corpus("pdfjs__nested_outline.pdf"), name: "outline.txt" }], owner.cookie);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ numPages: 9, fileName: "outline.txt" });
  });

  test("refuses a password-protected PDF", async () => {
    const owner = await registeredOwner();
    const data = await corpus("opf__simple-open-password.pdf");
    await expectRefusal(owner, () => upload([{ data, name: "secret.pdf" }], owner.cookie), 422, "render.errors.pdfPasswordProtected");
  });

  test("refuses a renamed non-PDF by its content, before any render node sees it", async () => {
    const owner = await registeredOwner();
    for (const file of ["opf__renamed_lorem-ipsum.docx.pdf", "opf__renamed_lorem-ipsum.htm.pdf", "qpdf__bad1.pdf"]) {
      const data = await corpus(file);
      await expectRefusal(owner, () => upload([{ data, name: file }], owner.cookie), 422, "render.errors.pdfNotAPdf");
    }
    // An empty file with a name is a file, and not a PDF.
    await expectRefusal(owner, () => upload([{ data: "", name: "empty.pdf" }], owner.cookie), 422, "render.errors.pdfNotAPdf");
  });

  test("refuses a damaged PDF", async () => {
    const owner = await registeredOwner();
    const data = await corpus("pdflib__missing_xref_trailer_dict.pdf");
    await expectRefusal(owner, () => upload([{ data, name: "broken.pdf" }], owner.cookie), 422, "render.errors.pdfDamaged");
  });

  test("refuses a request without a file, and a second file", async () => {
    const owner = await registeredOwner();
    const pdf = await corpus("qpdf__link-annots.pdf");
    await expectRefusal(
      owner,
      async () => {
        const response = await uploadAction(args(uploadRequest([], owner.cookie, { name: "no file here" })));
        return { status: response.status, body: await response.json() };
      },
      400,
      "upload.errors.noFile",
    );
    await expectRefusal(
      owner,
      async () => {
        const request = new Request("http://localhost/upload-pdf", {
          method: "POST",
          body: JSON.stringify({ file: "x" }),
          headers: { Cookie: owner.cookie, "Content-Type": "application/json" },
        });
        const response = await uploadAction(args(request));
        return { status: response.status, body: await response.json() };
      },
      400,
      "upload.errors.noFile",
    );
    // A file under another field name is not the upload.
    await expectRefusal(owner, () => upload([{ data: pdf, name: "a.pdf", field: "document" }], owner.cookie), 400, "upload.errors.noFile");
    await expectRefusal(
      owner,
      () =>
        upload(
          [
            { data: pdf, name: "a.pdf" },
            { data: pdf, name: "b.pdf" },
          ],
          owner.cookie,
        ),
      400,
      "upload.errors.oneFileOnly",
    );
  });

  test("refuses a file over the size limit without storing it, and a PDF with too many pages", async () => {
    const owner = await registeredOwner();
    const studio = await studioOf(owner);
    const deps = uploadDeps({ maxBytes: 1024 * 1024, maxPages: 10 });
    const large = await corpus("onetag__magazine.pdf"); // 1.6 MB
    const run = (parts: Part[]) => async () => {
      try {
        return { status: 200, body: await receiveUpload(deps, studio, uploadRequest(parts, owner.cookie)) };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { status: error.status, body: { error: { messageKey: error.messageKey, params: error.params } } };
      }
    };
    const tooLarge = await expectRefusal(owner, run([{ data: large, name: "big.pdf" }]), 413, "upload.errors.fileUploadExceeded");
    expect(tooLarge.params).toEqual({ size: 1 });
    const tooMany = await expectRefusal(
      owner,
      run([{ data: await corpus("pdfjs__tracemonkey.pdf"), name: "14 pages.pdf" }]),
      422,
      "upload.errors.tooManyPages",
    );
    expect(tooMany.params).toEqual({ max: 10 });
    // Just under both limits it passes.
    expect((await run([{ data: await corpus("pdfjs__nested_outline.pdf"), name: "9 pages.pdf" }])()).status).toBe(200);
  });

  test("a generated user uploads again only 60 s after the last upload", async () => {
    const owner = await generatedOwner();
    const pdf = await corpus("qpdf__link-annots.pdf");
    const first = await upload([{ data: pdf, name: "first.pdf" }], owner.cookie);
    expect(first.status).toBe(200);
    const user = await db.selectFrom("user").select("documentUploadedAt").where("id", "=", owner.userId).executeTakeFirstOrThrow();
    expect(user.documentUploadedAt).toBeInstanceOf(Date);

    const [filesBefore, rowsBefore] = [await storedUploads(), (await uploadRows(owner.accountId)).length];
    const second = await upload([{ data: pdf, name: "second.pdf" }], owner.cookie);
    expect(second.status).toBe(429);
    const error = errorOf(second.body);
    expect(error.messageKey).toBe("upload.errors.cooldown");
    expect(error.params.seconds).toBeGreaterThanOrEqual(55);
    expect(error.params.seconds).toBeLessThanOrEqual(60);
    expect(second.headers.get("Retry-After")).toBe(String(error.params.seconds));
    expect(await storedUploads()).toEqual(filesBefore);
    expect((await uploadRows(owner.accountId)).length).toBe(rowsBefore);

    const limits = (await (
      await limitsLoader(args(new Request("http://localhost/upload-pdf", { headers: { Cookie: owner.cookie } })))
    ).json()) as UploadLimits;
    expect(limits).toMatchObject({ maxSizeMb: 200, maxPages: 1000, cooldownSeconds: 60 });
    expect(limits.remainingCooldownSeconds).toBeGreaterThan(50);

    // A minute later the next upload passes, and the countdown starts again from it.
    const later = new Date(Date.now() + 61_000);
    const third = await receiveUpload(
      { ...uploadDeps(), now: () => later },
      await studioOf(owner),
      uploadRequest([{ data: pdf, name: "third.pdf" }]),
    );
    expect(third.numPages).toBe(4);
    const after = await db.selectFrom("user").select("documentUploadedAt").where("id", "=", owner.userId).executeTakeFirstOrThrow();
    expect(after.documentUploadedAt?.getTime()).toBe(later.getTime());
  });

  test("a registered user has no cooldown", async () => {
    const owner = await registeredOwner();
    const pdf = await corpus("qpdf__link-annots.pdf");
    expect((await upload([{ data: pdf, name: "1.pdf" }], owner.cookie)).status).toBe(200);
    expect((await upload([{ data: pdf, name: "2.pdf" }], owner.cookie)).status).toBe(200);
  });

  test("without a live session the answer is JSON 401, and nothing is stored", async () => {
    const owner = await registeredOwner();
    const pdf = await corpus("qpdf__link-annots.pdf");
    await expectRefusal(owner, () => upload([{ data: pdf, name: "a.pdf" }]), 401, "errors.sessionExpired");
    const { cookie, sessionId } = await login(owner.userId);
    await revokeSession(db, sessionId, "logout");
    const response = await uploadAction(args(uploadRequest([{ data: pdf, name: "a.pdf" }], cookie)));
    expect(response.status).toBe(401);
    expect(response.headers.get("Set-Cookie")).toMatch(/ep_session=;/);
    expect(errorOf(await response.json()).messageKey).toBe("errors.sessionExpired");
    const limits = await limitsLoader(args(new Request("http://localhost/upload-pdf")));
    expect(limits.status).toBe(401);
  });

  test("an unconfirmed registered user is asked to confirm first", async () => {
    const owner = await registeredOwner({ isTemporary: true });
    const pdf = await corpus("qpdf__link-annots.pdf");
    await expectRefusal(owner, () => upload([{ data: pdf, name: "a.pdf" }], owner.cookie), 403, "upload.errors.userNotConfirmed");
  });

  test("without a render node the upload is refused as unavailable, before the body is read", async () => {
    const owner = await registeredOwner();
    const empty = new Redis(setup.redisUrl, { keyPrefix: "no-farm-here:" });
    try {
      const deps = { ...uploadDeps(), render: { ...uploadDeps().render, redis: empty } };
      const studio = await studioOf(owner);
      const pdf = await corpus("qpdf__link-annots.pdf");
      await expectRefusal(
        owner,
        async () => {
          try {
            return { status: 200, body: await receiveUpload(deps, studio, uploadRequest([{ data: pdf, name: "a.pdf" }])) };
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            return { status: error.status, body: { error: { messageKey: error.messageKey, params: error.params } } };
          }
        },
        503,
        "upload.errors.noRenderNode",
      );
    } finally {
      empty.disconnect();
    }
  });

  test("a client that leaves mid-upload leaves no file and no row", async () => {
    const owner = await registeredOwner();
    const pdf = await corpus("onetag__magazine.pdf");
    const boundary = "----upload-test-boundary";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="left.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const client = new AbortController();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent >= 600_000) {
          // The browser tab closes: the request's signal aborts and the body breaks off.
          client.abort();
          controller.error(new Error("aborted"));
          return;
        }
        controller.enqueue(pdf.subarray(sent, sent + 100_000));
        sent += 100_000;
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    });
    const request = new Request("http://localhost/upload-pdf", {
      method: "POST",
      body,
      duplex: "half",
      signal: client.signal,
      headers: { Cookie: owner.cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    const [filesBefore, rowsBefore] = [await storedUploads(), (await uploadRows(owner.accountId)).length];
    const response = await uploadAction(args(request));
    expect(response.status).toBe(400);
    expect(sent).toBeGreaterThanOrEqual(600_000);
    expect(await storedUploads()).toEqual(filesBefore);
    expect((await uploadRows(owner.accountId)).length).toBe(rowsBefore);
  });
});

describe("POST /epaper/create", () => {
  async function uploaded(owner: Owner, file = "qpdf__link-annots.pdf") {
    const answer = await upload([{ data: await corpus(file), name: file }], owner.cookie);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { id: string; numPages: number };
  }

  test("creates the ePaper with its settings, consumes the upload, and the render completes", async () => {
    const owner = await registeredOwner();
    const file = await uploaded(owner);
    const answer = await create({ name: "  Spring catalogue  ", languageCode: "de", fileId: file.id }, owner.cookie);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { id } = answer.body as { id: string };

    const root = await db
      .selectFrom("folder")
      .select("id")
      .where("accountId", "=", owner.accountId)
      .where("parentId", "is", null)
      .executeTakeFirstOrThrow();
    const epaper = await db.selectFrom("epaper").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(epaper).toMatchObject({
      accountId: owner.accountId,
      folderId: root.id,
      createdByUserId: owner.userId,
      sourceUploadId: file.id,
      languageCode: "de",
      name: "Spring catalogue",
      pageCount: 4,
      fromTemporaryAccount: false,
      removeAt: null,
      processType: "rendering",
    });
    const settings = await db.selectFrom("epaperSetting").selectAll().where("epaperId", "=", id).executeTakeFirstOrThrow();
    expect(settings).toMatchObject({
      clickAreaColor: "#c0c0c026",
      clickAreaHoverColor: "#c0c0c080",
      defaultInterfaceBackgroundColor: "#ffffff",
    });
    const upload = await db.selectFrom("upload").select("consumedAt").where("id", "=", file.id).executeTakeFirstOrThrow();
    expect(upload.consumedAt).toBeInstanceOf(Date);
    const process = await db.selectFrom("renderProcess").selectAll().where("epaperId", "=", id).executeTakeFirstOrThrow();
    expect(process).toMatchObject({ pageCount: 4, jobId: `render-${id}-r1` });

    // The worker takes the job and the render node renders every page.
    const deadline = Date.now() + 60_000;
    let rendered = await db.selectFrom("epaper").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    while (!rendered.isRendered && !rendered.processError && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rendered = await db.selectFrom("epaper").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    }
    expect(rendered).toMatchObject({ isRendered: true, processRunning: false, processError: null, pageCount: 4 });
    const pages = await db.selectFrom("page").select("page").where("epaperId", "=", id).orderBy("page").execute();
    expect(pages.map((page) => page.page)).toEqual([1, 2, 3, 4]);

    // The same upload cannot become a second ePaper: asking again (a double click) gets the same one back.
    const again = await create({ name: "Twice", languageCode: "de", fileId: file.id }, owner.cookie);
    expect({ status: again.status, body: again.body }).toEqual({ status: 200, body: { id } });
    expect(await db.selectFrom("epaper").select("id").where("sourceUploadId", "=", file.id).execute()).toEqual([{ id }]);
  }, 90_000);

  // Issue 15: a double click answered 'The uploaded PDF is no longer available' although the ePaper existed.
  test("two create requests for one upload at once make one ePaper, and both get it", async () => {
    const owner = await registeredOwner();
    const file = await uploaded(owner);
    const [first, second] = await Promise.all(
      [1, 2].map(() => create({ name: "Double click", languageCode: "en", fileId: file.id }, owner.cookie)),
    );
    expect([first?.status, second?.status]).toEqual([200, 200]);
    expect(first?.body).toEqual(second?.body);
    expect(await db.selectFrom("epaper").select("id").where("sourceUploadId", "=", file.id).execute()).toHaveLength(1);
  }, 60_000);

  test("an unknown, foreign or expired upload is not found", async () => {
    const owner = await registeredOwner();
    const stranger = await registeredOwner();
    const foreign = await uploaded(stranger);
    const expired = await uploaded(owner);
    await db
      .updateTable("upload")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where("id", "=", expired.id)
      .execute();
    for (const fileId of ["", createId(), foreign.id, expired.id]) {
      const answer = await create({ name: "Nope", languageCode: "en", fileId }, owner.cookie);
      expect({ fileId, status: answer.status, key: errorOf(answer.body).messageKey }).toEqual({
        fileId,
        status: 404,
        key: "upload.errors.pdfSourceNotFoundUploadAgain",
      });
    }
    expect(await db.selectFrom("epaper").select("id").where("accountId", "=", owner.accountId).execute()).toEqual([]);
    const stillFree = await db.selectFrom("upload").select("consumedAt").where("id", "=", foreign.id).executeTakeFirstOrThrow();
    expect(stillFree.consumedAt).toBeNull();
  });

  test("places the ePaper in a folder of the account, never in another account's", async () => {
    const owner = await registeredOwner();
    const stranger = await registeredOwner();
    const root = await db.selectFrom("folder").select("id").where("accountId", "=", owner.accountId).executeTakeFirstOrThrow();
    const mine = createId();
    await db.insertInto("folder").values({ id: mine, accountId: owner.accountId, parentId: root.id, name: "Brochures" }).execute();
    const theirs = await db.selectFrom("folder").select("id").where("accountId", "=", stranger.accountId).executeTakeFirstOrThrow();

    const file = await uploaded(owner);
    const refused = await create({ name: "Elsewhere", languageCode: "en", fileId: file.id, parentId: theirs.id }, owner.cookie);
    expect({ status: refused.status, key: errorOf(refused.body).messageKey }).toEqual({ status: 404, key: "upload.errors.folderNotFound" });
    const upload = await db.selectFrom("upload").select("consumedAt").where("id", "=", file.id).executeTakeFirstOrThrow();
    expect(upload.consumedAt).toBeNull();

    const placed = await create({ name: "Here", languageCode: "en", fileId: file.id, parentId: mine }, owner.cookie);
    expect(placed.status).toBe(200);
    const epaper = await db
      .selectFrom("epaper")
      .select("folderId")
      .where("id", "=", (placed.body as { id: string }).id)
      .executeTakeFirstOrThrow();
    expect(epaper.folderId).toBe(mine);
  });

  test("checks name and language", async () => {
    const owner = await registeredOwner();
    const file = await uploaded(owner);
    const blank = await create({ name: "   ", languageCode: "en", fileId: file.id }, owner.cookie);
    expect({ status: blank.status, key: errorOf(blank.body).messageKey }).toEqual({ status: 400, key: "upload.errors.nameRequired" });
    const language = await create({ name: "Name", languageCode: "xx", fileId: file.id }, owner.cookie);
    expect({ status: language.status, key: errorOf(language.body).messageKey }).toEqual({
      status: 400,
      key: "upload.errors.languageNotFound",
    });
    // A long name is cut to 250 characters.
    const long = await create({ name: `${"n".repeat(300)}`, languageCode: "zh_Hans", fileId: file.id }, owner.cookie);
    expect(long.status).toBe(200);
    const epaper = await db
      .selectFrom("epaper")
      .select(["name", "languageCode"])
      .where("id", "=", (long.body as { id: string }).id)
      .executeTakeFirstOrThrow();
    expect(epaper).toEqual({ name: "n".repeat(250), languageCode: "zh_Hans" });
  });

  test("a try-it account's ePapers share its storage time, up to its limit", async () => {
    const owner = await generatedOwner();
    const file = await uploaded(owner);
    const answer = await create({ name: "Try", languageCode: "en", fileId: file.id }, owner.cookie);
    expect(answer.status).toBe(200);
    const account = await db.selectFrom("account").select("removeAt").where("id", "=", owner.accountId).executeTakeFirstOrThrow();
    const epaper = await db
      .selectFrom("epaper")
      .select(["removeAt", "fromTemporaryAccount"])
      .where("id", "=", (answer.body as { id: string }).id)
      .executeTakeFirstOrThrow();
    expect(epaper).toEqual({ removeAt: account.removeAt, fromTemporaryAccount: true });

    // Up to the limit (deleted ones count: rendering them cost the same).
    for (let index = 1; index < GENERATED_ACCOUNT_EPAPER_LIMIT; index++) {
      await db
        .insertInto("epaper")
        .values({
          id: createId(),
          accountId: owner.accountId,
          languageCode: "en",
          name: `filler ${index}`,
          deletedAt: index === 1 ? new Date() : null,
        })
        .execute();
    }
    const spare = await receiveUpload(
      { ...uploadDeps(), now: () => new Date(Date.now() + 61_000) },
      await studioOf(owner),
      uploadRequest([{ data: await corpus("qpdf__link-annots.pdf"), name: "spare.pdf" }]),
    ).catch((error: unknown) => error);
    // The upload card learns it before sending the file...
    expect(spare).toBeInstanceOf(AppError);
    expect(spare).toMatchObject({
      status: 429,
      messageKey: "upload.errors.epaperLimitReached",
      params: { max: GENERATED_ACCOUNT_EPAPER_LIMIT },
    });
    // ...and an upload from before the limit cannot pass it either.
    const early = createId();
    await db
      .insertInto("upload")
      .values({
        id: early,
        accountId: owner.accountId,
        blobKey: `uploads/${early}.pdf`,
        originalName: "early.pdf",
        sizeInByte: 1,
        numPages: 1,
      })
      .execute();
    const refused = await create({ name: "One more", languageCode: "en", fileId: early }, owner.cookie);
    expect({ status: refused.status, key: errorOf(refused.body).messageKey }).toEqual({
      status: 429,
      key: "upload.errors.epaperLimitReached",
    });
  });

  test("without a session: JSON 401", async () => {
    const answer = await create({ name: "x", languageCode: "en", fileId: createId() });
    expect({ status: answer.status, key: errorOf(answer.body).messageKey }).toEqual({ status: 401, key: "errors.sessionExpired" });
  });

  test("when the render cannot be queued the ePaper is undone and the upload can be used again", async () => {
    const owner = await registeredOwner();
    const file = await uploaded(owner);
    const broken = {
      add: async () => {
        throw new Error("Redis is down");
      },
    } as unknown as Queue;
    const error = await createEpaperFromUpload({ db, redis, queue: broken }, await studioOf(owner), {
      name: "Unlucky",
      languageCode: "en",
      fileId: file.id,
      parentId: null,
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 500, messageKey: "upload.errors.somethingWentWrong" });
    expect(await db.selectFrom("epaper").select("id").where("accountId", "=", owner.accountId).execute()).toEqual([]);
    const upload = await db.selectFrom("upload").select("consumedAt").where("id", "=", file.id).executeTakeFirstOrThrow();
    expect(upload.consumedAt).toBeNull();
    // The card may try again with the same upload.
    expect((await create({ name: "Lucky", languageCode: "en", fileId: file.id }, owner.cookie)).status).toBe(200);
  });
});

function uploadDeps(config: Partial<UploadDeps["config"]> = {}): UploadDeps {
  const env = getEnv();
  return {
    db,
    blobs,
    render: { redis, signedUrl: async (key) => signBlobUrl(env.WORKER_URL, env.SESSION_SECRET, key, 60_000), token: env.RENDER_NODE_TOKEN },
    config: { maxBytes: env.UPLOAD_MAX_MB * 1024 * 1024, maxPages: env.UPLOAD_MAX_PAGES, ...config },
  };
}

/** The user and permission subject the route would compute from the cookie. */
async function studioOf(owner: Owner) {
  const result = await getSessionUser(db, new Request("http://localhost/", { headers: { Cookie: owner.cookie } }));
  if (result.status !== "active") throw new Error("no session");
  return { user: result.user, subject: toPermissionSubject(result.user, { maintenanceActive: false }) };
}
