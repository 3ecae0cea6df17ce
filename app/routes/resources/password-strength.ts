import { z } from "zod";
import { clientIp, enforceRateLimit, RATE_LIMITS } from "#app/auth/rate-limit.server";
import { apiErrorResponse, errorToApiResponse } from "#app/errors/responses.server";
import { PASSWORD_MAX_LENGTH } from "#app/rules/account-validation";
import { PASSWORD_STRENGTH_REQUEST } from "#app/rules/password-strength";
import { passwordStrength } from "#app/rules/password-strength.server";
import { readForm } from "#app/utils/read-form.server";
import { redis } from "#app/utils/redis.server";
import { getEnv } from "#app/utils/env.server";
import { createTimeBudget } from "#app/utils/time-budget";
import type { Route } from "./+types/password-strength";

/**
 * POST /resources/password-strength: the strength meter of the signup, password and profile
 * forms asks here while a person types, so that the estimator's dictionaries (about 1.2 MB
 * gzipped) stay on the server (docs/decisions/0048-password-strength-on-the-server.md). The
 * body is JSON `{ password, userInputs }` or the form fields `password` and `userInputs`
 * (repeated): the user's own e-mail, names and company, which make a password built from them
 * weaker. It answers `{ strength }` (0 to 3) by `passwordStrength`, the rule the actions check.
 *
 * Public: signup and the password reset have no session, and none is read; it answers the same
 * for everyone and touches no account data. Like every POST it passes the studio's origin rule
 * (server/studio.ts, app/auth/same-origin.ts): another origin's fetch is refused. 400 for a body
 * that is not such a request (password longer than PASSWORD_MAX_LENGTH, too many or too long
 * inputs), 413 over PASSWORD_STRENGTH_REQUEST.maxBodyBytes, 429 with Retry-After over
 * RATE_LIMITS.passwordStrengthIp, 405 for anything but POST. The password is never logged or
 * stored: nothing here writes it anywhere, and errors are answered without it.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  try {
    await enforceRateLimit(redis, { ...RATE_LIMITS.passwordStrengthIp, key: clientIp(request) });
    const body = await readBody(request);
    if (!body) return apiErrorResponse(413, "errors.invalidRequest");
    const parsed = StrengthRequest.safeParse(await readInput(request, body));
    if (!parsed.success) return apiErrorResponse(400, "errors.invalidRequest");
    // Each estimate holds this process's only thread (up to ≈ 130 ms for a long, tricky
    // password): beyond a share of every second, callers are asked to wait, whoever they are.
    if (!estimates().admit()) return apiErrorResponse(503, "errors.unavailableRetry", {}, { "Retry-After": "1" });
    const started = performance.now();
    const strength = passwordStrength(parsed.data.password, parsed.data.userInputs);
    estimates().spent(performance.now() - started);
    return Response.json({ strength }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    // Only the limiter, Redis and the estimator can throw here; none of their errors holds the body.
    return errorToApiResponse(error, { log: "password strength" });
  }
}

/**
 * How much of each second this process spends estimating (PASSWORD_STRENGTH_BUDGET_MS, 250 ms by
 * default): the per-address limit alone lets a handful of addresses fill the event loop of every
 * studio user. 0 switches the budget off.
 */
let budget: ReturnType<typeof createTimeBudget> | undefined;
const unlimited = { admit: () => true, spent: () => {} };
function estimates() {
  const budgetMs = getEnv().PASSWORD_STRENGTH_BUDGET_MS;
  if (budgetMs === 0) return unlimited;
  budget ??= createTimeBudget(budgetMs);
  return budget;
}

export function loader() {
  return methodNotAllowed();
}

const StrengthRequest = z.object({
  password: z.string().max(PASSWORD_MAX_LENGTH),
  userInputs: z
    .array(z.string().max(PASSWORD_STRENGTH_REQUEST.maxUserInputLength))
    .max(PASSWORD_STRENGTH_REQUEST.maxUserInputs)
    .default([]),
});

function methodNotAllowed() {
  return apiErrorResponse(405, "errors.forbidden", {}, { Allow: "POST" });
}

/** The body, or null when it is (or declares itself) larger than the limit. */
async function readBody(request: Request): Promise<ArrayBuffer | null> {
  const limit = PASSWORD_STRENGTH_REQUEST.maxBodyBytes;
  if (Number(request.headers.get("content-length") ?? 0) > limit) return null;
  const body = await request.arrayBuffer();
  return body.byteLength > limit ? null : body;
}

/** JSON or a form (url-encoded or multipart) as `{ password, userInputs }`; undefined when unreadable. */
async function readInput(request: Request, body: ArrayBuffer): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  const type = contentType.split(";")[0]?.trim().toLowerCase();
  try {
    if (type === "application/json") return JSON.parse(new TextDecoder().decode(body));
    if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") {
      const form = await readForm(new Request(request.url, { method: "POST", headers: { "Content-Type": contentType }, body }));
      return { password: form.get("password") ?? undefined, userInputs: form.getAll("userInputs") };
    }
  } catch {
    // Not JSON, not a form: answered 400 like any other body that is no such request.
  }
  return undefined;
}
