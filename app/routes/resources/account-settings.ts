import { z } from "zod";
import { bareIntent, parseIntent } from "#app/rules/intents";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { sendAuthMail } from "#app/auth/auth-mail.server";
import { enforceRateLimit, RATE_LIMITS } from "#app/auth/rate-limit.server";
import { requireStudioUser, type StudioUser } from "#app/auth/studio-user.server";
import { deleteAccountState, findAccountName, hasActiveChannelSubscriptions, renameAccount } from "#app/models/account-settings.server";
import { findSupportEmail } from "#app/preferences/system-preference.server";
import { AccountSchema } from "#app/rules/account-validation";
import { withErrorToasts } from "#app/errors/responses.server";
import { db } from "#app/utils/db.server";
import { Forbidden } from "#app/errors/app-error";
import { requirePermission } from "#app/rules/permissions";
import { queues } from "#app/jobs/producer.server";
import { redis } from "#app/utils/redis.server";
import { toastSetCookie } from "#app/utils/toast.server";
import type { Route } from "./+types/account-settings";
import { readForm } from "#app/utils/read-form.server";

/**
 * The account drawer's data and writes (studio-admin.md §4 "Account and profile", §6, §8): the
 * company name (editAccount: owners and managers) and the request to delete the account
 * (deleteAccount), which mails a delete-account link unless channel subscriptions are active.
 * Decisions: docs/decisions/0017-profile-and-account.md.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const studio = await requireStudioUser(db, request);
  const [deleteAccount, supportEmail] = await Promise.all([deleteAccountState(db, studio), findSupportEmail(db)]);
  return { canEditName: studio.permissions.has("editAccount"), deleteAccount, supportEmail };
}

/** The drawer's forms; rename validates its own fields (Conform). */
export const intents = z.discriminatedUnion("intent", [bareIntent("rename"), bareIntent("deleteAccount")]);

export async function action({ request }: Route.ActionArgs) {
  return withErrorToasts(async () => {
    const studio = await requireStudioUser(db, request);
    const formData = await readForm(request);
    switch (parseIntent(formData, intents).intent) {
      case "rename":
        return rename(studio, formData);
      case "deleteAccount":
        return requestAccountDeletion(studio);
    }
  });
}

/** The company name of the account the user works in now, the one the drawer shows. */
async function rename({ user, subject }: StudioUser, formData: FormData) {
  requirePermission(subject, "editAccount");
  const submission = parseWithZod(formData, { schema: AccountSchema });
  if (submission.status !== "success") return data({ intent: "rename" as const, result: submission.reply() }, { status: 400 });
  await renameAccount(db, user.accountId, submission.value.name);
  return data(
    { intent: "rename" as const, result: submission.reply() },
    { headers: { "Set-Cookie": await toastSetCookie({ type: "success", messageKey: "shell.account.saved" }) } },
  );
}

/**
 * Mails the delete-account link for the user's own account. Active channel subscriptions stop
 * it (409: the drawer shows the active-channels dialog); the token flow checks them again.
 */
async function requestAccountDeletion(studio: StudioUser) {
  const { user, subject } = studio;
  requirePermission(subject, "deleteAccount");
  if (user.accountId !== user.baseAccountId) throw new Forbidden("deleteAccount");
  if (await hasActiveChannelSubscriptions(db, user.baseAccountId)) {
    return data({ intent: "deleteAccount" as const, ok: false, reason: "activeChannels" as const }, { status: 409 });
  }
  await enforceRateLimit(redis, { ...RATE_LIMITS.accountMailUser, key: user.id });
  const accountName = (await findAccountName(db, user.baseAccountId)) ?? user.accountName;
  await sendAuthMail({ db, queue: queues.email }, { user, authType: "delete-account", accountName });
  return data(
    { intent: "deleteAccount" as const, ok: true },
    { headers: { "Set-Cookie": await toastSetCookie({ type: "success", messageKey: "shell.account.deleteAccountCached" }) } },
  );
}
