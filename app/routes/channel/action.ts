import { data } from "react-router";
import { z } from "zod";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { blobs } from "#app/blob/blobs.server";
import { withErrorToasts } from "#app/errors/responses.server";
import { cancelChannelPublishing, changeChannel, renameChannel, setChannelDemo, visitChannel } from "#app/models/channels.server";
import { channelAddress } from "#app/rules/channel";
import { parseIntent } from "#app/rules/intents";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { readForm } from "#app/utils/read-form.server";
import { redis } from "#app/utils/redis.server";
import { toastSetCookie } from "#app/utils/toast.server";
import type { Route } from "./+types/action";

/**
 * POST /channel/:channelId/action: the channel card's actions (studio-core.md §4 "Channel
 * processes"). Each checks channelWorkspace, the account, the demo rule and the channel's
 * process on the server; refusals answer their status with a toast.
 */
export const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), name: z.string().default("") }),
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("renew") }),
  z.object({ intent: z.literal("renewDisconnect") }),
  z.object({ intent: z.literal("markDemo") }),
  z.object({ intent: z.literal("unmarkDemo") }),
  z.object({ intent: z.literal("visit") }),
  z.object({ intent: z.literal("cancel") }),
]);

const done = async (messageKey: "channel.done.renamed" | "channel.done.cleared" | "channel.done.renewed") =>
  data({ ok: true as const }, { headers: { "Set-Cookie": await toastSetCookie({ type: "success", messageKey }) } });

export async function action({ request, params }: Route.ActionArgs) {
  return withErrorToasts(async () => {
    const { subject } = await requireStudioUser(db, request);
    const form = parseIntent(await readForm(request), intents);
    const deps = { db, redis, blobs };
    const { channelId } = params;
    switch (form.intent) {
      case "rename":
        await renameChannel(deps, subject, channelId, form.name);
        return done("channel.done.renamed");
      case "clear":
        await changeChannel(deps, subject, channelId, "clear");
        return done("channel.done.cleared");
      case "renew":
      case "renewDisconnect":
        await changeChannel(deps, subject, channelId, form.intent);
        return done("channel.done.renewed");
      case "markDemo":
      case "unmarkDemo":
        await setChannelDemo(deps, subject, channelId, form.intent === "markDemo");
        return { ok: true as const };
      case "visit":
        return { ok: true as const, url: channelAddress(getEnv().CONTENT_URL, await visitChannel(deps, subject, channelId)) };
      case "cancel":
        await cancelChannelPublishing(deps, subject, channelId);
        return { ok: true as const };
    }
  });
}
