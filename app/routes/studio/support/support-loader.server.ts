import type { StudioUser } from "#app/auth/studio-user.server";
import { listSupportAccounts } from "#app/models/support/support-accounts.server";
import { listSupportChannels } from "#app/models/support/support-channels.server";
import { listSupportEpapers, stalePageCounts } from "#app/models/support/support-epapers.server";
import { listSupportEmailJobs, listSupportRenderProcesses } from "#app/models/support/support-jobs.server";
import { listSupportUsers } from "#app/models/support/support-users.server";
import { listSupportNews } from "#app/models/support/support-news.server";
import { listOrderCodes, shopDebug } from "#app/models/support/support-shop.server";
import { loadShellReferenceData } from "#app/models/shell-reference.server";
import { channelAddress, isChannelBusy } from "#app/rules/channel";
import { can, outranks, PERMISSION_LEVELS, type PermissionSubject, type UserTarget } from "#app/rules/permissions";
import type { AccountRankColumns } from "#app/rules/support-rows";
import { levelNumber } from "#app/models/support/support-rank.server";
import { isSupportListTab, parseSupportQuery, type SupportListTab, SUPPORT_LISTS } from "#app/rules/support-lists";
import type { SupportTab } from "#app/rules/admin-tabs";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";

/** Whether the caller outranks the account that owns a row's thing (the model checks it again on every write). */
function outranksAccount(subject: PermissionSubject, row: AccountRankColumns): boolean {
  return outranks(subject, { isProtected: row.accountIsProtected, highestLevel: levelNumber(row.accountLevel) });
}

/**
 * The data of one support tab (studio-admin.md §2, §7; issue 14): the page of rows the URL asks
 * for, the total for the filter menu and the pager, and per row what the caller may do (the
 * models check it again on every write).
 */
export async function loadSupportTab(studio: StudioUser, tab: SupportTab, url: URL) {
  const { subject } = studio;
  const now = new Date();
  const stale = await stalePageCounts(db, subject, now);
  if (tab === "news") {
    const [news, reference] = await Promise.all([listSupportNews(db, subject), loadShellReferenceData(db, "en")]);
    return { tab, list: null, news, languages: reference.systemLanguages, stale, now };
  }
  if (tab === "shop") {
    const [orderCodes, debug] = await Promise.all([
      listOrderCodes(db, subject),
      shopDebug(db, subject, url.searchParams.get("search") ?? ""),
    ]);
    return { tab, list: null, orderCodes, shopDebug: debug, stale, now };
  }
  if (!isSupportListTab(tab)) return { tab, list: null, stale, now };
  const spec = SUPPORT_LISTS[tab as SupportListTab];
  const common = { filters: spec.filters, stale, now };
  switch (tab) {
    case "accounts": {
      const query = parseSupportQuery(tab, url.searchParams);
      const { total, rows } = await listSupportAccounts(db, subject, query);
      const list = rows.map((row) => ({
        ...row,
        isCurrent: row.id === subject.accountId,
        canDeactivate: can(subject, "supportAccountListDeactivate", row),
        canDelete: can(subject, "supportAccountListDelete", row),
        canDeleteAllEpapers: can(subject, "supportAccountListDeleteAllEpaper", row),
        canEdit: can(subject, "supportAccountListEdit", row),
        canSwitch: row.id === subject.baseAccountId || can(subject, "supportAccountListSwitch", row),
        canRenew: row.isGenerated && can(subject, "supportAccountListEdit", row),
      }));
      return { ...common, tab, query, total, list: { tab, rows: list } };
    }
    case "users": {
      const query = parseSupportQuery(tab, url.searchParams);
      const { total, rows } = await listSupportUsers(db, subject, query);
      const list = rows.map((row) => {
        const target: UserTarget = {
          id: row.id,
          accountId: row.accountId,
          accountIsDemoAccount: row.accountIsDemoAccount,
          isProtected: row.baseAccountIsProtected,
          highestLevel: Math.max(0, ...row.permissions.map(Number)),
        };
        return {
          ...row,
          canEdit: can(subject, "editUserAsSupport", target),
          canDelete: can(subject, "deleteUser", target),
          permissionButtons: PERMISSION_LEVELS.map((priority) => ({
            priority,
            held: row.permissions.includes(priority),
            // §6: buttons below priority 3 are disabled in the support list.
            enabled: can(subject, "changePermissions", { user: target, priority, via: "supportList" }),
          })),
        };
      });
      return { ...common, tab, query, total, list: { tab, rows: list } };
    }
    case "epaper": {
      const query = parseSupportQuery(tab, url.searchParams);
      const { total, rows } = await listSupportEpapers(db, subject, query);
      const demo = can(subject, "demoManagement");
      const list = rows.map((row) => {
        const canAct = outranksAccount(subject, row);
        return { ...row, canAct, canDelete: canAct && (!row.isDemo || demo) };
      });
      return { ...common, tab, query, total, list: { tab, rows: list } };
    }
    case "channels": {
      const query = parseSupportQuery(tab, url.searchParams);
      const { total, rows } = await listSupportChannels(db, subject, query);
      const contentUrl = getEnv().CONTENT_URL;
      const list = rows.map((row) => {
        const canAct = outranksAccount(subject, row);
        return {
          ...row,
          busy: isChannelBusy(row),
          canAct,
          canSetRemoveAt: canAct && row.subscriptionId === null && !row.isDemo,
          canDelete: canAct && can(subject, "supportChannelListDelete") && !isChannelBusy(row),
          url: channelAddress(contentUrl, row.shortPath),
        };
      });
      return { ...common, tab, query, total, list: { tab, rows: list } };
    }
    case "renderprocesses": {
      const query = parseSupportQuery(tab, url.searchParams);
      const { total, rows } = await listSupportRenderProcesses(db, subject, query);
      const list = rows.map((row) => ({ ...row, showServer: can(subject, "renderserver"), canAct: outranksAccount(subject, row) }));
      return { ...common, tab, query, total, list: { tab, rows: list } };
    }
    case "emailJobs": {
      const query = parseSupportQuery(tab, url.searchParams);
      const { total, rows } = await listSupportEmailJobs(db, subject, query);
      return { ...common, tab, query, total, list: { tab, rows } };
    }
  }
}
