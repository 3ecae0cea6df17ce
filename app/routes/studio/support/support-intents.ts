import { z } from "zod";
import { ACCOUNT_NUMBER_FIELDS } from "#app/rules/support-lists";
import { PERMISSION_LEVELS } from "#app/rules/permissions";
import { ORDER_TYPES } from "#app/rules/shop";

/*
 * The writes of /support/:tab (studio-admin.md §2 row actions; issue 14), one intent each. The
 * tables post to the tab they show; an intent does not depend on the tab.
 */
const id = z.string().min(1).max(64);
const flag = z.enum(["true", "false"]).transform((value) => value === "true");

export const supportIntents = z.discriminatedUnion("intent", [
  // accounts
  z.object({ intent: z.literal("setAccountActive"), accountId: id, active: flag }),
  z.object({
    intent: z.literal("updateAccount"),
    accountId: id,
    field: z.enum(ACCOUNT_NUMBER_FIELDS),
    value: z.string().max(20).default(""),
  }),
  z.object({ intent: z.literal("addChannels"), accountId: id, count: z.string().max(10).default("1") }),
  z.object({ intent: z.literal("switchAccount"), accountId: id, epaperId: id.optional() }),
  z.object({ intent: z.literal("deleteAllEpapers"), accountId: id }),
  z.object({ intent: z.literal("deleteAccount"), accountId: id }),
  z.object({ intent: z.literal("renewGeneratedAccount"), accountId: id }),
  // an account's API keys (issue 32, ADR 0056)
  z.object({ intent: z.literal("revokeApiKey"), keyId: id }),
  // users
  z.object({
    intent: z.literal("updateUser"),
    userId: id,
    field: z.enum(["email", "firstname", "lastname"]),
    value: z.string().max(300).default(""),
  }),
  z.object({ intent: z.literal("togglePermission"), userId: id, priority: z.enum(PERMISSION_LEVELS) }),
  z.object({ intent: z.literal("sendPasswordRequest"), userId: id }),
  z.object({ intent: z.literal("deleteUser"), userId: id }),
  // ePapers
  z.object({ intent: z.literal("cancelEpaper"), epaperId: id }),
  z.object({ intent: z.literal("setEpaperLocked"), epaperId: id, locked: flag }),
  z.object({ intent: z.literal("deleteEpaper"), epaperId: id }),
  z.object({ intent: z.literal("removePublication"), publicationId: id }),
  // channels
  z.object({ intent: z.literal("setChannelDisabled"), channelId: id, disabled: flag }),
  z.object({ intent: z.literal("setChannelRemoveAt"), channelId: id, removeAt: z.string().max(10).default("") }),
  z.object({ intent: z.literal("cancelChannel"), channelId: id }),
  z.object({ intent: z.literal("deleteChannel"), channelId: id }),
  // render processes and e-mail jobs
  z.object({ intent: z.literal("setRenderProcessActive"), renderProcessId: id, active: flag }),
  z.object({ intent: z.literal("resendEmail"), emailJobId: id }),
  // news (the manager's fields are checked by the shared NewsFormSchema in the model)
  z.looseObject({ intent: z.literal("createNews") }),
  z.looseObject({ intent: z.literal("updateNews"), newsId: id }),
  z.object({ intent: z.literal("deleteNews"), newsId: id }),
  // shop order codes
  z.object({ intent: z.literal("updateOrderCode"), orderCodeId: id, value: z.string().max(300).default("") }),
  z.object({
    intent: z.literal("addOrderCode"),
    type: z.enum(ORDER_TYPES),
    codeKey: z.string().max(80).default(""),
    text: z.string().max(300).default(""),
  }),
  z.object({ intent: z.literal("deleteOrderCode"), orderCodeId: id }),
  // the service notification to everyone signed in (its text and kind are checked by the model)
  z.object({
    intent: z.literal("sendServiceNotification"),
    text: z.string().max(2000).default(""),
    level: z.string().max(20).default(""),
  }),
]);
export type SupportIntent = z.output<typeof supportIntents>;
