import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { AppError, DemoError, Forbidden } from "#app/errors/app-error";
import {
  addAccountChannels,
  deleteAccountAsSupport,
  deleteAllAccountEpapers,
  listSupportAccounts,
  returnToBaseAccount,
  setAccountActive,
  switchIntoAccount,
  updateAccountNumber,
} from "#app/models/support/support-accounts.server";
import { listAccountAudit, type SupportActor } from "#app/models/support/support-audit.server";
import { listSupportChannels, setChannelDisabled, setChannelRemoveAt } from "#app/models/support/support-channels.server";
import { deleteEpaperAsSupport, listSupportEpapers, setEpaperLocked } from "#app/models/support/support-epapers.server";
import { listSupportUsers, toggleUserPermission, updateUserAsSupport } from "#app/models/support/support-users.server";
import type { PermissionLevel, PermissionSubject } from "#app/rules/permissions";
import { parseSupportQuery } from "#app/rules/support-lists";
import { db } from "#app/utils/db.server";
import { insertAccountWithUser, insertUserWithLevel } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { TEST_REDIS_URL } from "#tests/setup/test-env";

// The support back office on the server (issue 14), against real MariaDB and Redis: the list
// queries (filter, sort, search, paging, the §7 defaults), the row rules of §6 for every role
// (generated matrix below: levels 1–4, generated, temporary, demo, self, protected), and the audit
// trail every write leaves.

let redis: Redis;
beforeAll(() => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  redis.disconnect();
  await db.destroy();
});
/** The e-mail jobs the writes queue (support-hierarchy.test.ts delivers them; here only their rows count). */
const queue = { add: async () => undefined };
const deps = () => ({ db, redis, queue });

async function staff(level: PermissionLevel = "3", extra: Partial<PermissionSubject> = {}): Promise<SupportActor & { accountId: string }> {
  const user = await insertUserWithLevel(db, level);
  const subject = permissionSubject({
    id: user.userId,
    accountId: user.accountId,
    baseAccountId: user.accountId,
    permissions: [level],
    ...extra,
  });
  return { subject, email: user.email, accountId: user.accountId };
}

const query = <T extends Parameters<typeof parseSupportQuery>[0]>(tab: T, params: Record<string, string> = {}) =>
  parseSupportQuery(tab, new URLSearchParams(params));

describe("list queries", () => {
  test("accounts: search by name or Support-ID, filters, the default sort by name, paging", async () => {
    const actor = await staff();
    const tag = createId();
    const ids: string[] = [];
    for (const name of ["b", "a", "c"]) {
      const { accountId } = await insertAccountWithUser(db, { account: { name: `${tag} ${name}`, isActive: name !== "c" } });
      ids.push(accountId);
    }
    const all = await listSupportAccounts(db, actor.subject, query("accounts", { search: tag }));
    expect(all.total).toBe(3);
    expect(all.rows.map((row) => row.name)).toEqual([`${tag} a`, `${tag} b`, `${tag} c`]);
    expect(all.rows[0]).toMatchObject({ activeUsers: 1, baseUsers: 1, channels: 0 });
    const inactive = await listSupportAccounts(db, actor.subject, query("accounts", { search: tag, filter: "inactive" }));
    expect(inactive.rows.map((row) => row.name)).toEqual([`${tag} c`]);
    const desc = await listSupportAccounts(
      db,
      actor.subject,
      query("accounts", { search: tag, orderProp: "name", order: "desc", skip: "1" }),
    );
    expect(desc.rows.map((row) => row.name)).toEqual([`${tag} b`, `${tag} a`]);
    const byId = await listSupportAccounts(db, actor.subject, query("accounts", { search: ids[0] ?? "" }));
    expect(byId.rows.map((row) => row.id)).toEqual([ids[0]]);
    // A column name never comes from the request: an unknown sort falls back to the default.
    expect(query("accounts", { orderProp: "password_hash; drop table", order: "up" })).toMatchObject({ orderProp: "name", order: "asc" });
    // LIKE wildcards are searched for literally.
    expect((await listSupportAccounts(db, actor.subject, query("accounts", { search: `${tag}%` }))).total).toBe(0);
  });

  test("users: role filters, search by account, permissions of each row", async () => {
    const actor = await staff();
    const admin = await insertUserWithLevel(db, "4");
    const editor = await insertUserWithLevel(db, "1");
    const admins = await listSupportUsers(db, actor.subject, query("users", { search: admin.accountId, filter: "admin" }));
    expect(admins.rows.map((row) => [row.id, row.permissions])).toEqual([[admin.userId, ["4"]]]);
    const none = await listSupportUsers(db, actor.subject, query("users", { search: editor.accountId, filter: "admin" }));
    expect(none.total).toBe(0);
  });

  test("every list refuses callers below level 3", async () => {
    const customer = permissionSubject({ permissions: ["2"] });
    await expect(listSupportAccounts(db, customer, query("accounts"))).rejects.toBeInstanceOf(Forbidden);
    await expect(listSupportUsers(db, customer, query("users"))).rejects.toBeInstanceOf(Forbidden);
    await expect(listSupportEpapers(db, customer, query("epaper"))).rejects.toBeInstanceOf(Forbidden);
    await expect(listSupportChannels(db, customer, query("channels"))).rejects.toBeInstanceOf(Forbidden);
  });
});

/*
 * The generated permission matrix of the support writes (issue 14 'Done means'): every caller
 * kind against every row kind, checked on the server. An entry says who may; everyone else must
 * be refused with Forbidden (or DemoError where the demo rule speaks).
 */
type CallerKind = "level1" | "level2" | "level3" | "level4" | "generated" | "temporary" | "demoAccount" | "maintenance";
const CALLER_KINDS: CallerKind[] = ["level1", "level2", "level3", "level4", "generated", "temporary", "demoAccount", "maintenance"];
const subjectOf = (kind: CallerKind, ids: { id: string; accountId: string }): PermissionSubject =>
  permissionSubject({
    ...ids,
    baseAccountId: ids.accountId,
    permissions: [kind.startsWith("level") ? kind.slice(5) : kind === "maintenance" ? "2" : kind === "demoAccount" ? "4" : "2"],
    isGenerated: kind === "generated",
    isTemporary: kind === "generated" || kind === "temporary",
    accountIsDemoAccount: kind === "demoAccount",
    maintenanceActive: kind === "maintenance",
  });
const STAFF_KINDS: CallerKind[] = ["level3", "level4", "demoAccount"];

describe("permission matrix of the support writes", () => {
  for (const kind of CALLER_KINDS) {
    test(`${kind}: account writes`, async () => {
      const me = await insertUserWithLevel(db, "3");
      const actor: SupportActor = { subject: subjectOf(kind, { id: me.userId, accountId: me.accountId }), email: me.email };
      const target = await insertUserWithLevel(db, "2");
      const allowed = STAFF_KINDS.includes(kind);
      const attempt = (run: () => Promise<unknown>) =>
        allowed ? expect(run()).resolves.not.toThrow() : expect(run()).rejects.toBeInstanceOf(Forbidden);
      await attempt(() => updateAccountNumber(deps(), actor, target.accountId, "pageExchangeMax", "7"));
      await attempt(() => addAccountChannels(deps(), actor, target.accountId, "2"));
      await attempt(() => setAccountActive(deps(), actor, target.accountId, false));
      await attempt(() => deleteAllAccountEpapers(deps(), actor, target.accountId));
      await attempt(() => toggleUserPermission(deps(), actor, target.userId, "3"));
      await attempt(() => updateUserAsSupport(deps(), actor, target.userId, "firstname", "Renamed"));
      if (!allowed) return;
      // Self: never the own account or the own user.
      await expect(setAccountActive(deps(), actor, me.accountId, false)).rejects.toBeInstanceOf(Forbidden);
      await expect(deleteAccountAsSupport(deps(), actor, me.accountId)).rejects.toBeInstanceOf(Forbidden);
      await expect(updateUserAsSupport(deps(), actor, me.userId, "firstname", "Me")).rejects.toBeInstanceOf(Forbidden);
      await expect(toggleUserPermission(deps(), actor, me.userId, "4")).rejects.toBeInstanceOf(Forbidden);
      // Protected: not deactivated, not deleted.
      const protectedAccount = await insertUserWithLevel(db, "2", { account: { isProtected: true } });
      await expect(setAccountActive(deps(), actor, protectedAccount.accountId, false)).rejects.toBeInstanceOf(Forbidden);
      await expect(deleteAccountAsSupport(deps(), actor, protectedAccount.accountId)).rejects.toBeInstanceOf(Forbidden);
      // Demo accounts: their users are not edited, their ePapers not all deleted, the account not deleted.
      const demo = await insertUserWithLevel(db, "2", { account: { isDemoAccount: true } });
      await expect(updateUserAsSupport(deps(), actor, demo.userId, "firstname", "Demo")).rejects.toBeInstanceOf(Forbidden);
      await expect(deleteAllAccountEpapers(deps(), actor, demo.accountId)).rejects.toBeInstanceOf(Forbidden);
      await expect(deleteAccountAsSupport(deps(), actor, demo.accountId)).rejects.toBeInstanceOf(Forbidden);
      // Priority: support (3) may not grant admin (4); admin may.
      const grantAdmin = toggleUserPermission(deps(), actor, target.userId, "4");
      if (actor.subject.permissions.includes("4")) await expect(grantAdmin).resolves.toBe("added");
      else await expect(grantAdmin).rejects.toBeInstanceOf(Forbidden);
      // Customer roles (below 3) are not toggled from the support list.
      await expect(toggleUserPermission(deps(), actor, target.userId, "1")).rejects.toBeInstanceOf(Forbidden);
    });
  }
});

describe("rules and the audit trail", () => {
  test("inline edits: days stored in hours, empty is the default, refused values with their message", async () => {
    const actor = await staff();
    const target = await insertUserWithLevel(db, "2");
    await updateAccountNumber(deps(), actor, target.accountId, "previewLinkExpiryDays", "3");
    await updateAccountNumber(deps(), actor, target.accountId, "zipContingent", "-1");
    const row = await db.selectFrom("account").selectAll().where("id", "=", target.accountId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ previewLinkExpiryTimeInHours: 72, zipContingent: -1 });
    await updateAccountNumber(deps(), actor, target.accountId, "previewLinkExpiryDays", "");
    expect(
      (await db.selectFrom("account").select("previewLinkExpiryTimeInHours").where("id", "=", target.accountId).executeTakeFirstOrThrow())
        .previewLinkExpiryTimeInHours,
    ).toBeNull();
    for (const [field, value] of [
      ["zipContingent", "10000"],
      ["zipContingent", ""],
      ["previewLinkExpiryDays", "8641"],
      ["pageExchangeMax", "1.5"],
    ] as const) {
      await expect(updateAccountNumber(deps(), actor, target.accountId, field, value)).rejects.toMatchObject({
        messageKey: `support.errors.${field}`,
        status: 422,
      });
    }
    const audit = await listAccountAudit(db, actor.subject, target.accountId);
    await expect(listAccountAudit(db, actor.subject, "nosuchaccount00000000000")).rejects.toMatchObject({ status: 404 });
    expect(audit.map((entry) => entry.action)).toEqual([
      "update:previewLinkExpiryDays",
      "update:zipContingent",
      "update:previewLinkExpiryDays",
    ]);
    expect(audit[0]).toMatchObject({
      actorEmail: actor.email,
      before: '{"previewLinkExpiryTimeInHours":72}',
      after: '{"previewLinkExpiryTimeInHours":null}',
    });
  });

  test("the last permission stays; a taken e-mail is refused; a foreign or unknown id is 404", async () => {
    const actor = await staff("4");
    const target = await insertUserWithLevel(db, "3");
    await expect(toggleUserPermission(deps(), actor, target.userId, "3")).rejects.toMatchObject({
      messageKey: "support.errors.onePermissionRequired",
    });
    await expect(toggleUserPermission(deps(), actor, target.userId, "4")).resolves.toBe("added");
    await expect(toggleUserPermission(deps(), actor, target.userId, "3")).resolves.toBe("removed");
    const other = await insertUserWithLevel(db, "2");
    await expect(updateUserAsSupport(deps(), actor, target.userId, "email", other.email)).rejects.toMatchObject({
      messageKey: "validation.emailAlreadyExistOrAlreadyRequested",
      status: 409,
    });
    await expect(updateUserAsSupport(deps(), actor, target.userId, "email", "not an address")).rejects.toMatchObject({ status: 422 });
    await expect(updateUserAsSupport(deps(), actor, "no-such-user", "firstname", "x")).rejects.toMatchObject({ status: 404 });
    await expect(setAccountActive(deps(), actor, "no-such-account", false)).rejects.toMatchObject({ status: 404 });
  });

  test("switch into an account and back; deactivating sends switched supporters home", async () => {
    const actor = await staff("3");
    const target = await insertUserWithLevel(db, "2");
    await switchIntoAccount(deps(), actor, target.accountId);
    const switched = await db
      .selectFrom("user")
      .select(["accountId", "baseAccountId"])
      .where("id", "=", actor.subject.id)
      .executeTakeFirstOrThrow();
    expect(switched).toEqual({ accountId: target.accountId, baseAccountId: actor.accountId });
    const other = await staff("4");
    await setAccountActive(deps(), other, target.accountId, false);
    const home = await db.selectFrom("user").select("accountId").where("id", "=", actor.subject.id).executeTakeFirstOrThrow();
    expect(home.accountId).toBe(actor.accountId);
    await switchIntoAccount(deps(), actor, target.accountId);
    expect(await returnToBaseAccount(db, { ...actor.subject, accountId: target.accountId })).toBe(true);
    expect((await db.selectFrom("user").select("accountId").where("id", "=", actor.subject.id).executeTakeFirstOrThrow()).accountId).toBe(
      actor.accountId,
    );
    const trail = await listAccountAudit(db, actor.subject, target.accountId);
    expect(trail.map((entry) => `${entry.actorEmail}:${entry.action}`)).toEqual([
      `${actor.email}:switchInto`,
      `${other.email}:deactivate`,
      `${actor.email}:switchInto`,
    ]);
  });

  test("ePapers: lock, demo ePapers kept without demoManagement, delete; channels: removal date rules", async () => {
    const actor = await staff("3");
    const target = await insertUserWithLevel(db, "2");
    const epaperId = createId();
    const demoId = createId();
    await db
      .insertInto("epaper")
      .values([
        { id: epaperId, accountId: target.accountId, name: "Support target", languageCode: "de" },
        { id: demoId, accountId: target.accountId, name: "Demo target", languageCode: "de", isDemo: true },
      ])
      .execute();
    expect(await setEpaperLocked(deps(), actor, epaperId, true)).toBe(true);
    await expect(deleteEpaperAsSupport(deps(), actor, demoId)).rejects.toBeInstanceOf(DemoError);
    await deleteEpaperAsSupport(deps(), actor, epaperId);
    const rows = await db.selectFrom("epaper").select(["id", "isLocked", "deletedAt"]).where("accountId", "=", target.accountId).execute();
    expect(rows.find((row) => row.id === epaperId)).toMatchObject({ isLocked: true, deletedAt: expect.any(Date) });
    expect(rows.find((row) => row.id === demoId)?.deletedAt).toBeNull();

    const channelId = createId();
    await db
      .insertInto("channel")
      .values({ id: channelId, accountId: target.accountId, name: "Support channel", shortPath: createId() })
      .execute();
    await expect(setChannelRemoveAt(deps(), actor, channelId, "2020-01-01")).rejects.toMatchObject({
      messageKey: "support.errors.removeAtInPast",
    });
    await expect(setChannelRemoveAt(deps(), actor, channelId, "tomorrow")).rejects.toMatchObject({
      messageKey: "support.errors.removeAtInvalid",
    });
    await setChannelRemoveAt(deps(), actor, channelId, "2099-12-31");
    expect(await setChannelDisabled(deps(), actor, channelId, true)).toBe(true);
    await db.updateTable("channel").set({ processRunning: true, processType: "publishing_channel" }).where("id", "=", channelId).execute();
    await expect(setChannelDisabled(deps(), actor, channelId, false)).rejects.toBeInstanceOf(AppError);
    const trail = await listAccountAudit(db, actor.subject, target.accountId);
    expect(trail.map((entry) => entry.action)).toEqual(["disable", "setRemoveAt", "delete", "lock"]);
  });
});
