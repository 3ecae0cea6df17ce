import { z } from "zod";

/**
 * The shop's contract, shared by the studio's server, its screens and the sandbox shop
 * (studio-admin.md §2 shop button, §3 licence history, §7 shop-url; docs/decisions/0040-shop.md).
 */

/** What can be booked: zip contingent ('epaper') or channels ('channel'); anything else disables the shop button. */
export const ORDER_TYPES = ["epaper", "channel"] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const isOrderType = (value: unknown): value is OrderType => (ORDER_TYPES as readonly unknown[]).includes(value);

/** The header the shop signs a webhook call with: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = "shop-signature";
/** How old a signed call may be: older ones are refused (a captured call cannot be replayed later). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const isoDate = z.iso.datetime({ offset: true });

/** One event the shop sends to POST /webhooks/shop. `id` is unique per event; a replay repeats it. */
export const ShopEventSchema = z.discriminatedUnion("type", [
  z.object({
    id: z.string().min(1).max(128),
    type: z.literal("order.completed"),
    data: z.object({
      /** The studio's signed order reference from the checkout address. */
      reference: z.string().min(1).max(2000),
      orderId: z.string().min(1).max(128),
      customerId: z.string().min(1).max(64),
      orderCode: z.string().min(1).max(64),
      quantity: z.number().int().min(1).max(1000),
      /** Channel orders: one subscription per channel booked. */
      subscriptions: z
        .array(z.object({ id: z.string().min(1).max(128), currentTermEndsAt: isoDate }))
        .max(1000)
        .default([]),
    }),
  }),
  z.object({
    id: z.string().min(1).max(128),
    type: z.literal("subscription.renewed"),
    data: z.object({ subscriptionId: z.string().min(1).max(128), currentTermEndsAt: isoDate }),
  }),
  z.object({
    id: z.string().min(1).max(128),
    type: z.literal("subscription.cancelled"),
    data: z.object({ subscriptionId: z.string().min(1).max(128), currentTermEndsAt: isoDate }),
  }),
]);
export type ShopEvent = z.infer<typeof ShopEventSchema>;

/** What the studio puts in its order reference (signed, so the shop cannot book for another account). */
export type OrderReference = {
  accountId: string;
  userId: string;
  orderType: OrderType;
  orderCode: string;
  epaperId: string | null;
  locale: string;
};

export const LICENCE_ACTIONS = [
  "licence_increment",
  "licence_decrement",
  "licence_order_init",
  "licence_order_start",
  "licence_order_end",
] as const;
export type LicenceAction = (typeof LICENCE_ACTIONS)[number];
/** Hidden in the contingent history until the user shows them (studio-admin.md §9). */
export const SHOP_LICENCE_ACTIONS: readonly LicenceAction[] = ["licence_order_init", "licence_order_start", "licence_order_end"];
export const LICENCE_HISTORY_PAGE_SIZE = 20;

/** One row of the contingent history dialog (studio-admin.md §2: action, trigger, moment, quantity, details). */
export type LicenceHistoryRow = {
  id: string;
  action: LicenceAction;
  trigger: "system" | "shop";
  createdAt: string;
  quantity: number;
  epaperName: string | null;
  userName: string | null;
  triggeredByAdmin: boolean;
  triggeredBySupport: boolean;
  /** The order code or subscription the row belongs to, when it came from the shop. */
  orderCode: string | null;
  subscriptionId: string | null;
};

/** One row of the shop channels dialog. */
export type ShopChannelRow = {
  subscriptionId: string;
  channelId: string | null;
  channelName: string | null;
  createdAt: string;
  currentTermEndsAt: string | null;
  cancelledAt: string | null;
  removeAt: string | null;
  rejected: boolean;
  rejectedReason: string | null;
};

/** A channel a subscription can move to (shop-channel update, §7): one of the account's channels without a subscription. */
export type ShopMoveTarget = { id: string; name: string; removeAt: string | null };

/** The name a channel booked in the shop starts with (renamable): 'Channel 3', 'Kanal 3'. */
export const bookedChannelName = (locale: string, number: number) => `${locale === "de" ? "Kanal" : "Channel"} ${number}`;

/** Shop order codes (studio-admin.md §5 'a shared length check'): the shop's product key and the offer's text. */
export const ORDER_CODE_KEY = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const ORDER_CODE_TEXT = { min: 1, max: 250 } as const;
