import { z } from "zod";

/*
 * API keys of the public API (issue 32, ADR 0056), shared by the account drawer and the server:
 * what a key looks like, its scopes, and the drawer's form. A key is `ep_live_<lookup>_<secret>`:
 * the prefix `ep_live_<lookup>` is stored and shown in lists (it finds the row), the whole key
 * only as its SHA-256. The secret is 32 random bytes, so a fast hash is enough: no one guesses
 * 2^256, and a slow hash would only cost every API call.
 */

export const API_KEY_SCOPES = ["read", "write", "publish"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_PREFIX = "ep_live_";
/** Characters of the lookup part after `ep_live_` (lower-case letters and digits). */
export const API_KEY_LOOKUP_LENGTH = 12;
/** Keys an account may hold at once (revoked ones do not count). */
export const MAX_API_KEYS_PER_ACCOUNT = 25;
export const API_KEY_NAME_MAX = 100;

/** The permission subject of a call with a key is `apiKey:<key id>`: it acts for the account, as no user. */
export const API_KEY_SUBJECT_PREFIX = "apiKey:";
export const apiKeySubjectId = (keyId: string) => `${API_KEY_SUBJECT_PREFIX}${keyId}`;

/** The user a subject is, for a row naming who did it; null for an API key (no user). */
export const actingUserId = (subjectId: string): string | null => (subjectId.startsWith(API_KEY_SUBJECT_PREFIX) ? null : subjectId);

const KEY_PATTERN = new RegExp(`^(${API_KEY_PREFIX}[a-z0-9]{${API_KEY_LOOKUP_LENGTH}})_([A-Za-z0-9_-]{43})$`);

/** The stored prefix of a presented key, or null when the text is not shaped like one of ours. */
export function apiKeyPrefixOf(token: string): string | null {
  return KEY_PATTERN.exec(token)?.[1] ?? null;
}

/** The key from an `Authorization: Bearer <key>` header; null without one. */
export function bearerTokenOf(header: string | null): string | null {
  const match = header ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The stored comma list as scopes, in their canonical order; unknown words are dropped. */
export function scopesOf(stored: string): ApiKeyScope[] {
  const words = new Set(stored.split(","));
  return API_KEY_SCOPES.filter((scope) => words.has(scope));
}

export const storedScopes = (scopes: readonly ApiKeyScope[]) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope)).join(",");

/** The drawer's form: a name to recognise the key by and at least one scope (checkboxes named `scopes`). */
export const ApiKeyFormSchema = z.object({
  name: z
    .string({ error: "apiKeys.validation.nameRequired" })
    .trim()
    .min(1, { error: "apiKeys.validation.nameRequired" })
    .max(API_KEY_NAME_MAX, { error: "apiKeys.validation.nameTooLong" }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES), { error: "apiKeys.validation.scopeRequired" })
    .min(1, { error: "apiKeys.validation.scopeRequired" }),
});

/** One key as the drawer and support list it: never its secret or hash. */
export type ApiKeyView = {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};
