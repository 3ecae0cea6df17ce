import { createId } from "@paralleldrive/cuid2";
import type { Database } from "#db/client";
import type { JsonValue } from "#db/schema.gen";
import { type AuthType, consumeTokenIn, type DeactivateEmailType, type TokenFailure } from "#app/auth/one-time-token.server";
import { revokeAccountSessions, revokeUserSessions } from "#app/auth/session.server";
import { isDuplicateKeyError } from "./account-creation.server.ts";
import { hasActiveChannelSubscriptions } from "./account-settings.server.ts";
import { retryTransaction } from "#db/retry-transaction";

/**
 * What using the link of a token mail does (studio-core.md §4 "Token flow"). Each flow's writes
 * commit together with the token's use, so a failed flow leaves the link usable and a used link
 * never half-applies. Decisions: docs/decisions/0016-token-flows-and-signup.md.
 */
export type TokenFlowOutcome =
  /** Log the user in and go on: to the start route, or to /password to set a password. */
  | { kind: "login"; userId: string; next: "start" | "password"; confirmed: boolean }
  /** Done; the token page says so (the user is not logged in by it). */
  | { kind: "done"; messageKey: TokenDoneMessage; params: { email?: string }; sessionsEnded: SessionsEnded }
  /**
   * Noted, nobody logged out (issue 44): a support-requested e-mail change was approved (the new
   * address gets its confirmation link next: `confirmEmailChange`) or declined.
   */
  | { kind: "noted"; messageKey: TokenNotedMessage; params: { email: string }; confirmEmailChange?: EmailChangeRequest }
  | { kind: "failed"; reason: TokenFlowFailure };

/** Whose sessions the flow ended: their browsers are told (forcedLogout) after the commit. */
export type SessionsEnded = { userId: string } | { accountId: string };

export type TokenDoneMessage = "emailChanged" | "userDeleted" | "accountDeleted";
export type TokenNotedMessage = "emailChangeApproved" | "emailChangeDeclined";
export type TokenFlowFailure = TokenFailure | "unprocessable" | "lastUser" | "activeShopSubscriptions" | "notApproved" | "noChangePending";

/** A support-requested change as its approval link carries it: the address asked for and who asked. */
export type EmailChangeRequest = { userId: string; newEmail: string; requestedBy: string };

type User = { id: string; baseAccountId: string; requestedEmail: string | null; emailChangeRequestedBy: string | null };

export async function redeemAuthToken(db: Database, authType: AuthType, token: string, now = new Date()): Promise<TokenFlowOutcome> {
  try {
    return await retryTransaction(db, async (trx) => {
      const used = await consumeTokenIn(trx, { token, purpose: authType, now });
      if (!used.ok) return { kind: "failed", reason: used.reason };
      const user = await trx
        .selectFrom("user")
        .select(["id", "baseAccountId", "requestedEmail", "emailChangeRequestedBy"])
        .where("id", "=", used.userId)
        .where("deletedAt", "is", null)
        .executeTakeFirst();
      if (!user) return { kind: "failed", reason: "invalid" };
      const outcome = await FLOWS[authType](trx, user, now, used.payload);
      // A refused flow must not use up the link: roll the token's use back with it.
      if (outcome.kind === "failed") throw new FlowRefused(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof FlowRefused) return error.outcome;
    if (isDuplicateKeyError(error)) return { kind: "failed", reason: "unprocessable" };
    throw error;
  }
}

class FlowRefused extends Error {
  constructor(readonly outcome: TokenFlowOutcome) {
    super("token flow refused");
  }
}

async function confirmRegistration(trx: Database, user: User) {
  await trx.updateTable("user").set({ isTemporary: false }).where("id", "=", user.id).execute();
  await trx.updateTable("account").set({ isTemporary: false, removeAt: null }).where("id", "=", user.baseAccountId).execute();
}

/** The address a change link was issued for; a link of an older or replaced request finds another. */
export function payloadEmail(payload: JsonValue | null): { email: string } | null {
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) return null;
  const { email } = payload;
  return typeof email === "string" ? { email } : null;
}

async function deleteUnusedTokens(trx: Database, userId: string, purposes: AuthType[]) {
  await trx.deleteFrom("oneTimeToken").where("userId", "=", userId).where("purpose", "in", purposes).where("usedAt", "is", null).execute();
}

type PendingChange = { id: string; requestedEmail: string; emailChangeRequestedBy: string };

/** Approves a pending support-requested change in `trx`; the caller mails the new address after the commit. */
export async function approveEmailChangeIn(trx: Database, user: PendingChange) {
  await trx.updateTable("user").set({ emailChangeRequestedBy: null }).where("id", "=", user.id).execute();
  // The approval link is spent either way (approved here or from the signed-in profile), and no
  // older confirmation link may confirm the approved address before its own link is sent.
  await deleteUnusedTokens(trx, user.id, ["email-change-approve", "email-reset"]);
  return {
    messageKey: "emailChangeApproved" as const,
    params: { email: user.requestedEmail },
    confirmEmailChange: { userId: user.id, newEmail: user.requestedEmail, requestedBy: user.emailChangeRequestedBy },
  };
}

/** Withdraws the requested address (declined by either address, or in the signed-in profile). */
export async function declineEmailChangeIn(trx: Database, user: { id: string; requestedEmail: string }) {
  await trx.updateTable("user").set({ requestedEmail: null, emailChangeRequestedBy: null }).where("id", "=", user.id).execute();
  await deleteUnusedTokens(trx, user.id, ["email-change-approve", "email-reset"]);
  return { messageKey: "emailChangeDeclined" as const, params: { email: user.requestedEmail } };
}

const FLOWS: Record<AuthType, (trx: Database, user: User, now: Date, payload: JsonValue | null) => Promise<TokenFlowOutcome>> = {
  /** The address given at signup is confirmed: full permissions, logged in, to the start route. */
  async signup(trx, user, now) {
    await confirmRegistration(trx, user);
    await trx.updateTable("user").set({ emailTokenUsed: false, lastLoginAt: now }).where("id", "=", user.id).execute();
    return { kind: "login", userId: user.id, next: "start", confirmed: true };
  },
  /** A try-it user who signed up confirms the address and then sets a password on /password. */
  async "generated-user-signup"(trx, user) {
    await confirmRegistration(trx, user);
    await trx.updateTable("user").set({ emailTokenUsed: true, passwordRequested: true }).where("id", "=", user.id).execute();
    return { kind: "login", userId: user.id, next: "password", confirmed: true };
  },
  /** Logged in by the link, but only for /password until the new password is set. */
  async "password-reset"(trx, user) {
    await trx.updateTable("user").set({ emailTokenUsed: true }).where("id", "=", user.id).execute();
    return { kind: "login", userId: user.id, next: "password", confirmed: false };
  },
  /** The requested address becomes the e-mail; every session ends (the login name changed). */
  async "email-reset"(trx, user, now, payload) {
    if (!user.requestedEmail) return { kind: "failed", reason: "unprocessable" };
    // A change support asked for counts only once the current address approved it (issue 44).
    if (user.emailChangeRequestedBy !== null) return { kind: "failed", reason: "notApproved" };
    // A link names the address it was sent to: it confirms that one, never a later request (issue 44).
    const issuedFor = payloadEmail(payload);
    if (issuedFor && issuedFor.email !== user.requestedEmail) return { kind: "failed", reason: "noChangePending" };
    await trx.updateTable("user").set({ email: user.requestedEmail, requestedEmail: null }).where("id", "=", user.id).execute();
    await revokeUserSessions(trx, user.id, "emailChanged", { now });
    return { kind: "done", messageKey: "emailChanged", params: { email: user.requestedEmail }, sessionsEnded: { userId: user.id } };
  },
  /**
   * The current address approves the change support asked for (issue 44): only now does the new
   * address get its confirmation link. A link for another (replaced or declined) request fails.
   */
  async "email-change-approve"(trx, user, _now, payload) {
    const request = payloadEmail(payload);
    if (!request || user.emailChangeRequestedBy === null || user.requestedEmail !== request.email) {
      return { kind: "failed", reason: "noChangePending" };
    }
    return {
      kind: "noted",
      ...(await approveEmailChangeIn(trx, { ...user, emailChangeRequestedBy: user.emailChangeRequestedBy, requestedEmail: request.email })),
    };
  },
  /** Either address declines the change: the request is gone, the address in force stays. */
  async "email-change-decline"(trx, user, _now, payload) {
    const request = payloadEmail(payload);
    if (!request || user.requestedEmail !== request.email) return { kind: "failed", reason: "noChangePending" };
    return { kind: "noted", ...(await declineEmailChangeIn(trx, { id: user.id, requestedEmail: request.email })) };
  },
  /** Soft delete of the user; the last user of an account cannot go (studio-core.md §5). */
  async "delete-user"(trx, user, now) {
    const others = await trx
      .selectFrom("user")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("baseAccountId", "=", user.baseAccountId)
      .where("deletedAt", "is", null)
      .where("id", "!=", user.id)
      .executeTakeFirstOrThrow();
    if (Number(others.count) === 0) return { kind: "failed", reason: "lastUser" };
    await trx.updateTable("user").set({ deletedAt: now }).where("id", "=", user.id).execute();
    await revokeUserSessions(trx, user.id, "userDeleted", { now });
    return { kind: "done", messageKey: "userDeleted", params: {}, sessionsEnded: { userId: user.id } };
  },
  /**
   * Soft delete of the user's account (softDeletedBy, studio-admin.md §4), refused while a
   * channel subscription is active (no removeAt, or one in the future).
   */
  async "delete-account"(trx, user, now) {
    if (await hasActiveChannelSubscriptions(trx, user.baseAccountId, now)) return { kind: "failed", reason: "activeShopSubscriptions" };
    await trx
      .updateTable("account")
      .set({ deletedAt: now, softDeletedBy: user.id, isActive: false })
      .where("id", "=", user.baseAccountId)
      .execute();
    await revokeAccountSessions(trx, user.baseAccountId, "accountDeleted", now);
    return { kind: "done", messageKey: "accountDeleted", params: {}, sessionsEnded: { accountId: user.baseAccountId } };
  },
};

/**
 * Switches one notification off for the link's user (studio-core.md §4): the user_email_config
 * row whose configuration is named like the route's authType becomes inactive.
 */
export async function redeemDeactivateEmailToken(
  db: Database,
  type: DeactivateEmailType,
  token: string,
  now = new Date(),
): Promise<{ ok: true; userId: string } | { ok: false; reason: TokenFailure }> {
  return retryTransaction(db, async (trx) => {
    const used = await consumeTokenIn(trx, { token, purpose: `deactivate-email:${type}`, now });
    if (!used.ok) return used;
    const config = await trx.selectFrom("emailConfig").select("id").where("name", "=", type).executeTakeFirstOrThrow();
    await trx
      .insertInto("userEmailConfig")
      .values({ id: createId(), userId: used.userId, emailConfigId: config.id, active: false })
      .onDuplicateKeyUpdate({ active: false })
      .execute();
    return { ok: true, userId: used.userId };
  });
}
