import { data } from "react-router";
import { z } from "zod";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { errorToApiResponse } from "#app/errors/responses.server";
import { renderNodeView } from "#app/models/support/render-node-view.server";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/support-render-node";

const Query = z.object({ url: z.string().min(1).max(500) });

/**
 * GET /resources/support-render-node?url=…: the render-server drawer's data (issue 14): the
 * node's record, health and metrics. The renderserver permission only (level 4 outside demo
 * accounts); an address neither the registry nor any render process knows is 404.
 */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const { subject } = await requireStudioUser(db, request);
    const parsed = Query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) return data({ error: { messageKey: "errors.invalidRequest" } }, { status: 400 });
    const node = await renderNodeView({ db, redis, token: getEnv().RENDER_NODE_TOKEN }, subject, parsed.data.url);
    return data({ node }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "render server view" });
  }
}
