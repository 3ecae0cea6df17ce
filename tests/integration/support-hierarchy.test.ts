import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Forbidden } from "#app/errors/app-error";
import { redeemAuthToken } from "#app/models/token-flows.server";
import { findPasswordRequestUser } from "#app/models/password.server";
import { deleteAllAccountEpapers, switchIntoAccount, updateAccountNumber } from "#app/models/support/support-accounts.server";
import type { SupportActor } from "#app/models/support/support-audit.server";
import { deleteEpaperAsSupport } from "#app/models/support/support-epapers.server";
import {
  deleteUserAsSupport,
  sendPasswordRequestAsSupport,
  toggleUserPermission,
  updateUserAsSupport,
} from "#app/models/support/support-users.server";
import type { PermissionLevel } from "#app/rules/permissions";
import { db } from "#app/utils/db.server";
import { type SmtpInbox, startSmtpInbox } from "#server/mail-catcher/smtp-inbox";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { recordedMail } from "#tests/support/recorded-mail";
import { permissionSubject } from "#tests/support/permission-subject";
import { TEST_REDIS_URL } from "#tests/setup/test-env";

// Issue 27: nobody acts on a user or account above their own level, on real MariaDB and Redis;
// and a support e-mail change is a request that the new address confirms, its mails delivered
// through a real SMTP server (the mail catcher's inbox).

let redis: Redis;
let inbox: SmtpInbox;
/** The e-mail jobs the actions queued, delivered by the test as the worker would. */
const { queue, queuedJobs, deliverQueued: deliverTo } = recordedMail();

beforeAll(async () => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  inbox = await startSmtpInbox();
});
afterAll(async () => {
  redis.disconnect();
  await inbox?.close();
  await db.destroy();
});
const deps = () => ({ db, redis, queue });

const deliverQueued = () => deliverTo(inbox);

async function actorAt(level: PermissionLevel): Promise<SupportActor> {
  const user = await insertUserWithLevel(db, level);
  return {
    subject: permissionSubject({ id: user.userId, accountId: user.accountId, baseAccountId: user.accountId, permissions: [level] }),
    email: user.email,
  };
}

/** A user of `level` in an account with a second, level-1 user (so deleting one is not 'the last user'). */
async function targetAt(level: PermissionLevel, account: { isProtected?: boolean } = {}) {
  const target = await insertUserWithLevel(db, level, { account });
  const colleague = await insertUserWithLevel(db, "1");
  await db
    .updateTable("user")
    .set({ accountId: target.accountId, baseAccountId: target.accountId })
    .where("id", "=", colleague.userId)
    .execute();
  const epaperId = createId();
  await db.insertInto("epaper").values({ id: epaperId, accountId: target.accountId, name: "Hierarchy", languageCode: "de" }).execute();
  return { ...target, epaperId };
}

/** Every support action on a user or an account, aimed at `target`. */
function actionsOn(actor: SupportActor, target: Awaited<ReturnType<typeof targetAt>>) {
  return {
    updateEmail: () => updateUserAsSupport(deps(), actor, target.userId, "email", `taken-over-${createId()}@attacker.test`),
    updateName: () => updateUserAsSupport(deps(), actor, target.userId, "firstname", "Mallory"),
    sendPasswordRequest: () => sendPasswordRequestAsSupport(deps(), actor, target.userId),
    togglePermission: () => toggleUserPermission(deps(), actor, target.userId, "3"),
    switchInto: () => switchIntoAccount(deps(), actor, target.accountId),
    updateAccount: () => updateAccountNumber(deps(), actor, target.accountId, "pageExchangeMax", "9"),
    deleteEpaper: () => deleteEpaperAsSupport(deps(), actor, target.epaperId),
    deleteAllEpapers: () => deleteAllAccountEpapers(deps(), actor, target.accountId),
    deleteUser: () => deleteUserAsSupport(deps(), actor, target.userId),
  };
}

describe("the takeover of issue 27", () => {
  test("level 3 against the level-4 admin of a protected account: every step refused, nothing changed, no mail", async () => {
    const support = await actorAt("3");
    const admin = await targetAt("4", { isProtected: true });
    const before = await db.selectFrom("user").selectAll().where("id", "=", admin.userId).executeTakeFirstOrThrow();
    for (const [name, run] of Object.entries(actionsOn(support, admin))) {
      await expect(run(), name).rejects.toMatchObject({ name: "Forbidden", reason: "higherLevel" });
    }
    const after = await db.selectFrom("user").selectAll().where("id", "=", admin.userId).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(queuedJobs).toEqual([]);
  });

  test("level 3 against level 4 of an ordinary account, and against a protected account's level-2 user: refused", async () => {
    const support = await actorAt("3");
    for (const target of [await targetAt("4"), await targetAt("2", { isProtected: true })]) {
      const actions = actionsOn(support, target);
      await expect(actions.updateEmail()).rejects.toBeInstanceOf(Forbidden);
      await expect(actions.sendPasswordRequest()).rejects.toBeInstanceOf(Forbidden);
      await expect(actions.switchInto()).rejects.toBeInstanceOf(Forbidden);
      await expect(actions.deleteAllEpapers()).rejects.toBeInstanceOf(Forbidden);
    }
  });

  test("level 3 still acts on level 1–3; a level-4 admin does all of it to a protected account's admin", async () => {
    const support = await actorAt("3");
    const peer = actionsOn(support, await targetAt("3"));
    await expect(peer.updateName()).resolves.toBe("saved");
    await expect(peer.sendPasswordRequest()).resolves.toBeUndefined();
    const admin = await actorAt("4");
    const other = await targetAt("4", { isProtected: true });
    const actions = actionsOn(admin, other);
    await expect(actions.updateName()).resolves.toBe("saved");
    await expect(actions.updateEmail()).resolves.toBe("requested");
    await expect(actions.sendPasswordRequest()).resolves.toBeUndefined();
    await expect(actions.togglePermission()).resolves.toBe("added");
    await expect(actions.updateAccount()).resolves.toBe(true);
    await expect(actions.deleteEpaper()).resolves.toBeUndefined();
    await expect(actions.switchInto()).resolves.toBeUndefined();
    await expect(actions.deleteUser()).resolves.toBeUndefined();
    queuedJobs.splice(0);
  });
});

describe("a support e-mail change is a request, not a fact", () => {
  // Below level 4 the current address must approve first (issue 44: tests/integration/support-secrets.test.ts).
  test("level 4: the address stays until the new one confirms; the new gets the link, the old a notice naming who asked", async () => {
    const support = await actorAt("4");
    const target = await targetAt("2");
    const newEmail = `moved-${createId()}@example.test`;
    await expect(updateUserAsSupport(deps(), support, target.userId, "email", newEmail)).resolves.toBe("requested");

    const pending = await db
      .selectFrom("user")
      .select(["email", "requestedEmail"])
      .where("id", "=", target.userId)
      .executeTakeFirstOrThrow();
    expect(pending).toEqual({ email: target.email, requestedEmail: newEmail });
    // Logins and password mails keep the address in force.
    expect(await findPasswordRequestUser(db, target.email)).toMatchObject({ id: target.userId });
    expect(await findPasswordRequestUser(db, newEmail)).toBeUndefined();

    await deliverQueued();
    const confirmation = await inbox.waitForMail((mail) => mail.envelopeTo.includes(newEmail));
    expect(confirmation.subject).toBe("Bestätigen Sie Ihre neue E-Mail-Adresse");
    expect(confirmation.text).toContain(support.email);
    const notice = await inbox.waitForMail((mail) => mail.envelopeTo.includes(target.email));
    expect(notice.subject).toBe("Eine Änderung Ihrer E-Mail-Adresse wurde angefragt");
    expect(notice.text).toContain(support.email);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toMatch(/\/auth\/email-reset\/with\//);

    // A password request meanwhile goes to the address in force.
    await sendPasswordRequestAsSupport(deps(), support, target.userId);
    await deliverQueued();
    await inbox.waitForMail((mail) => mail.envelopeTo.includes(target.email) && /Passwort/.test(mail.subject));
    expect(inbox.mails.filter((mail) => mail.envelopeTo.includes(newEmail))).toHaveLength(1);

    // Following the link makes it the login.
    const token = confirmation.text?.match(/\/auth\/email-reset\/with\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();
    expect(await redeemAuthToken(db, "email-reset", token ?? "")).toMatchObject({ kind: "done", messageKey: "emailChanged" });
    const done = await db.selectFrom("user").select(["email", "requestedEmail"]).where("id", "=", target.userId).executeTakeFirstOrThrow();
    expect(done).toEqual({ email: newEmail, requestedEmail: null });
  });

  test("an address in use or requested by another user is refused before anything is sent", async () => {
    const support = await actorAt("3");
    const target = await targetAt("2");
    const other = await targetAt("2");
    await expect(updateUserAsSupport(deps(), support, target.userId, "email", other.email)).rejects.toMatchObject({ status: 409 });
    const wanted = `wanted-${createId()}@example.test`;
    await updateUserAsSupport(deps(), support, other.userId, "email", wanted);
    queuedJobs.splice(0);
    await expect(updateUserAsSupport(deps(), support, target.userId, "email", wanted)).rejects.toMatchObject({
      messageKey: "validation.emailAlreadyExistOrAlreadyRequested",
    });
    expect(queuedJobs).toEqual([]);
  });
});
