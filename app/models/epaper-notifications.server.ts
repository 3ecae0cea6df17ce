import { deactivateEmailLink } from "#app/auth/auth-mail.server";
import { issueToken } from "#app/auth/one-time-token.server";
import { getEnv } from "#app/utils/env.server";
import { isLocale } from "#app/utils/i18n";
import { previewLinkAddress } from "#app/rules/preview-link";
import { type EmailQueueDeps, type QueueEmailResult, queueEmail } from "#app/email/send-email.server";

/**
 * The 'ePaper ready' and 'zip ready' notifications (architecture.md steps 4 and 5): when a render
 * finishes, the user who created the ePaper gets the mail; when a zip is built, the user who
 * asked for it. Not when they switched it off (queueEmail checks), never to a try-it user (a
 * made-up address). The mail links the studio (/epaper-ready, /zip-ready) and carries its own
 * switch-off link (deactivate-email).
 */
export async function sendPublicationReadyMail(
  deps: EmailQueueDeps,
  input: { epaperId: string; kind: "epaperReady" | "zipReady" | "channelPublicationReady"; userId?: string | null; channelId?: string },
): Promise<QueueEmailResult | null> {
  const row = await deps.db
    .selectFrom("epaper")
    .innerJoin("user", (join) =>
      input.userId ? join.on("user.id", "=", input.userId) : join.onRef("user.id", "=", "epaper.createdByUserId"),
    )
    .select(["epaper.name", "user.id as userId", "user.email", "user.firstname", "user.lastname", "user.emailLanguage", "user.isGenerated"])
    .where("epaper.id", "=", input.epaperId)
    .where("epaper.deletedAt", "is", null)
    .where("user.deletedAt", "is", null)
    .executeTakeFirst();
  if (!row || row.isGenerated) return null;
  const channel = input.channelId
    ? await deps.db.selectFrom("channel").select("name").where("id", "=", input.channelId).executeTakeFirst()
    : undefined;
  if (input.kind === "channelPublicationReady" && !channel) return null;
  const { token } = await issueToken(deps.db, { userId: row.userId, purpose: `deactivate-email:${input.kind}` });
  const studioUrl = getEnv().PUBLIC_URL;
  return queueEmail(deps, {
    to: row.email,
    type: input.kind,
    locale: isLocale(row.emailLanguage) ? row.emailLanguage : "en",
    userId: row.userId,
    variables: {
      studioUrl,
      firstName: row.firstname || undefined,
      lastName: row.lastname || undefined,
      epaperName: row.name,
      link: `${studioUrl}/${READY_PATHS[input.kind]}`,
      unsubscribeLink: deactivateEmailLink(input.kind, token),
      ...(channel ? { channelName: channel.name } : {}),
    },
  });
}

const READY_PATHS = { epaperReady: "epaper-ready", zipReady: "zip-ready", channelPublicationReady: "channel-publication-ready" } as const;

export const sendEpaperReadyMail = (deps: EmailQueueDeps, epaperId: string) =>
  sendPublicationReadyMail(deps, { epaperId, kind: "epaperReady" });

/**
 * The 'preview link generated' mail (studio-admin.md §4) to the user who published the link, never
 * to a try-it user (who sees the storage time instead). It carries the link, not the password.
 */
export async function sendPreviewLinkMail(
  deps: EmailQueueDeps,
  input: { epaperId: string; userId: string; hash: string; expiresAt: Date },
) {
  const row = await deps.db
    .selectFrom("epaper")
    .select(["epaper.name"])
    .where("epaper.id", "=", input.epaperId)
    .where("epaper.deletedAt", "is", null)
    .executeTakeFirst();
  const user = await deps.db
    .selectFrom("user")
    .select(["id", "email", "firstname", "lastname", "emailLanguage", "isGenerated"])
    .where("id", "=", input.userId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  if (!row || !user || user.isGenerated) return null;
  const studioUrl = getEnv().PUBLIC_URL;
  return queueEmail(deps, {
    to: user.email,
    type: "previewLinkGenerated",
    locale: isLocale(user.emailLanguage) ? user.emailLanguage : "en",
    userId: user.id,
    variables: {
      studioUrl,
      firstName: user.firstname || undefined,
      lastName: user.lastname || undefined,
      epaperName: row.name,
      previewUrl: previewLinkAddress(studioUrl, input.hash),
      expiresAt: input.expiresAt.toISOString(),
    },
  });
}
