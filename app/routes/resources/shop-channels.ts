import { data } from "react-router";
import { z } from "zod";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { errorToApiResponse, withErrorToasts } from "#app/errors/responses.server";
import { listShopChannels } from "#app/models/licence-history.server";
import { listMoveTargets, moveShopSubscription } from "#app/models/shop-channels.server";
import { parseIntent } from "#app/rules/intents";
import { db } from "#app/utils/db.server";
import { readForm } from "#app/utils/read-form.server";
import { redis } from "#app/utils/redis.server";
import { toastSetCookie } from "#app/utils/toast.server";
import type { Route } from "./+types/shop-channels";

/**
 * GET /resources/shop-channels: the shop channels dialog's subscriptions (channelMenu), of the
 * caller's current account, and the channels a subscription can move to.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const studio = await requireStudioUser(db, request);
  try {
    const [subscriptions, moveTargets] = await Promise.all([listShopChannels(db, studio.subject), listMoveTargets(db, studio.subject)]);
    return data({ subscriptions, moveTargets }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "shop-channels" });
  }
}

export const intents = z.discriminatedUnion("intent", [
  // An empty channel is the model's translated 'choose a channel', not a bare 400.
  z.object({ intent: z.literal("move"), subscriptionId: z.string().min(1).max(128), channelId: z.string().max(64).default("") }),
]);

/** POST /resources/shop-channels: move a subscription to another channel of the account (shop-channel update, §7; issue 30). */
export async function action({ request }: Route.ActionArgs) {
  return withErrorToasts(async () => {
    const { subject } = await requireStudioUser(db, request);
    const form = parseIntent(await readForm(request), intents);
    const { channelName } = await moveShopSubscription({ db, redis }, subject, form);
    const cookie = await toastSetCookie({ type: "success", messageKey: "shopChannels.done.moved", params: { name: channelName } });
    return data({ ok: true as const }, { headers: { "Set-Cookie": cookie } });
  });
}
