import { data } from "react-router";
import { requireApiUser } from "#app/auth/api-user.server";
import { EMBEDDED_LOGIN_PURPOSE, issueToken } from "#app/auth/one-time-token.server";
import { clientIp, exceededRateLimit, RATE_LIMITS } from "#app/auth/rate-limit.server";
import { createSession } from "#app/auth/session.server";
import { createGeneratedAccount } from "#app/models/generated-account.server";
import { AppError } from "#app/errors/app-error";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { getLocale } from "#app/utils/i18next.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/embedded-session";

/**
 * POST /upload-embedded/session: the embedded widget's JSON API (routes/upload-embedded.tsx).
 * intent=account: a new try-it account and its session, answered as `{ token }` (the bearer).
 * intent=continue (with the bearer): a one-time link that logs the same user into the studio
 * in the top window and shows the new ePaper, answered as `{ url }`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const form = await request.formData();
    if (form.get("intent") === "continue") {
      const { user } = await requireApiUser(db, request);
      const { token } = await issueToken(db, { userId: user.id, purpose: EMBEDDED_LOGIN_PURPOSE });
      const epaperId = String(form.get("epaperId") ?? "").slice(0, 32);
      const url = new URL(`/upload-embedded/continue/${token}`, getEnv().PUBLIC_URL);
      if (epaperId) url.searchParams.set("epaperId", epaperId);
      return { url: url.toString() };
    }
    const limited = await exceededRateLimit(redis, [{ ...RATE_LIMITS.tryItIp, key: clientIp(request) }]);
    if (limited) throw new AppError("errors.tooManyAttempts", { status: 429, params: { minutes: limited.retryAfterMinutes } });
    const { userId } = await createGeneratedAccount(db, { locale: getLocale(context) });
    const session = await createSession(db, {
      userId,
      remember: false,
      ip: clientIp(request),
      userAgent: request.headers.get("user-agent"),
    });
    return { token: session.id };
  } catch (error) {
    if (error instanceof AppError) return data({ error: { messageKey: error.messageKey, params: error.params } }, { status: error.status });
    console.error("embedded upload:", error);
    return data({ error: { messageKey: "errors.unexpected", params: {} } }, { status: 500 });
  }
}
