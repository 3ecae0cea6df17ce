import { data } from "react-router";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { errorToApiResponse } from "#app/errors/responses.server";
import { listShopChannels } from "#app/models/licence-history.server";
import { db } from "#app/utils/db.server";
import type { Route } from "./+types/shop-channels";

/** GET /resources/shop-channels: the shop channels dialog's subscriptions (channelMenu), of the caller's current account. */
export async function loader({ request }: Route.LoaderArgs) {
  const studio = await requireStudioUser(db, request);
  try {
    return data({ subscriptions: await listShopChannels(db, studio.subject) }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "shop-channels" });
  }
}
