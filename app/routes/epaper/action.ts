import { z } from "zod";
import { parseIntent } from "#app/rules/intents";
import { data } from "react-router";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { blobs } from "#app/blob/blobs.server";
import {
  type CardActionDeps,
  cancelEpaperProcess,
  deleteEpaper,
  renameEpaper,
  renderAgain,
  resetEpaperProcess,
  setEpaperDemo,
} from "#app/models/epaper-actions.server";
import { withErrorToasts } from "#app/errors/responses.server";
import { db } from "#app/utils/db.server";
import { refreshPreviewLinkHash, startPublish } from "#app/publish/start-publish.server";
import { requestOpenPreview } from "#app/models/open-preview.server";
import { queues } from "#app/jobs/producer.server";
import { redis } from "#app/utils/redis.server";
import { toastSetCookie } from "#app/utils/toast.server";
import type { Route } from "./+types/action";
import { readForm } from "#app/utils/read-form.server";

const deps: CardActionDeps = { db, redis, queue: queues.render, pagesQueue: queues.pages, blobs };

/**
 * POST /epaper/:epaperId/action, `intent` = rename | delete | cancel | renderAgain | reset | markDemo |
 * unmarkDemo | publishPreview | publishZip (`confirmCharge` = "true" once the user agreed to use
 * a unit of the zip contingent) | publishPreviewLink (`newPassword` = "true" for a new password;
 * answers the password when one was made, shown once) | refreshPreviewLinkHash | publishChannel
 * (`channelId`): the ePaper card's actions; openPreview (`pageNumber`): the editor's preview
 * button opens the current preview in the user's other tabs too. Refusals (demo content, locked,
 * in process, not found) answer their status with a toast; success answers `{ ok: true }` (with a
 * toast where the spec names one).
 */
export const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), name: z.string().default("") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("renderAgain") }),
  z.object({ intent: z.literal("reset") }),
  z.object({ intent: z.literal("markDemo") }),
  z.object({ intent: z.literal("unmarkDemo") }),
  z.object({ intent: z.literal("publishPreview") }),
  // "false" is what the card sends for a free republish (it was refused as 400 before issue 46).
  z.object({ intent: z.literal("publishZip"), confirmCharge: z.enum(["true", "false"]).optional() }),
  z.object({ intent: z.literal("publishPreviewLink"), newPassword: z.literal("true").optional() }),
  z.object({ intent: z.literal("refreshPreviewLinkHash") }),
  z.object({ intent: z.literal("publishChannel"), channelId: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("openPreview"), pageNumber: z.coerce.number().int().min(1).max(100_000) }),
]);

export async function action({ request, params }: Route.ActionArgs) {
  return withErrorToasts(async () => {
    const { subject } = await requireStudioUser(db, request);
    const form = parseIntent(await readForm(request), intents);
    const epaperId = params.epaperId;
    switch (form.intent) {
      case "rename": {
        const name = await renameEpaper(deps, subject, epaperId, form.name);
        return data(
          { ok: true as const, name },
          { headers: { "Set-Cookie": await toastSetCookie({ type: "success", messageKey: "epaper.rename.done" }) } },
        );
      }
      case "delete":
        await deleteEpaper(deps, subject, epaperId);
        return data(
          { ok: true as const },
          { headers: { "Set-Cookie": await toastSetCookie({ type: "success", messageKey: "epaper.delete.done" }) } },
        );
      case "cancel":
        await cancelEpaperProcess(deps, subject, epaperId);
        return { ok: true as const };
      case "renderAgain":
        await renderAgain(deps, subject, epaperId);
        return { ok: true as const };
      case "reset":
        await resetEpaperProcess(deps, subject, epaperId);
        return { ok: true as const };
      case "markDemo":
      case "unmarkDemo":
        await setEpaperDemo(deps, subject, epaperId, form.intent === "markDemo");
        return { ok: true as const };
      case "publishPreview":
        await startPublish({ db, redis, queue: queues.publish }, subject, { epaperId, type: "preview" });
        return { ok: true as const };
      case "publishZip":
        await startPublish({ db, redis, queue: queues.publish }, subject, {
          epaperId,
          type: "zip",
          confirmCharge: form.confirmCharge === "true",
        });
        return { ok: true as const };
      case "publishPreviewLink": {
        const started = await startPublish({ db, redis, queue: queues.publish }, subject, {
          epaperId,
          type: "previewlink",
          newPassword: form.newPassword === "true",
        });
        return { ok: true as const, password: started.password };
      }
      case "publishChannel":
        await startPublish({ db, redis, queue: queues.publish }, subject, { epaperId, type: "channel", channelId: form.channelId });
        return { ok: true as const };
      case "openPreview":
        await requestOpenPreview({ db, redis }, subject, { epaperId, pageNumber: form.pageNumber });
        return { ok: true as const };
      case "refreshPreviewLinkHash":
        await refreshPreviewLinkHash({ db }, subject, epaperId);
        return data(
          { ok: true as const },
          { headers: { "Set-Cookie": await toastSetCookie({ type: "success", messageKey: "previewLink.newAddressDone" }) } },
        );
    }
  });
}
