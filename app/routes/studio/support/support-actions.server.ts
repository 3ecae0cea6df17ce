import { data, href } from "react-router";
import type { StudioUser } from "#app/auth/studio-user.server";
import { blobs } from "#app/blob/blobs.server";
import { withErrorToasts } from "#app/errors/responses.server";
import { queues } from "#app/jobs/producer.server";
import {
  addAccountChannels,
  deleteAccountAsSupport,
  deleteAllAccountEpapers,
  setAccountActive,
  switchIntoAccount,
  updateAccountNumber,
} from "#app/models/support/support-accounts.server";
import type { SupportActor } from "#app/models/support/support-audit.server";
import {
  cancelChannelAsSupport,
  deleteChannelAsSupport,
  setChannelDisabled,
  setChannelRemoveAt,
} from "#app/models/support/support-channels.server";
import {
  cancelEpaperAsSupport,
  deleteEpaperAsSupport,
  removePublicationAsSupport,
  setEpaperLocked,
} from "#app/models/support/support-epapers.server";
import { resendEmailAsSupport, setRenderProcessActive } from "#app/models/support/support-jobs.server";
import { renewGeneratedAccountAsSupport } from "#app/models/support/support-try-it.server";
import { revokeApiKeyAsSupport } from "#app/models/api-keys.server";
import { createNews, deleteNews, updateNews } from "#app/models/support/support-news.server";
import { addOrderCode, deleteOrderCode, updateOrderCodeText } from "#app/models/support/support-shop.server";
import { sendServiceNotification } from "#app/models/support/service-notification.server";
import {
  deleteUserAsSupport,
  sendPasswordRequestAsSupport,
  toggleUserPermission,
  updateUserAsSupport,
} from "#app/models/support/support-users.server";
import { requirePermission } from "#app/rules/permissions";
import { parseIntent } from "#app/rules/intents";
import { db } from "#app/utils/db.server";
import { readForm } from "#app/utils/read-form.server";
import { redis } from "#app/utils/redis.server";
import { redirectWithToast, toastSetCookie } from "#app/utils/toast.server";
import { supportIntents } from "./support-intents.ts";

type Done = keyof typeof import("#app/locales/en/support.ts").default.support.done;

const toast = async (messageKey: "news.done.created" | "news.done.saved" | "news.done.deleted" | "serviceNotification.sent") =>
  data({ ok: true as const }, { headers: { "Set-Cookie": await toastSetCookie({ type: "success", messageKey }) } });
const done = async (what: Done) =>
  data({ ok: true as const }, { headers: { "Set-Cookie": await toastSetCookie({ type: "success", messageKey: `support.done.${what}` }) } });

/**
 * POST /support/:tab: every row action of the support tables (studio-admin.md §2; issue 14). The
 * models check level 3/4 and each row's rules again and write the audit trail; refusals come
 * back as toasts with their status (withErrorToasts).
 */
export function supportAction(studio: StudioUser, request: Request) {
  return withErrorToasts(async () => {
    requirePermission(studio.subject, "support");
    const form = parseIntent(await readForm(request), supportIntents);
    const actor: SupportActor = { subject: studio.subject, email: studio.user.email };
    const deps = { db, redis };
    switch (form.intent) {
      case "setAccountActive":
        await setAccountActive(deps, actor, form.accountId, form.active);
        return done(form.active ? "activated" : "deactivated");
      case "updateAccount":
        await updateAccountNumber(deps, actor, form.accountId, form.field, form.value);
        return done("saved");
      case "addChannels":
        await addAccountChannels(deps, actor, form.accountId, form.count);
        return done("channelsAdded");
      case "switchAccount": {
        await switchIntoAccount(deps, actor, form.accountId);
        // §2: the cover click opens the start route at that ePaper: ?epaperId= opens its folder and
        // the grid page that holds it, selected and scrolled into view (ADR 0042: no search
        // with it, a full-text search would hide a name too short to index).
        const to = form.epaperId ? `${href("/epaper")}?${new URLSearchParams({ epaperId: form.epaperId })}` : href("/epaper");
        return redirectWithToast(to, { type: "success", messageKey: "support.done.switched" });
      }
      case "deleteAllEpapers":
        await deleteAllAccountEpapers(deps, actor, form.accountId);
        return done("epapersDeleted");
      case "deleteAccount":
        await deleteAccountAsSupport(deps, actor, form.accountId);
        return done("accountDeleted");
      case "renewGeneratedAccount":
        await renewGeneratedAccountAsSupport(deps, actor, form.accountId);
        return done("storageRenewed");
      case "revokeApiKey":
        await revokeApiKeyAsSupport(db, actor, form.keyId);
        return data(
          { ok: true as const },
          { headers: { "Set-Cookie": await toastSetCookie({ type: "success", messageKey: "apiKeys.revoked" }) } },
        );
      case "updateUser": {
        const outcome = await updateUserAsSupport({ ...deps, queue: queues.email }, actor, form.userId, form.field, form.value);
        return done(
          outcome === "requested" ? "emailChangeRequested" : outcome === "approvalRequested" ? "emailChangeApprovalRequested" : "saved",
        );
      }
      case "togglePermission":
        return done(
          (await toggleUserPermission(deps, actor, form.userId, form.priority)) === "added" ? "permissionAdded" : "permissionRemoved",
        );
      case "sendPasswordRequest":
        await sendPasswordRequestAsSupport({ ...deps, queue: queues.email }, actor, form.userId);
        return done("passwordRequestSent");
      case "deleteUser":
        await deleteUserAsSupport(deps, actor, form.userId);
        return done("userDeleted");
      case "cancelEpaper":
        await cancelEpaperAsSupport(deps, actor, form.epaperId);
        return done("cancelled");
      case "setEpaperLocked":
        await setEpaperLocked(deps, actor, form.epaperId, form.locked);
        return done(form.locked ? "locked" : "unlocked");
      case "deleteEpaper":
        await deleteEpaperAsSupport(deps, actor, form.epaperId);
        return done("epaperDeleted");
      case "removePublication":
        await removePublicationAsSupport({ ...deps, blobs }, actor, form.publicationId);
        return done("publicationRemoved");
      case "setChannelDisabled":
        await setChannelDisabled(deps, actor, form.channelId, form.disabled);
        return done(form.disabled ? "channelDisabled" : "channelEnabled");
      case "setChannelRemoveAt":
        await setChannelRemoveAt(deps, actor, form.channelId, form.removeAt);
        return done("removeAtSaved");
      case "cancelChannel":
        await cancelChannelAsSupport(deps, actor, form.channelId);
        return done("cancelled");
      case "deleteChannel":
        await deleteChannelAsSupport({ ...deps, blobs }, actor, form.channelId);
        return done("channelDeleted");
      case "setRenderProcessActive":
        await setRenderProcessActive(deps, actor, form.renderProcessId, form.active);
        return done(form.active ? "processActivated" : "processDeactivated");
      case "resendEmail":
        await resendEmailAsSupport({ ...deps, queue: queues.email }, actor, form.emailJobId);
        return done("resendingEmailSuccessful");
      case "createNews":
        await createNews({ db, blobs }, actor, form);
        return toast("news.done.created");
      case "updateNews":
        await updateNews({ db, blobs }, actor, form.newsId, form);
        return toast("news.done.saved");
      case "deleteNews":
        await deleteNews({ db, blobs }, actor, form.newsId);
        return toast("news.done.deleted");
      case "updateOrderCode":
        await updateOrderCodeText(db, actor, form.orderCodeId, form.value);
        return done("orderCodeSaved");
      case "addOrderCode":
        await addOrderCode(db, actor, form.type, form.codeKey, form.text);
        return done("orderCodeAdded");
      case "deleteOrderCode":
        await deleteOrderCode(db, actor, form.orderCodeId);
        return done("orderCodeDeleted");
      case "sendServiceNotification":
        await sendServiceNotification(deps, actor, form);
        return toast("serviceNotification.sent");
    }
  });
}
