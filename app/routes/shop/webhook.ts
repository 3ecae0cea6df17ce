import { SIGNATURE_HEADER } from "#app/rules/shop";
import { receiveShopCall } from "#app/shop/shop-webhook.server";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/webhook";

/** The largest event body the studio reads (a channel order of 1,000 subscriptions fits easily). */
const MAX_BODY_BYTES = 256 * 1024;

const answer = (status: number, body: Record<string, unknown>) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/**
 * POST /webhooks/shop: the shop reports a completed order, a renewal or a cancellation
 * (docs/decisions/0040-shop.md). Called by the shop's server, not by a browser: no session, no
 * cookies; the HMAC signature of the exact body is the authentication (receiveShopCall). 404
 * while no shop is configured, 413 for a body over 256 KB.
 */
export async function action({ request }: Route.ActionArgs) {
  const env = getEnv();
  if (!env.SHOP_URL || !env.SHOP_WEBHOOK_SECRET) return answer(404, { error: "no shop configured" });
  if (request.method !== "POST") return answer(405, { error: "POST only" });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return answer(413, { error: "body too large" });
  const rawBody = await request.text();
  if (Buffer.byteLength(rawBody) > MAX_BODY_BYTES) return answer(413, { error: "body too large" });
  const result = await receiveShopCall(
    { db, redis, sessionSecret: env.SESSION_SECRET, webhookSecret: env.SHOP_WEBHOOK_SECRET },
    { rawBody, signature: request.headers.get(SIGNATURE_HEADER) },
  );
  return answer(result.status, result.body);
}

export function loader() {
  return answer(405, { error: "POST only" });
}
