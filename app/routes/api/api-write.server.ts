import type { z } from "zod";
import { type ApiCaller, requireApiKey } from "#app/auth/api-key.server";
import { AppError } from "#app/errors/app-error";
import { problemResponse } from "#app/errors/problem.server";
import {
  assertIdempotencyKey,
  claimIdempotencyKey,
  completeIdempotencyKey,
  type IdempotencyClaim,
  releaseIdempotencyKey,
  requestFingerprint,
} from "#app/models/api-idempotency.server";
import type { ApiKeyScope } from "#app/rules/api-keys";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";

/*
 * The frame of every write of the public API (issue 32, ADR 0056), beside apiRead: the bearer key
 * checked for the write's scope, the body read and checked (JSON through the route's schema; a
 * multipart upload is the route's own), `Idempotency-Key` honoured on POST (a retry with the same
 * key and request gets the first answer, marked `Idempotent-Replayed: true`), the answer
 * serialised through the route's response schema, and every error as application/problem+json.
 */

/** A JSON body is a few short fields; anything bigger is refused while it is read. */
const MAX_JSON_BYTES = 64 * 1024;

/**
 * An upload's Idempotency-Key is claimed after the file is stored, when its SHA-256 is known (a
 * different file of the same size is another request); a retry that turns out to repeat a stored
 * answer discards the upload it just made.
 */
export type ClaimAfterRun<R> = { fingerprint: (result: R) => string; discard: (result: R, caller: ApiCaller) => Promise<void> };

export type ApiWrite<I, O, R = z.input<z.ZodType<O>>> = {
  scope: ApiKeyScope;
  /** The success status: 201 created, 202 started, 200 changed, 204 gone (no body). */
  status: 200 | 201 | 202 | 204;
  /** The JSON body's schema; "multipart" leaves the body to `run` (an upload), "none" expects none. */
  body: z.ZodType<I> | "multipart" | "none";
  response: z.ZodType<O> | null;
  run: (caller: ApiCaller, input: I) => Promise<R>;
  /** The answer from what `run` made (default: what it made). */
  answer?: (result: R) => z.input<z.ZodType<O>> | undefined;
  /** The answer as stored for a replay: a secret in it (a preview link's password) is shown once, never replayed. */
  stored?: (answer: O) => O;
  claimAfterRun?: ClaimAfterRun<R>;
};

const invalidBody = (problem: string, status = 422, fields: readonly string[] = []) =>
  new AppError("api.errors.invalidBody", { status, params: { problem }, detail: `invalid body: ${problem}`, fields });

/** The JSON body, read with a byte counter: a chunked body cannot bring more than the limit into memory. */
async function readJson(request: Request): Promise<{ text: string; value: unknown }> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw invalidBody("Content-Type must be application/json");
  if (Number(request.headers.get("content-length") ?? 0) > MAX_JSON_BYTES) throw invalidBody("too large", 413);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_JSON_BYTES) {
        await reader.cancel();
        throw invalidBody("too large", 413);
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return { text, value: JSON.parse(text) };
  } catch {
    throw invalidBody("not JSON");
  }
}

function parseBody<I>(schema: z.ZodType<I>, value: unknown): I {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".") || "body"))];
  throw invalidBody(parsed.error.issues.map((issue) => issue.path.join(".") || issue.message).join(", "), 422, fields);
}

function replay(claim: Extract<IdempotencyClaim, { kind: "replay" }>, headers: Record<string, string>) {
  return new Response(claim.body, {
    status: claim.status,
    headers: {
      ...headers,
      ...(claim.body !== null ? { "Content-Type": claim.status >= 400 ? "application/problem+json" : "application/json" } : {}),
      "Idempotent-Replayed": "true",
    },
  });
}

export async function apiWrite<I, O, R = z.input<z.ZodType<O>>>(request: Request, write: ApiWrite<I, O, R>): Promise<Response> {
  let caller: ApiCaller | null = null;
  let claimed: string | null = null;
  // Once the work is done, a failure after it (storing, serialising) must not free the key: a
  // retry would do the work again (a second zip charge).
  let done = false;
  try {
    caller = await requireApiKey({ db, redis }, request, write.scope);
    const headers = { ...caller.rateLimitHeaders, "Cache-Control": "no-store", Vary: "Authorization, Accept-Language" };
    let input = undefined as I;
    let bodyText = "";
    if (write.body !== "multipart" && write.body !== "none") {
      const json = await readJson(request);
      input = parseBody(write.body, json.value);
      bodyText = json.text;
    }
    const idempotencyKey = request.method === "POST" ? request.headers.get("idempotency-key") : null;
    if (idempotencyKey !== null) assertIdempotencyKey(idempotencyKey);
    const claim = (fingerprintBody: string) =>
      claimIdempotencyKey(db, {
        accountId: caller?.accountId ?? "",
        key: idempotencyKey ?? "",
        fingerprint: requestFingerprint(request.method, request.url, fingerprintBody),
      });
    if (idempotencyKey !== null && !write.claimAfterRun) {
      const claimedBefore = await claim(bodyText);
      if (claimedBefore.kind === "replay") return replay(claimedBefore, headers);
      claimed = claimedBefore.id;
    }
    const result = await write.run(caller, input);
    if (idempotencyKey !== null && write.claimAfterRun) {
      const after = write.claimAfterRun;
      const by = caller;
      const claimedAfter = await claim(after.fingerprint(result)).catch(async (error: unknown) => {
        await after.discard(result, by);
        throw error;
      });
      if (claimedAfter.kind === "replay") {
        await after.discard(result, by);
        return replay(claimedAfter, headers);
      }
      claimed = claimedAfter.id;
    }
    done = true;
    const answer = write.answer ? write.answer(result) : (result as z.input<z.ZodType<O>>);
    const parsed = write.response && write.status !== 204 ? write.response.parse(answer) : null;
    const body = parsed === null ? null : JSON.stringify(parsed);
    if (claimed)
      await completeIdempotencyKey(
        db,
        claimed,
        write.status,
        parsed === null ? null : JSON.stringify(write.stored ? write.stored(parsed) : parsed),
      );
    return new Response(body, {
      status: write.status,
      headers: { ...headers, ...(body !== null ? { "Content-Type": "application/json" } : {}) },
    });
  } catch (error) {
    const response = await problemResponse(error, request, caller?.rateLimitHeaders ?? {});
    if (claimed && done) {
      // The work happened: the retry hears this answer instead of doing it again.
      await completeIdempotencyKey(db, claimed, response.status, await response.clone().text()).catch((cause) =>
        console.error("[api] idempotency key completion", cause),
      );
    } else if (claimed) {
      // The call did not succeed: the key is free again, and a retry runs the call again.
      await releaseIdempotencyKey(db, claimed).catch((cause) => console.error("[api] idempotency key release", cause));
    }
    return response;
  }
}

/** 405 for a method the address does not answer, naming the ones it does. */
export function methodNotAllowed(request: Request, allow: string): Promise<Response> {
  return problemResponse(
    new AppError("api.errors.methodNotAllowed", { status: 405, headers: { Allow: allow }, problemType: "method-not-allowed" }),
    request,
  );
}
