import { publishForcedLogout } from "#app/events/publish.server";
import { z } from "zod";
import { bareIntent, parseIntent } from "#app/rules/intents";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { sendAuthMail } from "#app/auth/auth-mail.server";
import { enforceRateLimit, RATE_LIMITS } from "#app/auth/rate-limit.server";
import { requireStudioUser, type StudioUser } from "#app/auth/studio-user.server";
import { deleteAccountState } from "#app/models/account-settings.server";
import { answerEmailChange, findPendingEmailChange } from "#app/models/email-change.server";
import { AppError } from "#app/errors/app-error";
import {
  changePassword,
  isEmailConfigName,
  isLastUserOfAccount,
  listNotificationSettings,
  requestEmailChange,
  setNotification,
  updateNames,
} from "#app/models/profile.server";
import { findSupportEmail } from "#app/preferences/system-preference.server";
import { createChangePasswordSchema, createProfileSchema, emailTakenFieldErrors, isEmailChange } from "#app/rules/account-validation";
import { withErrorToasts } from "#app/errors/responses.server";
import { db } from "#app/utils/db.server";
import { passwordStrength } from "#app/rules/password-strength.server";
import { emailConfigPermissionKey, requirePermission } from "#app/rules/permissions";
import { queues } from "#app/jobs/producer.server";
import { redis } from "#app/utils/redis.server";
import { toastSetCookie } from "#app/utils/toast.server";
import type { ToastInput } from "#app/utils/toast";
import type { Route } from "./+types/profile";
import { readForm } from "#app/utils/read-form.server";

/**
 * The profile drawer's data and writes (studio-admin.md §4 "Account and profile", §5, §8). The
 * drawer loads its extra data when it opens; each form posts an `intent`. Every write checks its
 * permission here again and touches only the signed-in user. Success and failure messages are
 * toasts (flash cookie, read by the root loader on the revalidation after the fetcher's action).
 * Decisions: docs/decisions/0017-profile-and-account.md.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const studio = await requireStudioUser(db, request);
  const { user, permissions } = studio;
  const canDeleteProfile = permissions.has("deleteProfileButton");
  const [notifications, isLastUser, deleteAccount, supportEmail, pendingEmailChange] = await Promise.all([
    listNotificationSettings(db, user.id),
    canDeleteProfile ? isLastUserOfAccount(db, user) : Promise.resolve(false),
    deleteAccountState(db, studio),
    findSupportEmail(db),
    findPendingEmailChange(db, user.id),
  ]);
  return {
    // The user_email_config rows are the permission keys userEmailConfig-{name} (ADR 0010).
    notifications: notifications.filter((setting) => permissions.has(emailConfigPermissionKey(setting.name))),
    canDeleteProfile,
    isLastUser,
    deleteAccount,
    supportEmail,
    /** An e-mail change support asked for, waiting for this user's answer (issue 44). */
    pendingEmailChange,
  };
}

/** The drawer's forms; each validates its own fields (Conform). */
export const intents = z.discriminatedUnion("intent", [
  bareIntent("profile"),
  bareIntent("password"),
  bareIntent("notification"),
  bareIntent("deleteProfile"),
  bareIntent("approveEmailChange"),
  bareIntent("declineEmailChange"),
]);

export async function action({ request }: Route.ActionArgs) {
  return withErrorToasts(async () => {
    const studio = await requireStudioUser(db, request);
    const formData = await readForm(request);
    const { intent } = parseIntent(formData, intents);
    switch (intent) {
      case "profile":
        return saveProfile(studio, formData);
      case "password":
        return savePassword(studio, formData);
      case "notification":
        return saveNotification(studio, formData);
      case "deleteProfile":
        return requestProfileDeletion(studio);
      case "approveEmailChange":
      case "declineEmailChange":
        return answerPendingEmailChange(studio, intent === "approveEmailChange" ? "approve" : "decline", formData.get("email"));
    }
  });
}

async function toastHeaders(toast: ToastInput) {
  return { "Set-Cookie": await toastSetCookie(toast) };
}

/** Names are saved at once; a changed e-mail becomes the requested e-mail and gets a link. */
async function saveProfile({ user, subject }: StudioUser, formData: FormData) {
  requirePermission(subject, "profile");
  const submission = parseWithZod(formData, { schema: createProfileSchema({ currentEmail: user.email }) });
  if (submission.status !== "success") return data({ intent: "profile" as const, result: submission.reply() }, { status: 400 });
  const { firstname, lastname, email } = submission.value;
  const emailChange = isEmailChange(user.email, email);
  const taken = () =>
    data({ intent: "profile" as const, result: submission.reply({ fieldErrors: emailTakenFieldErrors("emailChange") }) }, { status: 400 });
  if (emailChange) {
    // Each change mails a new address; the limit also bounds probing which addresses are registered.
    await enforceRateLimit(redis, { ...RATE_LIMITS.accountMailUser, key: user.id });
    if (!(await requestEmailChange(db, user.id, email))) return taken();
  }
  await updateNames(db, user.id, { firstname, lastname });
  if (!emailChange) {
    return data(
      { intent: "profile" as const, result: submission.reply() },
      { headers: await toastHeaders({ type: "success", messageKey: "shell.profile.saved" }) },
    );
  }
  await sendAuthMail({ db, queue: queues.email }, { user: { ...user, firstname, lastname }, authType: "email-reset", newEmail: email });
  return data(
    { intent: "profile" as const, result: submission.reply() },
    { headers: await toastHeaders({ type: "success", messageKey: "shell.profile.requestedEmailCached", params: { email } }) },
  );
}

/** The signed-in user approves or declines the e-mail change support asked for (issue 44). */
async function answerPendingEmailChange({ user, subject }: StudioUser, answer: "approve" | "decline", email: FormDataEntryValue | null) {
  requirePermission(subject, "profile");
  // The answer is to the address the profile showed, never to one support put there since.
  const answered = typeof email === "string" && (await answerEmailChange({ db, queue: queues.email }, user.id, answer, email));
  if (!answered) throw new AppError("shell.profile.noEmailChangePending", { status: 409 });
  const messageKey = answer === "approve" ? "shell.profile.emailChangeApproved" : "shell.profile.emailChangeDeclined";
  return data(
    { intent: `${answer}EmailChange` as const, ok: true as const },
    { headers: await toastHeaders({ type: "success", messageKey, params: answered }) },
  );
}

/** Current password, then the new one (strength checked here); other sessions end. */
async function savePassword({ user, subject, session }: StudioUser, formData: FormData) {
  requirePermission(subject, "profile");
  const schema = createChangePasswordSchema({
    strength: passwordStrength,
    userInputs: [user.email, user.firstname, user.lastname, user.accountName],
  });
  const submission = parseWithZod(formData, { schema });
  const hide = { hideFields: ["currentPassword", "password", "passwordConfirmation"] };
  if (submission.status !== "success") return data({ intent: "password" as const, result: submission.reply(hide) }, { status: 400 });
  await enforceRateLimit(redis, { ...RATE_LIMITS.passwordChangeUser, key: user.id });
  let outcome: Awaited<ReturnType<typeof changePassword>>;
  try {
    outcome = await changePassword(db, {
      userId: user.id,
      currentPassword: submission.value.currentPassword,
      newPassword: submission.value.password,
      keepSessionId: session.id,
    });
  } catch (error) {
    console.error("password could not be saved:", error);
    return data(
      { intent: "password" as const, result: submission.reply(hide) },
      { status: 500, headers: await toastHeaders({ type: "error", messageKey: "validation.passwordCouldNotBeSaved" }) },
    );
  }
  if (!outcome.ok) {
    return data(
      { intent: "password" as const, result: submission.reply({ ...hide, fieldErrors: { currentPassword: ["currentPasswordWrong"] } }) },
      { status: 400 },
    );
  }
  // The user's other sessions ended: their open event streams close at once.
  await publishForcedLogout(redis, { userId: user.id });
  return data(
    { intent: "password" as const, result: submission.reply({ resetForm: true }) },
    { headers: await toastHeaders({ type: "success", messageKey: "shell.profile.passwordChanged" }) },
  );
}

/** One notification on or off; the key userEmailConfig-{name} is always allowed for the user's own settings. */
async function saveNotification({ user, subject }: StudioUser, formData: FormData) {
  const name = formData.get("name");
  if (!isEmailConfigName(name)) return data({ intent: "notification" as const, ok: false }, { status: 400 });
  requirePermission(subject, emailConfigPermissionKey(name));
  const active = formData.get("active") === "true";
  if (!(await setNotification(db, user.id, name, active))) return data({ intent: "notification" as const, ok: false }, { status: 404 });
  return data(
    { intent: "notification" as const, ok: true },
    { headers: await toastHeaders({ type: "success", messageKey: "shell.profile.notificationsSaved" }) },
  );
}

/**
 * Mails the delete-user link (studio-admin.md §4: "Profile deletion needs confirmation … completed
 * by link"). The last user of an account is told to delete the account instead (409).
 */
async function requestProfileDeletion({ user, subject }: StudioUser) {
  requirePermission(subject, "deleteProfileButton");
  if (await isLastUserOfAccount(db, user))
    return data({ intent: "deleteProfile" as const, ok: false, reason: "lastUser" as const }, { status: 409 });
  await enforceRateLimit(redis, { ...RATE_LIMITS.accountMailUser, key: user.id });
  try {
    await sendAuthMail({ db, queue: queues.email }, { user, authType: "delete-user" });
  } catch (error) {
    console.error("delete-user mail could not be queued:", error);
    return data(
      { intent: "deleteProfile" as const, ok: false, reason: "failed" as const },
      { status: 500, headers: await toastHeaders({ type: "error", messageKey: "shell.profile.profileCouldNotBeDeleted" }) },
    );
  }
  return data(
    { intent: "deleteProfile" as const, ok: true },
    { headers: await toastHeaders({ type: "success", messageKey: "shell.profile.deleteProfileCached" }) },
  );
}
