import { data } from "react-router";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { errorToApiResponse } from "#app/errors/responses.server";
import { channelChoices } from "#app/models/channels.server";
import { db } from "#app/utils/db.server";
import type { Route } from "./+types/channels";

/** GET /resources/channels: the channels the ePaper card's 'publish to channel' dialog offers (publishToChannel). */
export async function loader({ request }: Route.LoaderArgs) {
  const studio = await requireStudioUser(db, request);
  try {
    return data({ channels: await channelChoices(db, studio.subject) }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "channels" });
  }
}
