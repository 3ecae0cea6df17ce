export { type ApiErrorBody, isApiErrorBody } from "#app/errors/api-error-body";

/**
 * The HTTP contract of the upload card (studio-core.md §4 "Upload flow", "Creating an ePaper"),
 * shared by the resource routes and the browser. Pure: no server code.
 * Decisions: docs/decisions/0018-upload.md.
 *
 * 1. `POST /upload-pdf`, multipart/form-data with exactly one file field named `file`:
 *    200 `UploadPdfSuccess`, otherwise `ApiErrorBody`.
 * 2. `POST /epaper/create`, form fields `name`, `languageCode`, `fileId`, optional `parentId`:
 *    200 `CreateEpaperSuccess`, otherwise `ApiErrorBody`.
 */
export const UPLOAD_PDF_PATH = "/upload-pdf";
/** Every address that takes a PDF upload (a new ePaper, pages to insert, a page to replace): each gets the upload's body limit. */
export const PDF_UPLOAD_PATHS: readonly string[] = [UPLOAD_PDF_PATH, "/upload-pdf-exchange", "/upload-pdf-replace"];
/** The public API's upload (issue 32): the same body limit, its refusal a problem document. */
export const API_UPLOAD_PATH = "/api/v1/uploads";
/** Room for the multipart framing around the file. */
export const UPLOAD_MULTIPART_OVERHEAD_BYTES = 1024 * 1024;
/** The largest body an upload may declare: the file's limit and its framing. */
export const uploadBodyLimitBytes = (maxFileBytes: number) => maxFileBytes + UPLOAD_MULTIPART_OVERHEAD_BYTES;
export const CREATE_EPAPER_PATH = "/epaper/create";
/** The multipart field that carries the PDF. */
export const UPLOAD_FILE_FIELD = "file";

/** How long an upload waits to become an ePaper before the maintenance job removes it. */
export const UPLOAD_TTL_MS = 24 * 60 * 60_000;
/** Generated (try-it) users: the next upload only this long after the last one (studio-core.md §4, §9). */
export const GENERATED_UPLOAD_COOLDOWN_MS = 60_000;
/** ePapers a generated (try-it) account may create in its life; registered accounts have no limit. */
export const GENERATED_ACCOUNT_EPAPER_LIMIT = 5;
/** ePaper names are trimmed and cut to this length (studio-core.md §5). */
export const EPAPER_NAME_MAX = 250;

export type UploadPdfSuccess = { id: string; numPages: number; fileName: string };
export type CreateEpaperSuccess = { id: string };

/** Limits the upload card may show before it sends anything (GET /upload-pdf). */
export type UploadLimits = { maxSizeMb: number; maxPages: number; cooldownSeconds: number; remainingCooldownSeconds: number };
