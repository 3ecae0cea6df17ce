import { createHmac, timingSafeEqual } from "node:crypto";
import { type OrderReference, SIGNATURE_TOLERANCE_SECONDS } from "#app/rules/shop";
import { signTimestamped, verifyTimestamped } from "#app/utils/timestamped-signature.server";

/**
 * Signatures of the shop contract (docs/decisions/0040-shop.md). The shop signs each webhook call
 * as `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` (the scheme Stripe and
 * Paddle use): the timestamp inside the signed text makes an old call worthless. The studio
 * signs its order reference with a key of its own, so a checkout cannot be pointed at another
 * account.
 */

const hmac = (key: string, text: string) => createHmac("sha256", key).update(text).digest();

/** The shop's signature of a webhook call (the shared signer, app/utils/timestamped-signature.server.ts). */
export function signShopCall(secret: string, rawBody: string, now = new Date()): string {
  return signTimestamped(secret, rawBody, now);
}

/** Whether a webhook call carries a valid, recent signature of its exact body. */
export function verifyShopCall(secret: string, rawBody: string, header: string | null, now = new Date()): boolean {
  return verifyTimestamped(secret, rawBody, header, SIGNATURE_TOLERANCE_SECONDS, now);
}

const referenceKey = (sessionSecret: string) => `shop-order-reference:${sessionSecret}`;

export function signOrderReference(sessionSecret: string, reference: OrderReference): string {
  const payload = Buffer.from(JSON.stringify(reference)).toString("base64url");
  return `${payload}.${hmac(referenceKey(sessionSecret), payload).toString("base64url")}`;
}

/** The reference, or null when it was not signed by this studio. */
export function readOrderReference(sessionSecret: string, token: string): OrderReference | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = hmac(referenceKey(sessionSecret), payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as OrderReference;
  } catch {
    return null;
  }
}
