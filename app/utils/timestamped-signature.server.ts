import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed HTTP calls as Stripe and Paddle sign them: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret,
 * "<t>.<raw body>")>`. The timestamp inside the signed text makes an old call worthless. One
 * signer for both directions: the shop's webhooks to the studio (ADR 0040) and the studio's
 * webhooks to its customers' systems (ADR 0058).
 */

const hmac = (key: string, text: string) => createHmac("sha256", key).update(text).digest();

/** The signature header's value for `rawBody`, signed at `now`. */
export function signTimestamped(secret: string, rawBody: string, now = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, `${t}.${rawBody}`).toString("hex")}`;
}

/** Whether `header` is a valid signature of this exact body, made at most `toleranceSeconds` from `now`. */
export function verifyTimestamped(
  secret: string,
  rawBody: string,
  header: string | null,
  toleranceSeconds: number,
  now = new Date(),
): boolean {
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
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  return timingSafeEqual(hmac(secret, `${t}.${rawBody}`), Buffer.from(given, "hex"));
}
