import { href } from "react-router";
import { z } from "zod";
import { parseIntent } from "#app/rules/intents";
import { errorToApiResponse } from "#app/errors/responses.server";
import { requireApiUser } from "#app/auth/api-user.server";
import { EMBEDDED_LOGIN_PURPOSE, issueToken } from "#app/auth/one-time-token.server";
import { clientIp, exceededRateLimit, RATE_LIMITS } from "#app/auth/rate-limit.server";
import { createSession } from "#app/auth/session.server";
import { createGeneratedAccount } from "#app/models/generated-account.server";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { getLocale } from "#app/utils/i18next.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/session";

/**
 * POST /upload-embedded/session: the embedded widget's JSON API (routes/upload-embedded.tsx).
 * intent=account: a new try-it account and its session, answered as `{ token }` (the bearer).
 * intent=continue (with the bearer): a one-time link that logs the same user into the studio
 * in the top window and shows the new ePaper, answered as `{ url }`.
 */
export const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("account") }),
  z.object({ intent: z.literal("continue"), epaperId: z.string().default("") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const form = parseIntent(await request.formData(), intents);
    if (form.intent === "continue") {
      const { user } = await requireApiUser(db, request);
      const { token } = await issueToken(db, { userId: user.id, purpose: EMBEDDED_LOGIN_PURPOSE });
      const epaperId = form.epaperId.slice(0, 32);
      const url = new URL(href("/upload-embedded/continue/:token", { token }), getEnv().PUBLIC_URL);
      if (epaperId) url.searchParams.set("epaperId", epaperId);
      return { url: url.toString() };
    }
    const limited = await exceededRateLimit(redis, [{ ...RATE_LIMITS.tryItIp, key: clientIp(request) }]);
    if (limited) throw limited;
    const { userId } = await createGeneratedAccount(db, { locale: getLocale(context) });
    const session = await createSession(db, {
      userId,
      remember: false,
      ip: clientIp(request),
      userAgent: request.headers.get("user-agent"),
    });
    return { token: session.id };
  } catch (error) {
    return errorToApiResponse(error, { log: "embedded upload" });
  }
}
