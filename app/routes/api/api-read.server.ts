import type { z } from "zod";
import { type ApiCaller, requireApiKey } from "#app/auth/api-key.server";
import { AppError } from "#app/errors/app-error";
import { problemResponse } from "#app/errors/problem.server";
import type { ApiUrls } from "#app/models/public-api.server";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { redis } from "#app/utils/redis.server";

/*
 * The frame of every read of the public API (issue 32, ADR 0056): the bearer key checked (never a
 * cookie; nothing is set), the answer serialised through the route's schema (the one the OpenAPI
 * document shows), the key's RateLimit-* headers on success and refusal alike, and any error as
 * application/problem+json.
 */

export const apiUrls = (): ApiUrls => ({ studioUrl: getEnv().PUBLIC_URL, contentUrl: getEnv().CONTENT_URL });

/** The query string through `schema`; a value it refuses is a 422 problem naming the parameter. */
export function parseApiQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (parsed.success) return parsed.data;
  const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".") || "query"))];
  const problem = fields.join(", ");
  throw new AppError("api.errors.invalidQuery", { status: 422, params: { problem }, detail: `invalid query: ${problem}`, fields });
}

export async function apiRead<S extends z.ZodType>(
  request: Request,
  schema: S,
  run: (caller: ApiCaller) => Promise<z.input<S>>,
): Promise<Response> {
  let caller: ApiCaller | null = null;
  try {
    caller = await requireApiKey({ db, redis }, request, "read");
    const body = schema.parse(await run(caller));
    return Response.json(body, {
      headers: { ...caller.rateLimitHeaders, "Cache-Control": "no-store", Vary: "Authorization, Accept-Language" },
    });
  } catch (error) {
    return problemResponse(error, request, caller?.rateLimitHeaders ?? {});
  }
}

/**
 * A file for a key (the zip package, a page image): the bearer key checked for read, the file
 * `find` answers (null: a 404 problem) with the key's RateLimit-* headers, any error a problem.
 */
export async function apiFile(request: Request, find: (caller: ApiCaller) => Promise<Response | null>): Promise<Response> {
  let caller: ApiCaller | null = null;
  try {
    caller = await requireApiKey({ db, redis }, request, "read");
    const file = await find(caller);
    if (!file) throw new AppError("api.errors.notFound", { status: 404, detail: "no such file" });
    for (const [name, value] of Object.entries(caller.rateLimitHeaders)) file.headers.set(name, value);
    return file;
  } catch (error) {
    return problemResponse(error, request, caller?.rateLimitHeaders ?? {});
  }
}
