import { getSessionUser } from "#app/auth/session.server";
import { eventHub } from "#app/events/event-hub-instance.server";
import { eventChannelsOf } from "#app/events/catalogue";
import { eventStreamResponse } from "#app/events/sse-stream.server";
import { receivesStatistics } from "#app/models/reading-now.server";
import { db } from "#app/utils/db.server";
import type { Route } from "./+types/events";

/**
 * GET /events: the signed-in user's real-time events as server-sent events (studio-core.md §2,
 * issue 5 §6): the user's own channel, the channel of the account the user acts in and the
 * broadcast to everyone signed in (eventChannelsOf), and the account's statistics ('reading now')
 * for users who may see an ePaper's details. Without a live session it answers 401, and the
 * browser re-authenticates (studio-events.tsx).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getSessionUser(db, request);
  if (session.status !== "active" || session.user.emailTokenUsed) return new Response(null, { status: 401 });
  const { user } = session;
  const statistics = receivesStatistics(user);
  return eventStreamResponse({
    hub: eventHub,
    channels: eventChannelsOf(user, { statistics }),
    signal: request.signal,
    sessionStillValid: async () => {
      const now = await getSessionUser(db, request);
      // A support user switching accounts changes the channel, and a user who gains or loses
      // epaperDetails the statistics channel: reconnect to follow them.
      return now.status === "active" && now.user.accountId === user.accountId && receivesStatistics(now.user) === statistics;
    },
  });
}
