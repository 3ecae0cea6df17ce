import { AppError } from "#app/errors/app-error";
import { href } from "react-router";
import { z } from "zod";
import { parseIntent } from "#app/rules/intents";
import { errorToApiResponse } from "#app/errors/responses.server";
import { requireApiUser } from "#app/auth/api-user.server";
import { EMBEDDED_LOGIN_PURPOSE, issueToken } from "#app/auth/one-time-token.server";
import { clientIp, exceededRateLimit, RATE_LIMITS } from "#app/auth/rate-limit.server";
import { createSession } from "#app/auth/session.server";
import { createGeneratedAccount } from "#app/models/generated-account.server";
import { findAffiliateAccountId } from "#app/models/affiliate.server";
import { returnUrlOrNull } from "#app/rules/upload-widget";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { getLocale } from "#app/utils/i18next.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/session";
import { readForm } from "#app/utils/read-form.server";

/**
 * POST /upload-embedded/session: the embedded widget's JSON API (routes/upload-embedded.tsx).
 * intent=account: a new try-it account and its session, answered as `{ token }` (the bearer);
 * with the widget code's `affiliate` digest the account counts for the account that digest
 * stands for, and `returnUrl` is the customer's page the studio links back to (ADR 0052). An
 * unknown digest or a refused address is left out: the visitor's upload never fails for them.
 * intent=continue (with the bearer): a one-time link that logs the same user into the studio
 * in the top window and shows the new ePaper, answered as `{ url }`.
 */
export const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("account"), affiliate: z.string().default(""), returnUrl: z.string().default("") }),
  z.object({ intent: z.literal("continue"), epaperId: z.string().default("") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const form = parseIntent(await readForm(request), intents);
    if (form.intent === "continue") {
      // A login link only for the widget's own bearer session, asked by the widget's own page:
      // never minted from a cookie session, nor by a script on another origin (issue 16, finding 3).
      const origin = request.headers.get("Origin");
      if (
        !request.headers.get("Authorization")?.startsWith("Bearer ") ||
        (origin !== null && origin !== new URL(getEnv().PUBLIC_URL).origin)
      )
        throw new AppError("errors.forbidden", {
          status: 403,
          detail: "continue needs the widget's bearer session from the studio's origin",
        });
      const { user } = await requireApiUser(db, request);
      const { token } = await issueToken(db, { userId: user.id, purpose: EMBEDDED_LOGIN_PURPOSE });
      const epaperId = form.epaperId.slice(0, 32);
      const url = new URL(href("/upload-embedded/continue/:token", { token }), getEnv().PUBLIC_URL);
      if (epaperId) url.searchParams.set("epaperId", epaperId);
      return { url: url.toString() };
    }
    const limited = await exceededRateLimit(redis, [{ ...RATE_LIMITS.tryItIp, key: clientIp(request) }]);
    if (limited) throw limited;
    const { userId } = await createGeneratedAccount(db, {
      locale: getLocale(context),
      referredByAccountId: form.affiliate ? await findAffiliateAccountId(db, form.affiliate) : null,
      widgetReturnUrl: returnUrlOrNull(form.returnUrl),
    });
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
