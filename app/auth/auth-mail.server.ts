import type { EmailQueueDeps } from "#app/email/send-email.server";
import { queueEmail } from "#app/email/send-email.server";
import { getEnv } from "#app/utils/env.server";
import { isLocale, type Locale } from "#app/utils/i18n";
import { type AuthType, type DeactivateEmailType, issueToken, TOKEN_TTL_MS } from "./one-time-token.server.ts";

const HOUR = 3_600_000;

/** Which mail carries the link of each token flow. Support's "send password request" uses setPassword. */
const AUTH_MAIL = {
  signup: "signup",
  "generated-user-signup": "generatedUserSignup",
  "password-reset": "passwordReset",
  "email-reset": "emailReset",
  "delete-user": "deleteUser",
  "delete-account": "deleteAccount",
  "email-change-approve": "emailChangeApproval",
  // Never a mail of its own: its link rides in the approval and the confirmation mails.
  "email-change-decline": "emailChangeApproval",
} as const satisfies Record<AuthType, string>;

export type AuthMailRecipient = { id: string; email: string; firstname: string; lastname: string; emailLanguage: string };

/** The absolute link of a token flow, as the mail carries it. */
export function authLink(authType: AuthType, token: string): string {
  return `${getEnv().PUBLIC_URL}/auth/${authType}/with/${token}`;
}

/** The absolute link that switches one notification off (studio-core.md §4). */
export function deactivateEmailLink(type: DeactivateEmailType, token: string): string {
  return `${getEnv().PUBLIC_URL}/deactivate-email/${type}/with/${token}`;
}

function mailLocale(user: AuthMailRecipient): Locale {
  return isLocale(user.emailLanguage) ? user.emailLanguage : "en";
}

/** Which flow, and what its mail needs beyond the user. */
export type AuthMailRequest = { user: AuthMailRecipient } & (
  | { authType: Exclude<AuthType, "email-reset" | "delete-account" | `email-change-${string}`>; template?: "setPassword" }
  /**
   * Goes to the requested (new) address, which it names; confirming makes it the login.
   * `requestedBy`: the support user who asked; the mail then carries a decline link too (issue 44).
   */
  | { authType: "email-reset"; newEmail: string; requestedBy?: string }
  /** Goes to the current address: approve (then the new address gets its link) or decline a change support asked for. */
  | { authType: "email-change-approve"; newEmail: string; requestedBy: string }
  /** Names the account that the link deletes. */
  | { authType: "delete-account"; accountName: string }
);

/**
 * Issues a fresh token of a flow and queues the mail with its link, in the user's e-mail
 * language. The mail goes to the user's address, except email-reset, which goes to the new
 * address (whoever confirms it must own it). Call it after the transaction that prepared the
 * flow committed.
 */
export async function sendAuthMail(deps: EmailQueueDeps, request: AuthMailRequest): Promise<void> {
  const { user, authType } = request;
  const change = "newEmail" in request && request.requestedBy ? { email: request.newEmail, requestedBy: request.requestedBy } : undefined;
  // A change's links name the address they were sent for (the user's own change too): they act on that one only.
  const payload = "newEmail" in request ? { email: request.newEmail, ...(change ? { requestedBy: change.requestedBy } : {}) } : undefined;
  const { token } = await issueToken(deps.db, { userId: user.id, purpose: authType, ...(payload ? { payload } : {}) });
  // Both addresses of a support-requested change can decline it (issue 44).
  const declineLink = change
    ? authLink(
        "email-change-decline",
        (await issueToken(deps.db, { userId: user.id, purpose: "email-change-decline", payload: change })).token,
      )
    : undefined;
  const base = {
    studioUrl: getEnv().PUBLIC_URL,
    firstName: user.firstname || undefined,
    lastName: user.lastname || undefined,
    link: authLink(authType, token),
    validHours: TOKEN_TTL_MS[authType] / HOUR,
  };
  const common = { locale: mailLocale(user), userId: user.id };
  switch (request.authType) {
    case "email-reset":
      await queueEmail(deps, {
        ...common,
        to: request.newEmail,
        type: AUTH_MAIL["email-reset"],
        variables: {
          ...base,
          newEmail: request.newEmail,
          ...(request.requestedBy ? { requestedBy: request.requestedBy } : {}),
          ...(declineLink ? { declineLink } : {}),
        },
      });
      return;
    case "email-change-approve":
      await queueEmail(deps, {
        ...common,
        to: user.email,
        type: AUTH_MAIL["email-change-approve"],
        variables: { ...base, declineLink: declineLink ?? "", newEmail: request.newEmail, requestedBy: request.requestedBy },
      });
      return;
    case "delete-account":
      await queueEmail(deps, {
        ...common,
        to: user.email,
        type: AUTH_MAIL["delete-account"],
        variables: { ...base, accountName: request.accountName },
      });
      return;
    default:
      await queueEmail(deps, { ...common, to: user.email, type: request.template ?? AUTH_MAIL[request.authType], variables: base });
  }
}
