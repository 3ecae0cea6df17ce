import { data } from "react-router";
import { z } from "zod";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { errorToApiResponse, withErrorToasts } from "#app/errors/responses.server";
import {
  assignableChannels,
  createSubdomain,
  deleteSubdomain,
  listSubdomains,
  renameSubdomain,
  setSubdomainChannels,
} from "#app/models/subdomains.server";
import { parseIntent } from "#app/rules/intents";
import { isAdmin } from "#app/rules/permissions";
import { channelDomainFor } from "#app/rules/subdomain";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { readForm } from "#app/utils/read-form.server";
import { toastSetCookie } from "#app/utils/toast.server";
import type { Route } from "./+types/subdomains";

// CHANNEL_DOMAIN, or unset `localhost:<CONTENT_PORT>` (ADR 0041, issue 30).
const config = () => {
  const env = getEnv();
  return {
    channelDomain: channelDomainFor({ channelDomain: env.CHANNEL_DOMAIN, contentUrl: env.CONTENT_URL, contentPort: env.CONTENT_PORT }),
  };
};

/** GET /resources/subdomains: the management dialog's subdomains and the channels it can assign (subdomainManagement). */
export async function loader({ request }: Route.LoaderArgs) {
  const studio = await requireStudioUser(db, request);
  try {
    const [subdomains, channels] = await Promise.all([
      listSubdomains(db, studio.subject, config()),
      assignableChannels(db, studio.subject),
    ]);
    return data(
      {
        subdomains,
        channels: channels.map(({ id, name }) => ({ id, name })),
        channelDomain: config().channelDomain.host,
        // Under localhost (no CHANNEL_DOMAIN): the addresses open on this machine only.
        channelDomainLocal: config().channelDomain.local,
        // Only an admin creates `xn--` names (ADR 0041); the server checks it again.
        allowLookalike: isAdmin(studio.subject),
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return errorToApiResponse(error, { log: "subdomains" });
  }
}

export const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name: z.string().default("") }),
  z.object({ intent: z.literal("rename"), subdomainId: z.string().min(1), name: z.string().default("") }),
  z.object({ intent: z.literal("delete"), subdomainId: z.string().min(1) }),
  z.object({ intent: z.literal("assign"), subdomainId: z.string().min(1), channelId: z.string().default("") }),
  z.object({ intent: z.literal("unassign"), subdomainId: z.string().min(1), channelId: z.string().default("") }),
]);

type Done = "created" | "renamed" | "deleted" | "assigned" | "unassigned";
const done = async (what: Done) =>
  data(
    { ok: true as const },
    { headers: { "Set-Cookie": await toastSetCookie({ type: "success", messageKey: `subdomains.done.${what}` }) } },
  );

/** POST /resources/subdomains: create, rename, delete, assign and unassign (studio-admin.md §7). */
export async function action({ request }: Route.ActionArgs) {
  return withErrorToasts(async () => {
    const { subject } = await requireStudioUser(db, request);
    const form = parseIntent(await readForm(request), intents);
    switch (form.intent) {
      case "create":
        await createSubdomain(db, subject, form.name);
        return done("created");
      case "rename":
        await renameSubdomain(db, subject, form.subdomainId, form.name);
        return done("renamed");
      case "delete":
        await deleteSubdomain(db, subject, form.subdomainId);
        return done("deleted");
      case "assign":
      case "unassign":
        await setSubdomainChannels(db, subject, form.subdomainId, {
          channelIds: form.channelId ? [form.channelId] : [],
          assign: form.intent === "assign",
        });
        return done(form.intent === "assign" ? "assigned" : "unassigned");
    }
  });
}
