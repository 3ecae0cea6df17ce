import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sendAuthMail } from "#app/auth/auth-mail.server";
import { commitSessionHeader } from "#app/auth/session-cookie.server";
import { createSession } from "#app/auth/session.server";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { answerEmailChange, mailApprovedEmailChange } from "#app/models/email-change.server";
import type { SupportActor } from "#app/models/support/support-audit.server";
import { sendPasswordRequestAsSupport, updateUserAsSupport } from "#app/models/support/support-users.server";
import { removePublicationAsSupport } from "#app/models/support/support-epapers.server";
import { blobs } from "#app/blob/blobs.server";
import { redeemAuthToken } from "#app/models/token-flows.server";
import { SUPPORT_TABS } from "#app/rules/admin-tabs";
import { loader as supportDetailsLoader } from "#app/routes/resources/support-details";
import { loadSupportTab } from "#app/routes/studio/support/support-loader.server";
import { db } from "#app/utils/db.server";
import { SECRET_LOOKING } from "#app/utils/redact-secrets";
import { type SmtpInbox, startSmtpInbox } from "#server/mail-catcher/smtp-inbox";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { recordedMail } from "#tests/support/recorded-mail";
import { permissionSubject } from "#tests/support/permission-subject";
import { TEST_REDIS_URL } from "#tests/setup/test-env";

// Issue 44: support sees no secret and cannot become the admin. The three takeover paths of the
// outside test, on real MariaDB and Redis, with every mail delivered through a real SMTP server
// (the mail catcher's inbox): one-time links queued in the mail table, a support e-mail change
// confirmed by the new address alone, and (in tests/security/authz-levels.ts) content actions.

let redis: Redis;
let inbox: SmtpInbox;
const { queue, queuedJobs, deliverQueued: deliverTo } = recordedMail();
const mailDeps = () => ({ db, queue });
const supportDeps = () => ({ db, redis, queue });

/** Everything the process printed while a flow ran: its logs. */
const printed: string[] = [];
const originalWrite = process.stdout.write.bind(process.stdout);
const originalErrWrite = process.stderr.write.bind(process.stderr);

beforeAll(async () => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  inbox = await startSmtpInbox();
  const capture =
    (write: typeof process.stdout.write) =>
    (chunk: unknown, ...rest: unknown[]): boolean => {
      printed.push(String(chunk));
      return (write as (chunk: unknown, ...rest: unknown[]) => boolean)(chunk, ...rest);
    };
  process.stdout.write = capture(originalWrite) as typeof process.stdout.write;
  process.stderr.write = capture(originalErrWrite) as typeof process.stderr.write;
});
afterAll(async () => {
  process.stdout.write = originalWrite;
  process.stderr.write = originalErrWrite;
  redis.disconnect();
  await inbox?.close();
  await db.destroy();
});

const deliverQueued = () => deliverTo(inbox);

/** The raw tokens of every link in the mails delivered to `address`. */
function tokensSentTo(address: string): string[] {
  return inbox.mails
    .filter((mail) => mail.envelopeTo.includes(address))
    .flatMap((mail) => [...(mail.text ?? "").matchAll(/\/with\/([A-Za-z0-9_-]{43})/g)].map((match) => match[1] ?? ""));
}

/** The token of the newest mail to `address` that carries a link of `authType`. */
function linkIn(address: string, authType: string): string | undefined {
  const pattern = new RegExp(`/auth/${authType}/with/([A-Za-z0-9_-]{43})`);
  const mail = inbox.mails.filter((m) => m.envelopeTo.includes(address) && pattern.test(m.text ?? "")).at(-1);
  return mail?.text?.match(pattern)?.[1];
}

async function userRow(userId: string) {
  return db
    .selectFrom("user")
    .select(["id", "email", "firstname", "lastname", "emailLanguage", "baseAccountId"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
}

async function supportActor(level: "3" | "4") {
  const user = await insertUserWithLevel(db, level);
  const session = await createSession(db, { userId: user.userId, remember: false });
  const cookie = (await commitSessionHeader(session.id)).split(";")[0] ?? "";
  const actor: SupportActor = {
    subject: permissionSubject({ id: user.userId, accountId: user.accountId, baseAccountId: user.accountId, permissions: [level] }),
    email: user.email,
  };
  return { ...user, cookie, actor };
}

/** Every answer a support user's loaders give: each tab (the e-mail jobs of these users found by search) and the detail drawers. */
async function everySupportAnswer(support: Awaited<ReturnType<typeof supportActor>>, about: { accountId: string; email: string }[]) {
  const request = (path: string) => new Request(`http://localhost${path}`, { headers: { Cookie: support.cookie } });
  const studio = await requireStudioUser(db, request("/support/emailJobs"));
  const texts: string[] = [];
  for (const tab of SUPPORT_TABS) texts.push(JSON.stringify(await loadSupportTab(studio, tab, new URL(`http://localhost/support/${tab}`))));
  for (const { accountId, email } of about) {
    const search = new URLSearchParams({ search: email, take: "100" });
    texts.push(JSON.stringify(await loadSupportTab(studio, "emailJobs", new URL(`http://localhost/support/emailJobs?${search}`))));
    texts.push(JSON.stringify(await loadSupportTab(studio, "users", new URL(`http://localhost/support/users?${search}`))));
    const ofAccount = new URLSearchParams({ search: accountId });
    texts.push(JSON.stringify(await loadSupportTab(studio, "epaper", new URL(`http://localhost/support/epaper?${ofAccount}`))));
    for (const kind of ["audit", "apiKeys"]) {
      const answer = await supportDetailsLoader({
        request: request(`/resources/support-details?kind=${kind}&accountId=${accountId}`),
      } as never);
      texts.push(JSON.stringify(answer));
    }
  }
  return texts;
}

/** Fails naming the place where a token, or anything that looks like one, shows. */
function expectNoSecret(texts: string[], tokens: string[], where: string) {
  for (const text of texts) {
    for (const token of tokens) expect(text.includes(token), `${where} shows a token`).toBe(false);
    expect(text.match(SECRET_LOOKING)?.[0], `${where} shows something like a token`).toBeUndefined();
  }
}

describe("the e-mail jobs takeover: no one-time link at rest, none shown to support", () => {
  test("every secret mail queued and delivered; level 3's loaders, the rows, the audit and the logs hold no token", async () => {
    printed.length = 0;
    const admin = await insertUserWithLevel(db, "4", { account: { isProtected: true } });
    const customer = await insertUserWithLevel(db, "2");
    const support = await supportActor("3");
    const adminUser = await userRow(admin.userId);
    const customerUser = await userRow(customer.userId);
    // Anyone asks for the admin's password reset (POST /password intent=request does exactly this).
    await sendAuthMail(mailDeps(), { user: adminUser, authType: "password-reset" });
    // And every other mail with a one-time link.
    await sendAuthMail(mailDeps(), { user: customerUser, authType: "signup" });
    await sendAuthMail(mailDeps(), { user: customerUser, authType: "delete-user" });
    await sendAuthMail(mailDeps(), { user: customerUser, authType: "delete-account", accountName: "Kunde GmbH" });
    await sendAuthMail(mailDeps(), { user: customerUser, authType: "email-reset", newEmail: `own-${createId()}@example.test` });
    await updateUserAsSupport(supportDeps(), support.actor, customer.userId, "email", `asked-${createId()}@example.test`);
    await sendPasswordRequestAsSupport(supportDeps(), support.actor, customer.userId);
    // A preview's address is its key too: one kept, one removed by support (its audit row).
    const epaperId = createId();
    await db
      .insertInto("epaper")
      .values({ id: epaperId, accountId: customer.accountId, name: `Heft ${epaperId}`, languageCode: "de" })
      .execute();
    const previewHashes = [createId() + createId(), createId() + createId()];
    const [kept, removed] = [createId(), createId()];
    await db
      .insertInto("publication")
      .values([
        { id: kept, epaperId, type: "preview", hash: previewHashes[0] ?? "" },
        { id: removed, epaperId, type: "preview", hash: previewHashes[1] ?? "" },
      ])
      .execute();
    await removePublicationAsSupport({ ...supportDeps(), blobs }, support.actor, removed);
    const jobIds = [...queuedJobs];
    expect(jobIds.length).toBeGreaterThanOrEqual(7);
    const about = [
      { accountId: admin.accountId, email: admin.email },
      { accountId: customer.accountId, email: customer.email },
    ];

    // Queued, not yet sent: the state the outside test found.
    const queuedRows = await db.selectFrom("emailJob").selectAll().where("id", "in", jobIds).execute();
    expectNoSecret(
      queuedRows.map((row) => JSON.stringify(row)),
      [],
      "the email_job rows while the mails wait",
    );
    const queuedAnswers = await everySupportAnswer(support, about);
    expectNoSecret(queuedAnswers, previewHashes, "support's answers while the mails wait");
    expect(queuedAnswers.join("\n")).toContain("[secret]");

    await deliverQueued();
    const tokens = [...tokensSentTo(admin.email), ...tokensSentTo(customer.email), ...previewHashes];
    // The admin's reset link and the customer's links arrived, and work only from the mailbox.
    expect(tokensSentTo(admin.email)).toHaveLength(1);
    expect(tokens.length).toBeGreaterThanOrEqual(6);

    const rows = await db.selectFrom("emailJob").selectAll().where("id", "in", jobIds).execute();
    const audit = await db.selectFrom("supportAudit").selectAll().where("actorUserId", "=", support.userId).execute();
    expectNoSecret(
      rows.map((row) => JSON.stringify(row)),
      tokens,
      "the email_job rows",
    );
    expectNoSecret(
      audit.map((row) => JSON.stringify(row)),
      tokens,
      "the support audit",
    );
    expectNoSecret(await everySupportAnswer(support, about), tokens, "support's answers after delivery");
    expectNoSecret(printed, tokens, "the logs");
    // The link still works for the one who has the mail.
    const reset = tokensSentTo(admin.email)[0] ?? "";
    expect(await redeemAuthToken(db, "password-reset", reset)).toMatchObject({ kind: "login", userId: admin.userId });
  });
});

describe("a support e-mail change waits for the user's approval (below level 4)", () => {
  test("level 3: nothing reaches the new address until the current one approves; then it confirms", async () => {
    const support = await supportActor("3");
    const target = await insertUserWithLevel(db, "3");
    const newEmail = `moved-${createId()}@attacker.test`;
    await expect(updateUserAsSupport(supportDeps(), support.actor, target.userId, "email", newEmail)).resolves.toBe("approvalRequested");
    await deliverQueued();
    // The new address (which support reads) got nothing; the current one the approval, naming who asked.
    expect(inbox.mails.filter((mail) => mail.envelopeTo.includes(newEmail))).toEqual([]);
    const approval = await inbox.waitForMail(
      (mail) => mail.envelopeTo.includes(target.email) && /zustimmen|approve/i.test(mail.text ?? ""),
    );
    expect(approval.text).toContain(support.email);
    expect(approval.text).toContain(newEmail);
    // Support cannot push it on: a password request goes to the address in force, the user is unchanged.
    await sendPasswordRequestAsSupport(supportDeps(), support.actor, target.userId);
    await deliverQueued();
    expect(inbox.mails.filter((mail) => mail.envelopeTo.includes(newEmail))).toEqual([]);
    expect(await userRow(target.userId)).toMatchObject({ email: target.email });

    const approve = linkIn(target.email, "email-change-approve") ?? "";
    const approved = await redeemAuthToken(db, "email-change-approve", approve);
    expect(approved).toMatchObject({ kind: "noted", messageKey: "emailChangeApproved", params: { email: newEmail } });
    if (approved.kind !== "noted" || !approved.confirmEmailChange) throw new Error("no confirmation to send");
    await mailApprovedEmailChange(mailDeps(), approved.confirmEmailChange);
    await deliverQueued();
    const confirm = linkIn(newEmail, "email-reset");
    expect(confirm).toBeTruthy();
    expect(await redeemAuthToken(db, "email-reset", confirm ?? "")).toMatchObject({ kind: "done", params: { email: newEmail } });
    expect(await userRow(target.userId)).toMatchObject({ email: newEmail });
  });

  test("either address declines; a declined or replaced request's links change nothing", async () => {
    const support = await supportActor("3");
    const target = await insertUserWithLevel(db, "2");
    const first = `first-${createId()}@example.test`;
    await updateUserAsSupport(supportDeps(), support.actor, target.userId, "email", first);
    await deliverQueued();
    const approveFirst = linkIn(target.email, "email-change-approve") ?? "";
    // The current address declines: the request is gone, its approval link finds nothing to approve.
    const declineFromCurrent = linkIn(target.email, "email-change-decline") ?? "";
    expect(await redeemAuthToken(db, "email-change-decline", declineFromCurrent)).toMatchObject({
      kind: "noted",
      messageKey: "emailChangeDeclined",
    });
    expect(await redeemAuthToken(db, "email-change-approve", approveFirst)).toMatchObject({ kind: "failed" });
    expect(await db.selectFrom("user").select(["email", "requestedEmail"]).where("id", "=", target.userId).executeTakeFirst()).toEqual({
      email: target.email,
      requestedEmail: null,
    });

    // Asked again and approved, the new address declines from its own mail.
    const second = `second-${createId()}@example.test`;
    await updateUserAsSupport(supportDeps(), support.actor, target.userId, "email", second);
    await deliverQueued();
    const approved = await redeemAuthToken(db, "email-change-approve", linkIn(target.email, "email-change-approve") ?? "");
    if (approved.kind !== "noted" || !approved.confirmEmailChange) throw new Error("not approved");
    await mailApprovedEmailChange(mailDeps(), approved.confirmEmailChange);
    await deliverQueued();
    const confirm = linkIn(second, "email-reset") ?? "";
    expect(await redeemAuthToken(db, "email-change-decline", linkIn(second, "email-change-decline") ?? "")).toMatchObject({
      kind: "noted",
    });
    // The decline withdrew the request and its confirmation link with it.
    expect(await redeemAuthToken(db, "email-reset", confirm)).toMatchObject({ kind: "failed" });
    expect(await userRow(target.userId)).toMatchObject({ email: target.email });
  });

  test("a link of the user's own earlier change does not confirm support's pending one", async () => {
    const support = await supportActor("3");
    const target = await insertUserWithLevel(db, "2");
    await sendAuthMail(mailDeps(), {
      user: await userRow(target.userId),
      authType: "email-reset",
      newEmail: `own-${createId()}@example.test`,
    });
    await deliverQueued();
    const ownLink = tokensSentTo(inbox.mails.at(-1)?.envelopeTo[0] ?? "")[0] ?? "";
    const asked = `asked-${createId()}@attacker.test`;
    await updateUserAsSupport(supportDeps(), support.actor, target.userId, "email", asked);
    expect(await redeemAuthToken(db, "email-reset", ownLink)).toMatchObject({ kind: "failed", reason: "notApproved" });
    expect(await userRow(target.userId)).toMatchObject({ email: target.email });
    queuedJobs.splice(0);
  });

  test("the signed-in user approves in the profile; level 4's request goes to the new address at once", async () => {
    const support = await supportActor("3");
    const target = await insertUserWithLevel(db, "2");
    const asked = `profile-${createId()}@example.test`;
    await updateUserAsSupport(supportDeps(), support.actor, target.userId, "email", asked);
    await deliverQueued();
    // An answer names the address it saw: one support put there meanwhile is not approved by it.
    await expect(answerEmailChange(mailDeps(), target.userId, "approve", "other@example.test")).resolves.toBe(false);
    await expect(answerEmailChange(mailDeps(), target.userId, "approve", asked)).resolves.toEqual({ email: asked });
    await expect(answerEmailChange(mailDeps(), target.userId, "approve", asked)).resolves.toBe(false);
    await deliverQueued();
    // The mail's approval link is spent with it.
    expect(await redeemAuthToken(db, "email-change-approve", linkIn(target.email, "email-change-approve") ?? "")).toMatchObject({
      kind: "failed",
    });
    expect(linkIn(asked, "email-reset")).toBeTruthy();

    const admin = await supportActor("4");
    const other = await insertUserWithLevel(db, "3");
    const direct = `direct-${createId()}@example.test`;
    await updateUserAsSupport(supportDeps(), admin.actor, other.userId, "email", direct);
    await deliverQueued();
    expect(await redeemAuthToken(db, "email-reset", linkIn(direct, "email-reset") ?? "")).toMatchObject({ kind: "done" });
    expect(await userRow(other.userId)).toMatchObject({ email: direct });
  });
});
