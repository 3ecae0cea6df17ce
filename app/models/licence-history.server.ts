import { type PermissionSubject, requirePermission } from "#app/rules/permissions";
import { LICENCE_HISTORY_PAGE_SIZE, type LicenceHistoryRow, SHOP_LICENCE_ACTIONS, type ShopChannelRow } from "#app/rules/shop";
import type { Database } from "#db/client";

/**
 * The contingent history (studio-admin.md §2, §3 'Licence history entry') and the shop channels
 * dialog: read-only views of what the studio and the shop changed, newest first, one page at a
 * time (licence_history_account_id_created_at_idx keeps a page's cost independent of the history's length).
 */

const detailsOf = (value: unknown): Record<string, unknown> => {
  if (typeof value === "string") {
    try {
      return JSON.parse(value) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
};
const stringOrNull = (value: unknown) => (typeof value === "string" ? value : null);

export async function listLicenceHistory(
  db: Database,
  subject: PermissionSubject,
  input: { page: number; showShopActions: boolean },
): Promise<{ rows: LicenceHistoryRow[]; total: number; page: number; pageCount: number }> {
  requirePermission(subject, "epaperMenu");
  let query = db.selectFrom("licenceHistory").where("licenceHistory.accountId", "=", subject.accountId);
  if (!input.showShopActions) query = query.where("licenceHistory.action", "not in", [...SHOP_LICENCE_ACTIONS]);
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const pageCount = Math.max(1, Math.ceil(Number(total) / LICENCE_HISTORY_PAGE_SIZE));
  const page = Math.min(Math.max(1, input.page), pageCount);
  const rows = await query
    .leftJoin("epaper", "epaper.id", "licenceHistory.epaperId")
    .leftJoin("user", "user.id", "licenceHistory.userId")
    .select([
      "licenceHistory.id",
      "licenceHistory.action",
      "licenceHistory.trigger",
      "licenceHistory.createdAt",
      "licenceHistory.quantity",
      "licenceHistory.triggeredByAdmin",
      "licenceHistory.triggeredBySupport",
      "licenceHistory.details",
      "epaper.name as epaperName",
      "user.firstname",
      "user.lastname",
      "user.email",
    ])
    .orderBy("licenceHistory.createdAt", "desc")
    .orderBy("licenceHistory.id", "desc")
    .limit(LICENCE_HISTORY_PAGE_SIZE)
    .offset((page - 1) * LICENCE_HISTORY_PAGE_SIZE)
    .execute();
  return {
    total: Number(total),
    page,
    pageCount,
    rows: rows.map((row) => {
      const details = detailsOf(row.details);
      const userName = row.email ? [row.firstname, row.lastname].filter(Boolean).join(" ") || row.email : null;
      return {
        id: row.id,
        action: row.action,
        trigger: row.trigger,
        createdAt: row.createdAt.toISOString(),
        quantity: row.quantity,
        epaperName: row.epaperName ?? null,
        userName,
        triggeredByAdmin: row.triggeredByAdmin,
        triggeredBySupport: row.triggeredBySupport,
        orderCode: stringOrNull(details.orderCode),
        subscriptionId: stringOrNull(details.subscriptionId),
      };
    }),
  };
}

/** The account's channel subscriptions, newest first. */
export async function listShopChannels(db: Database, subject: PermissionSubject): Promise<ShopChannelRow[]> {
  requirePermission(subject, "channelMenu");
  const rows = await db
    .selectFrom("shopChannelSubscription")
    .leftJoin("channel", (join) => join.onRef("channel.id", "=", "shopChannelSubscription.channelId").on("channel.deletedAt", "is", null))
    .select([
      "shopChannelSubscription.subscriptionId",
      "shopChannelSubscription.createdAt",
      "shopChannelSubscription.currentTermEndsAt",
      "shopChannelSubscription.cancelledAt",
      "shopChannelSubscription.rejected",
      "shopChannelSubscription.rejectedReason",
      "channel.id as channelId",
      "channel.name as channelName",
      "channel.removeAt",
    ])
    .where("shopChannelSubscription.accountId", "=", subject.accountId)
    .orderBy("shopChannelSubscription.createdAt", "desc")
    .limit(500)
    .execute();
  const iso = (value: Date | null) => (value ? value.toISOString() : null);
  return rows.map((row) => ({
    subscriptionId: row.subscriptionId,
    channelId: row.channelId ?? null,
    channelName: row.channelName ?? null,
    createdAt: row.createdAt.toISOString(),
    currentTermEndsAt: iso(row.currentTermEndsAt),
    cancelledAt: iso(row.cancelledAt),
    removeAt: iso(row.removeAt ?? null),
    rejected: row.rejected,
    rejectedReason: row.rejectedReason,
  }));
}
