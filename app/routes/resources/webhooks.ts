import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { enforceRateLimit, RATE_LIMITS } from "#app/auth/rate-limit.server";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { withErrorToasts } from "#app/errors/responses.server";
import { queues } from "#app/jobs/producer.server";
import { bareIntent, parseIntent } from "#app/rules/intents";
import { WebhookEndpointFormSchema } from "#app/rules/webhooks";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { readForm } from "#app/utils/read-form.server";
import { redis } from "#app/utils/redis.server";
import { toastSetCookie } from "#app/utils/toast.server";
import { endpointUrlProblem } from "#app/webhooks/endpoint-url.server";
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints, sendWebhookAgain } from "#app/webhooks/endpoints.server";
import { sendWebhookPing } from "#app/webhooks/ping.server";
import type { Route } from "./+types/webhooks";

/**
 * The account drawer's webhooks (issue 32 item 4, ADR 0058): the endpoints of the account the
 * user works in (webhooks: as API keys, owners and managers), a new endpoint whose secret this
 * answer carries once, deleting one, 'send again' of a delivery, and a test event to one endpoint. `canEdit` is false in an
 * account that is not the user's own (support switched in): the list and logs only.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { subject, permissions } = await requireStudioUser(db, request);
  const headers = { "Cache-Control": "no-store" };
  if (!permissions.has("webhooks")) return data({ allowed: false as const }, { headers });
  const endpoints = await listWebhookEndpoints(db, subject);
  return data({ allowed: true as const, canEdit: subject.accountId === subject.baseAccountId, endpoints }, { headers });
}

export const intents = z.discriminatedUnion("intent", [
  bareIntent("createWebhook"),
  z.object({ intent: z.literal("deleteWebhook"), endpointId: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("sendWebhookAgain"), deliveryId: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("sendWebhookPing"), endpointId: z.string().min(1).max(64) }),
]);

/** The drawer's form, with the server's address rules (https, no private network) on `url`. */
const ServerFormSchema = WebhookEndpointFormSchema.superRefine((value, ctx) => {
  const problem = endpointUrlProblem(value.url, getEnv().OUTBOUND_ALLOW_PRIVATE);
  if (problem) ctx.addIssue({ code: "custom", path: ["url"], message: problem });
});

export async function action({ request }: Route.ActionArgs) {
  return withErrorToasts(async () => {
    const { subject } = await requireStudioUser(db, request);
    const formData = await readForm(request);
    const form = parseIntent(formData, intents);
    if (form.intent === "deleteWebhook") {
      await deleteWebhookEndpoint(db, subject, form.endpointId);
      return data(
        { intent: "deleteWebhook" as const, ok: true as const },
        { headers: { "Set-Cookie": await toastSetCookie({ type: "success", messageKey: "webhooks.deleted" }) } },
      );
    }
    if (form.intent === "sendWebhookAgain") {
      // Each click is a request to the customer's system: bounded per account (a 429 toast beyond),
      // counted once the user may send it, so nobody else uses up the account's clicks.
      const limit = () => enforceRateLimit(redis, { ...RATE_LIMITS.webhookSendAgainAccount, key: subject.accountId });
      await sendWebhookAgain({ db, queue: queues.webhooks, limit }, subject, form.deliveryId);
      return data(
        { intent: "sendWebhookAgain" as const, ok: true as const },
        { headers: { "Set-Cookie": await toastSetCookie({ type: "success", messageKey: "webhooks.sentAgain" }) } },
      );
    }
    if (form.intent === "sendWebhookPing") {
      // A test event is a request to the customer's system like 'send again': the same limit.
      const limit = () => enforceRateLimit(redis, { ...RATE_LIMITS.webhookSendAgainAccount, key: subject.accountId });
      await sendWebhookPing({ db, queue: queues.webhooks, limit }, subject, form.endpointId);
      return data(
        { intent: "sendWebhookPing" as const, ok: true as const },
        { headers: { "Set-Cookie": await toastSetCookie({ type: "success", messageKey: "webhooks.pingSent" }) } },
      );
    }
    const submission = parseWithZod(formData, { schema: ServerFormSchema });
    if (submission.status !== "success") return data({ intent: "createWebhook" as const, result: submission.reply() }, { status: 400 });
    const { endpoint, secret } = await createWebhookEndpoint(db, subject, submission.value);
    // The secret leaves the server this once; the form is cleared so nothing keeps it around.
    return data(
      { intent: "createdWebhook" as const, result: submission.reply({ resetForm: true }), endpoint, secret },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}
