import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/*
 * The secret variables of a queued mail (its one-time link, its unsubscribe link, a preview
 * link) never rest in clear (issue 44, ADR 0027). They are sealed with AES-256-GCM under a key
 * derived from SESSION_SECRET (HKDF-SHA256, info "email-job-secrets"), so only the processes that
 * send mail (studio and worker) can open them: support's tables, a database dump or a backup
 * hold ciphertext. Each of SESSION_SECRET's comma-separated keys opens (rotation); the first seals.
 */

const VERSION = "v1";
const INFO = "email-job-secrets";

function keyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(secret, "utf8"), Buffer.alloc(0), Buffer.from(INFO, "utf8"), 32));
}

const keyCache = new Map<string, Buffer>();
function cachedKey(secret: string): Buffer {
  let key = keyCache.get(secret);
  if (!key) {
    key = keyOf(secret);
    keyCache.set(secret, key);
  }
  return key;
}

/** The secrets of a SESSION_SECRET value, the first one first. */
export function sealingSecrets(sessionSecret: string): string[] {
  return sessionSecret
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
}

/** `v1.<iv>.<ciphertext>.<tag>` (base64url) of the variables' JSON, under the first secret. */
export function sealVariables(variables: Record<string, unknown>, secrets: readonly string[]): string {
  const secret = secrets[0];
  if (!secret) throw new Error("no secret to seal e-mail variables with");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", cachedKey(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(variables), "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

/** Opens what sealVariables made with any of the secrets; null when none opens it (a key that was rotated away, or tampering). */
export function openVariables(sealed: string, secrets: readonly string[]): Record<string, unknown> | null {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== VERSION || !iv || body === undefined || !tag) return null;
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", cachedKey(secret), Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      const json = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
      const value: unknown = JSON.parse(json);
      if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
      return null;
    } catch {
      // Another key, or not ours: try the next one.
    }
  }
  return null;
}

/** Splits variables into those stored readable and the secret ones to seal. */
export function splitSecretVariables(
  variables: Record<string, unknown>,
  secretNames: readonly string[],
): { open: Record<string, unknown>; secret: Record<string, unknown> | null } {
  const open: Record<string, unknown> = {};
  const secret: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(variables)) {
    if (secretNames.includes(name)) secret[name] = value;
    else open[name] = value;
  }
  return { open, secret: Object.keys(secret).length > 0 ? secret : null };
}
