import type { z } from "zod";
import { type ApiCaller, requireApiKey } from "#app/auth/api-key.server";
import { AppError } from "#app/errors/app-error";
import { problemResponse } from "#app/errors/problem.server";
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey, requestFingerprint } from "#app/models/api-idempotency.server";
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

/** A JSON body is a few short fields; anything bigger is refused unread. */
const MAX_JSON_BYTES = 64 * 1024;

export type ApiWrite<I, O> = {
  scope: ApiKeyScope;
  /** The success status: 201 created, 202 started, 200 changed, 204 gone (no body). */
  status: 200 | 201 | 202 | 204;
  /** The JSON body's schema; "multipart" leaves the body to `run` (an upload), "none" expects none. */
  body: z.ZodType<I> | "multipart" | "none";
  response: z.ZodType<O> | null;
  run: (caller: ApiCaller, input: I) => Promise<z.input<z.ZodType<O>> | undefined>;
};

const invalidBody = (problem: string) =>
  new AppError("api.errors.invalidBody", { status: 422, params: { problem }, detail: `invalid body: ${problem}` });

async function readJson(request: Request): Promise<{ text: string; value: unknown }> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw invalidBody("Content-Type must be application/json");
  if (Number(request.headers.get("content-length") ?? 0) > MAX_JSON_BYTES) throw invalidBody("too large");
  const text = await request.text();
  if (text.length > MAX_JSON_BYTES) throw invalidBody("too large");
  try {
    return { text, value: JSON.parse(text) };
  } catch {
    throw invalidBody("not JSON");
  }
}

function parseBody<I>(schema: z.ZodType<I>, value: unknown): I {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw invalidBody(parsed.error.issues.map((issue) => issue.path.join(".") || issue.message).join(", "));
}

export async function apiWrite<I, O>(request: Request, write: ApiWrite<I, O>): Promise<Response> {
  let caller: ApiCaller | null = null;
  let claimed: string | null = null;
  try {
    caller = await requireApiKey({ db, redis }, request, write.scope);
    const headers = { ...caller.rateLimitHeaders, "Cache-Control": "no-store", Vary: "Authorization, Accept-Language" };
    let input = undefined as I;
    let fingerprintBody = "";
    if (write.body === "multipart") {
      // The upload streams; its size and type stand for it (a retry sends the same file).
      fingerprintBody = `${request.headers.get("content-length") ?? "?"}`;
    } else if (write.body !== "none") {
      const json = await readJson(request);
      input = parseBody(write.body, json.value);
      fingerprintBody = json.text;
    }
    const idempotencyKey = request.method === "POST" ? request.headers.get("idempotency-key") : null;
    if (idempotencyKey !== null) {
      const fingerprint = requestFingerprint(request.method, request.url, fingerprintBody);
      const claim = await claimIdempotencyKey(db, { accountId: caller.accountId, key: idempotencyKey, fingerprint });
      if (claim.kind === "replay") {
        return new Response(claim.body, {
          status: claim.status,
          headers: { ...headers, ...(claim.body !== null ? { "Content-Type": "application/json" } : {}), "Idempotent-Replayed": "true" },
        });
      }
      claimed = claim.id;
    }
    const result = await write.run(caller, input);
    const body = write.response && write.status !== 204 ? JSON.stringify(write.response.parse(result)) : null;
    if (claimed) await completeIdempotencyKey(db, claimed, write.status, body);
    return new Response(body, {
      status: write.status,
      headers: { ...headers, ...(body !== null ? { "Content-Type": "application/json" } : {}) },
    });
  } catch (error) {
    // The call did not succeed: the key is free again, and a retry runs the call again.
    if (claimed) await releaseIdempotencyKey(db, claimed).catch((cause) => console.error("[api] idempotency key release", cause));
    return problemResponse(error, request, caller?.rateLimitHeaders ?? {});
  }
}

/** 405 for a method the address does not answer, naming the ones it does. */
export function methodNotAllowed(request: Request, allow: string): Promise<Response> {
  return problemResponse(new AppError("api.errors.methodNotAllowed", { status: 405, headers: { Allow: allow } }), request);
}
