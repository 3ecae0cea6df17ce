import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "./account-validation.ts";

/**
 * The password-protected preview link (studio-core.md §1, §7 "Verify publication access";
 * docs/decisions/0038-preview-links.md). Shared by the studio's sharing page, the card's dialog
 * and the server.
 */

/** The only sharing type there is; any other sends the visitor to /login. */
export const SHARING_TYPES = ["previewlink"] as const;
export type SharingType = (typeof SHARING_TYPES)[number];
export const isSharingType = (value: unknown): value is SharingType => (SHARING_TYPES as readonly unknown[]).includes(value);

/** An unlock opens the publication for one hour (studio-core.md §9). */
export const PREVIEW_LINK_UNLOCK_MS = 60 * 60 * 1000;
/** How long a preview link works after it was published, when the account sets nothing (ADR 0038). */
export const DEFAULT_PREVIEW_LINK_EXPIRY_HOURS = 30 * 24;
/** Generated passwords: long enough that guessing is hopeless even without the rate limit. */
export const PREVIEW_LINK_PASSWORD_LENGTH = 16;
/**
 * The password field's rule: required, nothing more (issue 46, ADR 0063). Any typed password is
 * checked, and a wrong one, short or long, is answered "wrong password": a length rule would only
 * tell the visitor something about the real password.
 */
export const protectedSharingSchema = z.object({
  password: z
    .string({ error: "passwordRequired" })
    .min(1, { error: "passwordRequired" })
    .max(PASSWORD_MAX_LENGTH, { error: "passwordTooLong" }),
});

/** The address a visitor opens: the studio's sharing page, which asks for the password. */
export const previewLinkAddress = (studioUrl: string, hash: string) => `${studioUrl}/protected-sharing/previewlink/${hash}`;

/** Where the unlocked reader lives on the content origin. */
export const previewLinkContentPath = (hash: string) => `/previewlink/${hash}/`;

/** When a link published at `publishedAt` stops working. */
export function previewLinkExpiresAt(publishedAt: Date, expiryHours: number | null): Date {
  return new Date(publishedAt.getTime() + (expiryHours ?? DEFAULT_PREVIEW_LINK_EXPIRY_HOURS) * 3600_000);
}
