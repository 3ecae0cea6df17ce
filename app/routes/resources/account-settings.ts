import { z } from "zod";
import { bareIntent, parseIntent } from "#app/rules/intents";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { sendAuthMail } from "#app/auth/auth-mail.server";
import { enforceRateLimit, RATE_LIMITS } from "#app/auth/rate-limit.server";
import { requireStudioUser, type StudioUser } from "#app/auth/studio-user.server";
import { deleteAccountState, findAccountName, hasActiveChannelSubscriptions, renameAccount } from "#app/models/account-settings.server";
import { countReferredAccounts, ensureAffiliateDigest } from "#app/models/affiliate.server";
import { buildWidgetCode, returnUrlOrNull, WidgetCodeSchema } from "#app/rules/upload-widget";
import { getEnv } from "#app/utils/env.server";
import { getInstance } from "#app/utils/i18next.server";
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
 * company name (editAccount: owners and managers), the request to delete the account
 * (deleteAccount), which mails a delete-account link unless channel subscriptions are active, and
 * the embedded upload widget's code with the account's affiliate digest (affiliate; §7
 * create-affiliate-data). Decisions: docs/decisions/0017-profile-and-account.md,
 * 0052-upload-widget-code-and-affiliate.md.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const studio = await requireStudioUser(db, request);
  const [deleteAccount, supportEmail, referred] = await Promise.all([
    deleteAccountState(db, studio),
    findSupportEmail(db),
    studio.permissions.has("affiliate") ? countReferredAccounts(db, studio.user.accountId) : null,
  ]);
  return { canEditName: studio.permissions.has("editAccount"), deleteAccount, supportEmail, affiliate: referred ? { referred } : null };
}

/** The drawer's forms; rename and the widget code validate their own fields (Conform). */
export const intents = z.discriminatedUnion("intent", [
  bareIntent("rename"),
  bareIntent("deleteAccount"),
  bareIntent("createAffiliateData"),
]);

export async function action({ request, context }: Route.ActionArgs) {
  return withErrorToasts(async () => {
    const studio = await requireStudioUser(db, request);
    const formData = await readForm(request);
    switch (parseIntent(formData, intents).intent) {
      case "rename":
        return rename(studio, formData);
      case "deleteAccount":
        return requestAccountDeletion(studio);
      case "createAffiliateData":
        return createAffiliateData(studio, formData, getInstance(context));
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

/**
 * create-affiliate-data (studio-admin.md §7): the account's digest (made on the first request)
 * and the widget code for the chosen language and return target, with the studio's public
 * address. It speaks for the account the user works in now, the one the drawer shows.
 */
async function createAffiliateData({ user, subject }: StudioUser, formData: FormData, i18n: ReturnType<typeof getInstance>) {
  requirePermission(subject, "affiliate");
  const submission = parseWithZod(formData, { schema: WidgetCodeSchema });
  if (submission.status !== "success") return data({ intent: "createAffiliateData" as const, result: submission.reply() }, { status: 400 });
  const { locale, returnUrl } = submission.value;
  const digest = await ensureAffiliateDigest(db, user.accountId);
  const widgetCode = buildWidgetCode({
    studioUrl: getEnv().PUBLIC_URL,
    locale,
    digest,
    returnUrl: returnUrlOrNull(returnUrl),
    // The customer's page speaks the widget's language, not necessarily the studio user's.
    title: i18n.getFixedT(locale)("embedded.metaTitle"),
  });
  return { intent: "createAffiliateData" as const, result: submission.reply(), digest, widgetCode };
}
