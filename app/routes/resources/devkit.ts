import { data } from "react-router";
import { z } from "zod";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { errorToApiResponse, withErrorToasts } from "#app/errors/responses.server";
import { queues } from "#app/jobs/producer.server";
import { findRedisKeys, loadDevKit, removeRedisKeys, sendTestEmail, setForcedError } from "#app/models/devkit.server";
import { parseIntent } from "#app/rules/intents";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { readForm } from "#app/utils/read-form.server";
import { redis } from "#app/utils/redis.server";
import { toastSetCookie } from "#app/utils/toast.server";
import type { Route } from "./+types/devkit";

/** GET /resources/devkit: what the developer kit drawer shows (level 4, not demo; issue 14). */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const studio = await requireStudioUser(db, request);
    return data(await loadDevKit(db, studio.subject, studio.session), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorToApiResponse(error, { log: "devkit" });
  }
}

export const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("forceError"), errorName: z.string().max(64).default("") }),
  z.object({ intent: z.literal("findKeys"), pattern: z.string().max(300).default("") }),
  z.object({ intent: z.literal("removeKeys"), pattern: z.string().max(300).default("") }),
  z.object({ intent: z.literal("testEmail"), lang: z.string().max(8).default("") }),
]);

const toast = async (
  messageKey: "devkit.done.forced" | "devkit.done.stopped" | "devkit.done.removed" | "devkit.done.testEmail",
  params = {},
) => ({ "Set-Cookie": await toastSetCookie({ type: "success", messageKey, params }) }) as Record<string, string>;

/** POST /resources/devkit: force or stop an error, find or remove Redis keys, send a test e-mail. */
export async function action({ request }: Route.ActionArgs) {
  return withErrorToasts(async () => {
    const studio = await requireStudioUser(db, request);
    const form = parseIntent(await readForm(request), intents);
    switch (form.intent) {
      case "forceError":
        await setForcedError(db, studio.subject, studio.session.id, form.errorName || null);
        return data({ ok: true as const }, { headers: await toast(form.errorName ? "devkit.done.forced" : "devkit.done.stopped") });
      case "findKeys":
        return data({ ok: true as const, ...(await findRedisKeys(redis, studio.subject, form.pattern)) });
      case "removeKeys": {
        const removed = await removeRedisKeys(redis, studio.subject, form.pattern);
        return data({ ok: true as const, removed }, { headers: await toast("devkit.done.removed", { count: removed }) });
      }
      case "testEmail":
        await sendTestEmail({ db, queue: queues.email, studioUrl: getEnv().PUBLIC_URL }, studio.subject, studio.user, form.lang);
        return data({ ok: true as const }, { headers: await toast("devkit.done.testEmail", { email: studio.user.email }) });
    }
  });
}
