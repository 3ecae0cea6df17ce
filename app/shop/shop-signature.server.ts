import { createHmac, timingSafeEqual } from "node:crypto";
import { type OrderReference, SIGNATURE_TOLERANCE_SECONDS } from "#app/rules/shop";

/**
 * Signatures of the shop contract (docs/decisions/0040-shop.md). The shop signs each webhook call
 * as `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` (the scheme Stripe and
 * Paddle use): the timestamp inside the signed text makes an old call worthless. The studio
 * signs its order reference with a key of its own, so a checkout cannot be pointed at another
 * account.
 */

const hmac = (key: string, text: string) => createHmac("sha256", key).update(text).digest();

export function signShopCall(secret: string, rawBody: string, now = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, `${t}.${rawBody}`).toString("hex")}`;
}

/** Whether a webhook call carries a valid, recent signature of its exact body. */
export function verifyShopCall(secret: string, rawBody: string, header: string | null, now = new Date()): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(",").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get("t"));
  const given = parts.get("v1") ?? "";
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  return timingSafeEqual(hmac(secret, `${t}.${rawBody}`), Buffer.from(given, "hex"));
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
