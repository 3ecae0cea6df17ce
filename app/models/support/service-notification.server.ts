import { createId } from "@paralleldrive/cuid2";
import type { Redis } from "ioredis";
import { AppError } from "#app/errors/app-error";
import type { ServiceNotificationEvent } from "#app/events/catalogue";
import { publishToAll } from "#app/events/publish.server";
import type { TranslationKey } from "#app/locales/translation-key";
import { requirePermission } from "#app/rules/permissions";
import { SERVICE_NOTIFICATION_TEXT, ServiceNotificationSchema } from "#app/rules/service-notification";
import type { Database } from "#db/client";
import { recordSupportAction, type SupportActor } from "./support-audit.server.ts";

/**
 * Sends a service notification (studio-core.md §7 'service notification'; issue 30; ADR 0051):
 * support (level 3 or 4, the `support` permission) writes a short plain text, and every signed-in
 * studio tab shows it at once as a message that stays until closed. The form is checked by the
 * schema the dialog uses (a refusal is a 422 with the field's message); the event goes out on the
 * channel every /events stream relays, and the audit trail keeps who sent what.
 */
export async function sendServiceNotification(
  deps: { db: Database; redis: Redis },
  actor: SupportActor,
  form: { text: string; level: string },
): Promise<ServiceNotificationEvent> {
  requirePermission(actor.subject, "support");
  const parsed = ServiceNotificationSchema.safeParse(form);
  if (!parsed.success) {
    const messageKey = (parsed.error.issues[0]?.message ?? "serviceNotification.errors.tooShort") as TranslationKey;
    throw new AppError(messageKey, { status: 422, params: SERVICE_NOTIFICATION_TEXT });
  }
  const event: ServiceNotificationEvent = { type: "serviceNotification", level: parsed.data.level, text: parsed.data.text };
  // Sent first: a message that could not go out is not in the trail as sent.
  await publishToAll(deps.redis, event);
  await recordSupportAction(deps.db, actor, {
    accountId: null,
    targetType: "serviceNotification",
    targetId: createId(),
    action: "send",
    after: { level: event.level, text: event.text },
  });
  return event;
}
