import { data } from "react-router";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { errorToApiResponse } from "#app/errors/responses.server";
import { db } from "#app/utils/db.server";
import { listWebhookDeliveries } from "#app/webhooks/endpoints.server";
import type { Route } from "./+types/webhook-deliveries";

/**
 * GET /resources/webhooks/:endpointId/deliveries: the delivery log of one endpoint of the
 * account (ADR 0058), its newest deliveries with every attempt. Another account's endpoint is 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { subject } = await requireStudioUser(db, request);
    const log = await listWebhookDeliveries(db, subject, params.endpointId);
    return data(log, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "webhook deliveries" });
  }
}
