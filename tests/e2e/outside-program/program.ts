import createClient from "openapi-fetch";
// Generated from the running studio's /api/v1/openapi.json at test time (openapi-typescript; ../api-journey.test.ts).
import type { paths } from "./api.gen.ts";

/*
 * An outside program against the public API (issue 45 item 9), written as an integrator writes
 * one: a client generated from the live OpenAPI document (openapi-typescript) and openapi-fetch,
 * no cast, no hand-written serializer or type. The journey type-checks this file against the
 * types it generated from the running studio before it runs it, so a document that does not say
 * what the API does fails the journey here. It knows nothing of the studio's code.
 */

export type ProgramOptions = {
  baseUrl: string;
  token: string;
  /** An address the studio may fetch the PDF from (the program's own server). */
  importUrl: string;
  /** Two different PDFs to upload directly. */
  pdf: Blob;
  otherPdf: Blob;
  /** Every answer the program receives, to be checked against the document by the caller. */
  onAnswer: (method: string, response: Response) => Promise<void>;
  /** Waits between polls. */
  pause: (ms: number) => Promise<void>;
};

/** What the program saw, for the journey to assert. */
export type ProgramReport = Record<string, unknown>;

const problemType = (error: unknown) =>
  error && typeof error === "object" && "type" in error ? String(error.type).split("#problem-")[1] : undefined;

export async function runOutsideProgram(options: ProgramOptions): Promise<ProgramReport> {
  const client = createClient<paths>({ baseUrl: options.baseUrl, headers: { Authorization: `Bearer ${options.token}` } });
  client.use({ onResponse: async ({ request, response }) => void (await options.onAnswer(request.method, response.clone())) });
  const report: ProgramReport = {};

  // Import from the program's own server.
  const imported = await client.POST("/api/v1/uploads", { body: { url: options.importUrl } });
  if (!imported.data) throw new Error(`import: ${imported.response.status} ${JSON.stringify(imported.error)}`);
  report.imported = { status: imported.response.status, fileName: imported.data.fileName, pageCount: imported.data.pageCount };

  // A multipart upload with an Idempotency-Key, its replay, and the key with another file.
  const form = (file: Blob) => {
    const body = new FormData();
    body.set("file", file, "direct.pdf");
    return body;
  };
  const upload = (file: Blob, key: string) =>
    client.POST("/api/v1/uploads", { body: form(file), params: { header: { "Idempotency-Key": key } } });
  const direct = await upload(options.pdf, "direct-1");
  const replay = await upload(options.pdf, "direct-1");
  const otherFile = await upload(options.otherPdf, "direct-1");
  report.direct = {
    status: direct.response.status,
    sameId: direct.data?.id === replay.data?.id,
    replayed: replay.response.headers.get("Idempotent-Replayed"),
    otherFileStatus: otherFile.response.status,
  };
  // No file at all: 422 naming the field.
  const noFile = await client.POST("/api/v1/uploads", { body: new FormData() });
  report.noFile = { status: noFile.response.status, fields: noFile.error?.errors?.map((entry) => entry.field) };

  // Create (with a retry under the same key), then poll until rendered.
  const create = () =>
    client.POST("/api/v1/epapers", {
      body: { uploadId: imported.data.id, name: "Autumn catalogue", languageCode: "en" },
      params: { header: { "Idempotency-Key": `create-${imported.data.id}` } },
    });
  const created = await create();
  const retried = await create();
  if (!created.data) throw new Error(`create: ${created.response.status}`);
  const epaperId = created.data.id;
  report.created = {
    status: created.response.status,
    sameId: retried.data?.id === epaperId,
    replayed: retried.response.headers.get("Idempotent-Replayed"),
  };
  const path = { epaperId };
  let epaper = created.data;
  for (let polls = 0; polls < 240 && !(epaper.isRendered && !epaper.process.running); polls++) {
    await options.pause(1_000);
    const polled = await client.GET("/api/v1/epapers/{epaperId}", { params: { path } });
    if (polled.data) epaper = polled.data;
  }
  report.rendered = { isRendered: epaper.isRendered, processType: epaper.process.type, pages: epaper.pages.length };

  // A page image by the address the ePaper names, then again with its ETag: 304 without a body.
  const thumbnail = new URL(epaper.pages[0]?.thumbnail?.url ?? "", options.baseUrl);
  // /api/v1/epapers/{epaperId}/pages/{pageNumber}/{file}
  const [, , , , , , pageNumber = "1", file = ""] = thumbnail.pathname.split("/");
  const imagePath = { epaperId, pageNumber: Number(pageNumber), file };
  const version = Number(thumbnail.searchParams.get("v") ?? 0);
  const image = await client.GET("/api/v1/epapers/{epaperId}/pages/{pageNumber}/{file}", {
    params: { path: imagePath, query: { v: version } },
    parseAs: "blob",
  });
  const etag = image.response.headers.get("ETag") ?? "";
  const again = await client.GET("/api/v1/epapers/{epaperId}/pages/{pageNumber}/{file}", {
    params: { path: imagePath, query: { v: version }, header: { "If-None-Match": etag } },
    parseAs: "blob",
  });
  report.image = { status: image.response.status, type: image.data?.type, size: image.data?.size ?? 0, revalidated: again.response.status };

  // Rename; an empty change changes nothing.
  const renamed = await client.PATCH("/api/v1/epapers/{epaperId}", { params: { path }, body: { name: "Autumn catalogue 2026" } });
  const unchanged = await client.PATCH("/api/v1/epapers/{epaperId}", { params: { path }, body: {} });
  report.renamed = {
    status: renamed.response.status,
    name: renamed.data?.name,
    unchangedStatus: unchanged.response.status,
    unchangedName: unchanged.data?.name,
  };

  // A preview, found among the publications by the id the publish answered.
  const preview = await client.POST("/api/v1/epapers/{epaperId}/publications", { params: { path }, body: { type: "preview" } });
  const publicationId = preview.data?.publicationId ?? null;
  let previewAddress: string | null = null;
  for (let polls = 0; polls < 120 && previewAddress === null; polls++) {
    const listed = await client.GET("/api/v1/publications", { params: { query: { epaperId, type: "preview" } } });
    previewAddress = listed.data?.items.find((item) => item.id === publicationId)?.url ?? null;
    if (previewAddress === null) await options.pause(1_000);
  }
  report.preview = { status: preview.response.status, publicationId, previewAddress };

  // A zip, its contingent unit confirmed (should a process still run: 409 epaper-busy, again after
  // Retry-After); downloaded once it is listed.
  let zip = await client.POST("/api/v1/epapers/{epaperId}/publications", { params: { path }, body: { type: "zip", confirmCharge: true } });
  for (let tries = 0; tries < 60 && zip.response.status === 409 && problemType(zip.error) === "epaper-busy"; tries++) {
    await options.pause(Math.min(Number(zip.response.headers.get("Retry-After") ?? 1), 2) * 1_000);
    zip = await client.POST("/api/v1/epapers/{epaperId}/publications", { params: { path }, body: { type: "zip", confirmCharge: true } });
  }
  let zipListed = false;
  for (let polls = 0; polls < 120 && !zipListed; polls++) {
    const listed = await client.GET("/api/v1/publications", { params: { query: { epaperId, type: "zip" } } });
    zipListed = listed.data?.items.some((item) => item.id === zip.data?.publicationId) ?? false;
    if (!zipListed) await options.pause(1_000);
  }
  const archive = await client.GET("/api/v1/epapers/{epaperId}/zip", { params: { path }, parseAs: "arrayBuffer" });
  const magic = archive.data ? new TextDecoder().decode(new Uint8Array(archive.data).subarray(0, 2)) : "";
  report.zip = { status: zip.response.status, listed: zipListed, download: archive.response.status, magic };

  const channels = await client.GET("/api/v1/channels", { params: { query: { limit: 10 } } });
  report.channels = { status: channels.response.status, count: channels.data?.items.length };
  report.epaperId = epaperId;
  return report;
}

/** Deletes the ePaper; answers the delete's status and what a read says afterwards. */
export async function deleteWithProgram(options: Pick<ProgramOptions, "baseUrl" | "token" | "onAnswer">, epaperId: string) {
  const client = createClient<paths>({ baseUrl: options.baseUrl, headers: { Authorization: `Bearer ${options.token}` } });
  client.use({ onResponse: async ({ request, response }) => void (await options.onAnswer(request.method, response.clone())) });
  const deleted = await client.DELETE("/api/v1/epapers/{epaperId}", { params: { path: { epaperId } } });
  const after = await client.GET("/api/v1/epapers/{epaperId}", { params: { path: { epaperId } } });
  return { deleted: deleted.response.status, after: after.response.status, afterCode: after.error?.code };
}
