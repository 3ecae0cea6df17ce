import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { enforceRateLimit, RATE_LIMITS } from "#app/auth/rate-limit.server";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { withErrorToasts } from "#app/errors/responses.server";
import { createApiKey, listApiKeys, revokeApiKey } from "#app/models/api-keys.server";
import { ApiKeyFormSchema } from "#app/rules/api-keys";
import { bareIntent, parseIntent } from "#app/rules/intents";
import { db } from "#app/utils/db.server";
import { readForm } from "#app/utils/read-form.server";
import { redis } from "#app/utils/redis.server";
import { toastSetCookie } from "#app/utils/toast.server";
import type { Route } from "./+types/api-keys";

/**
 * The account drawer's API keys (issue 32, ADR 0056): the live keys of the account the user
 * works in (apiKeys: owners and managers), a new key whose secret this answer carries once, and
 * revoking one. `canCreate` is false in an account that is not the user's own (support switched in).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { subject, permissions } = await requireStudioUser(db, request);
  if (!permissions.has("apiKeys")) return data({ allowed: false as const }, { headers: { "Cache-Control": "no-store" } });
  const keys = await listApiKeys(db, subject);
  return data(
    { allowed: true as const, canCreate: subject.accountId === subject.baseAccountId, keys },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const intents = z.discriminatedUnion("intent", [
  bareIntent("createApiKey"),
  z.object({ intent: z.literal("revokeApiKey"), keyId: z.string().min(1).max(64) }),
]);

export async function action({ request }: Route.ActionArgs) {
  return withErrorToasts(async () => {
    const { subject } = await requireStudioUser(db, request);
    const formData = await readForm(request);
    const form = parseIntent(formData, intents);
    if (form.intent === "revokeApiKey") {
      await revokeApiKey(db, subject, form.keyId);
      return data(
        { intent: "revokeApiKey" as const, ok: true as const },
        { headers: { "Set-Cookie": await toastSetCookie({ type: "success", messageKey: "apiKeys.revoked" }) } },
      );
    }
    const submission = parseWithZod(formData, { schema: ApiKeyFormSchema });
    if (submission.status !== "success") return data({ intent: "createApiKey" as const, result: submission.reply() }, { status: 400 });
    // Making and revoking keys is no way around the account's call limit (ADR 0056 'Limits').
    await enforceRateLimit(redis, { ...RATE_LIMITS.apiKeyCreateAccount, key: subject.accountId });
    const { key, token } = await createApiKey(db, subject, submission.value);
    // The secret leaves the server this once; the form is cleared so nothing keeps it around.
    return data(
      { intent: "createdApiKey" as const, result: submission.reply({ resetForm: true }), key, token },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}
