import { createId } from "@paralleldrive/cuid2";
import { sendAuthMail } from "#app/auth/auth-mail.server";
import { revokeUserSessions } from "#app/auth/session.server";
import { type EmailQueue, queueEmail } from "#app/email/send-email.server";
import { AppError } from "#app/errors/app-error";
import { publishForcedLogout, publishToUser } from "#app/events/publish.server";
import {
  emailField,
  firstnameField,
  lastnameField,
  type ValidationMessageKey,
  validationMessageParams,
} from "#app/rules/account-validation";
import { isAdmin, type PermissionLevel, type PermissionSubject, type UserTarget, requirePermission } from "#app/rules/permissions";
import { likeContains, type SupportQuery } from "#app/rules/support-lists";
import type { Database } from "#db/client";
import type { SupportUserRow } from "#app/rules/support-rows";
import { retryTransaction } from "#db/retry-transaction";
import { getEnv } from "#app/utils/env.server";
import { isLocale } from "#app/utils/i18n";
import { isEmailTakenForChange } from "../profile.server.ts";
import type { SupportDeps } from "./support-accounts.server.ts";
import { SupportTargetNotFound } from "./support-errors.server.ts";
import { levelNumber, userLevel } from "./support-rank.server.ts";
import { recordSupportAction, type SupportActor } from "./support-audit.server.ts";

/*
 * The users table of the support area (studio-admin.md §2, §5, §6; issue 14): every user with
 * their accounts and permissions; inline edits of e-mail and names, the permission buttons, the
 * password request mail and deleting a user, each checked on the server and audited.
 */

const SORT_COLUMNS = { email: "user.email", firstname: "user.firstname", lastname: "user.lastname", createdAt: "user.createdAt" } as const;
/** The role filters by permission type name (§6). */
const ROLE_FILTERS = ["admin", "support", "owner", "manager", "editor"] as const;

export async function listSupportUsers(db: Database, subject: PermissionSubject, query: SupportQuery<"users">) {
  requirePermission(subject, "support");
  let base = db.selectFrom("user").where("user.deletedAt", "is", null);
  if (query.search) {
    const search = query.search;
    base = base.where((eb) =>
      eb.or([
        eb("user.email", "like", likeContains(search)),
        eb("user.firstname", "like", likeContains(search)),
        eb("user.lastname", "like", likeContains(search)),
        eb("user.id", "=", search),
        // The accounts table's user count links here with the account's Support-ID.
        eb("user.accountId", "=", search),
        eb("user.baseAccountId", "=", search),
      ]),
    );
  }
  const filter = query.filter;
  if (filter === "shopConnected") {
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("account")
          .select("account.id")
          .whereRef("account.id", "=", "user.baseAccountId")
          .where("account.customerId", "is not", null),
      ),
    );
  } else if (filter !== null && (ROLE_FILTERS as readonly string[]).includes(filter)) {
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("userPermission")
          .innerJoin("permissionType", "permissionType.id", "userPermission.permissionTypeId")
          .select("userPermission.id")
          .whereRef("userPermission.userId", "=", "user.id")
          .where("permissionType.name", "=", filter),
      ),
    );
  }
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    base
      .innerJoin("account as acc", "acc.id", "user.accountId")
      .innerJoin("account as base", "base.id", "user.baseAccountId")
      .select([
        "user.id",
        "user.email",
        "user.firstname",
        "user.lastname",
        "user.accountId",
        "user.baseAccountId",
        "user.isGenerated",
        "user.isTemporary",
        "user.createdAt",
        "user.requestedEmail",
        "user.emailChangeRequestedBy",
        "base.isProtected as baseAccountIsProtected",
        "acc.name as accountName",
        "acc.isDemoAccount as accountIsDemoAccount",
        "base.name as baseAccountName",
        "base.customerId",
      ])
      .orderBy(SORT_COLUMNS[query.orderProp], query.order)
      .orderBy("user.id", query.order)
      .limit(query.take)
      .offset(query.skip)
      .execute(),
  ]);
  const permissions = rows.length
    ? await db
        .selectFrom("userPermission")
        .innerJoin("permissionType", "permissionType.id", "userPermission.permissionTypeId")
        .select(["userPermission.userId", "permissionType.priority"])
        .where(
          "userPermission.userId",
          "in",
          rows.map((row) => row.id),
        )
        .execute()
    : [];
  return {
    total: Number(total),
    rows: rows.map(
      (row): SupportUserRow => ({
        ...row,
        permissions: permissions
          .filter((p) => p.userId === row.id)
          .map((p) => p.priority)
          .sort(),
      }),
    ),
  };
}

type UserTargetRow = UserTarget & { email: string; firstname: string; lastname: string; baseAccountId: string; emailLanguage: string };

/** The user a row action aims at, with their rank (highest level, protected own account; issue 27). */
async function loadTargetUser(db: Database, userId: string): Promise<UserTargetRow> {
  const row = await db
    .selectFrom("user")
    .innerJoin("account", "account.id", "user.accountId")
    .innerJoin("account as base", "base.id", "user.baseAccountId")
    .select((eb) => [
      "user.id",
      "user.accountId",
      "user.baseAccountId",
      "user.email",
      "user.firstname",
      "user.lastname",
      "user.emailLanguage",
      "account.isDemoAccount as accountIsDemoAccount",
      "base.isProtected",
      userLevel(eb).as("level"),
    ])
    .where("user.id", "=", userId)
    .where("user.deletedAt", "is", null)
    .executeTakeFirst();
  if (!row) throw new SupportTargetNotFound("user");
  const { level, ...user } = row;
  return { ...user, highestLevel: levelNumber(level) };
}

export const USER_TEXT_FIELDS = ["email", "firstname", "lastname"] as const;
export type UserTextField = (typeof USER_TEXT_FIELDS)[number];
const FIELD_SCHEMAS = { email: emailField, firstname: firstnameField, lastname: lastnameField } as const;

/**
 * An inline edit of e-mail, firstname or lastname (§5): level 3/4, not oneself, not a demo account's
 * user, never a user who ranks above the actor (issue 27). A new e-mail is a request, not a fact:
 * the new address gets the confirmation link of the user's own change, the current one a notice
 * naming who asked; logins and password mails keep the current address until the link is followed.
 * Returns what happened: "saved", "requested" (an e-mail, level 4), "approvalRequested" (an e-mail the user must approve first), or false when nothing changed.
 */
export async function updateUserAsSupport(
  deps: SupportDeps & { queue: EmailQueue },
  actor: SupportActor,
  userId: string,
  field: UserTextField,
  raw: string,
): Promise<"saved" | "requested" | "approvalRequested" | false> {
  requirePermission(actor.subject, "support");
  const user = await loadTargetUser(deps.db, userId);
  requirePermission(actor.subject, "editUserAsSupport", user);
  const parsed = FIELD_SCHEMAS[field].safeParse(raw);
  if (!parsed.success) {
    const key = (parsed.error.issues[0]?.message ?? "validEmailRequired") as ValidationMessageKey;
    throw new AppError(`validation.${key}`, { status: 422, params: validationMessageParams(key) });
  }
  const value = parsed.data;
  if (user[field] === value) return false;
  if (field === "email") return requestEmailChangeAsSupport(deps, actor, user, value);
  await retryTransaction(deps.db, async (trx) => {
    await trx
      .updateTable("user")
      .set({ [field]: value })
      .where("id", "=", userId)
      .execute();
    await recordSupportAction(trx, actor, {
      accountId: user.baseAccountId,
      targetType: "user",
      targetId: userId,
      action: `update:${field}`,
      before: { [field]: user[field] },
      after: { [field]: value },
    });
  });
  await publishToUser(deps.redis, userId, { type: "accountDataChanged" });
  return "saved";
}

async function requestEmailChangeAsSupport(
  deps: SupportDeps & { queue: EmailQueue },
  actor: SupportActor,
  user: UserTargetRow,
  email: string,
): Promise<"requested" | "approvalRequested"> {
  // Below level 4 the user approves first, from the current address or a signed-in session (issue 44):
  // support alone, reading the new address, can never complete the change.
  const needsApproval = !isAdmin(actor.subject);
  await retryTransaction(deps.db, async (trx) => {
    // Taken: any user's address, or another user's pending change (it would collide when confirmed).
    if (await isEmailTakenForChange(trx, email, user.id)) {
      throw new AppError("validation.emailAlreadyExistOrAlreadyRequested", { status: 409 });
    }
    await trx
      .updateTable("user")
      .set({ requestedEmail: email, emailChangeRequestedBy: needsApproval ? actor.email : null })
      .where("id", "=", user.id)
      .execute();
    await recordSupportAction(trx, actor, {
      accountId: user.baseAccountId,
      targetType: "user",
      targetId: user.id,
      action: "request:email",
      before: { email: user.email },
      after: { requestedEmail: email, pendingApproval: needsApproval },
    });
  });
  // After the commit. An older link of the user's own stays valid only for the address it was
  // issued with (the flow reads requestedEmail when redeemed) and never while approval is pending.
  const mailDeps = { db: deps.db, queue: deps.queue };
  if (needsApproval) {
    await sendAuthMail(mailDeps, { user, authType: "email-change-approve", newEmail: email, requestedBy: actor.email });
  } else {
    await sendAuthMail(mailDeps, { user, authType: "email-reset", newEmail: email, requestedBy: actor.email });
    await queueEmail(mailDeps, {
      to: user.email,
      type: "emailChangeNotice",
      locale: isLocale(user.emailLanguage) ? user.emailLanguage : "en",
      userId: user.id,
      variables: {
        studioUrl: getEnv().PUBLIC_URL,
        firstName: user.firstname || undefined,
        lastName: user.lastname || undefined,
        newEmail: email,
        requestedBy: actor.email,
      },
    });
  }
  await publishToUser(deps.redis, user.id, { type: "accountDataChanged" });
  return needsApproval ? "approvalRequested" : "requested";
}

/**
 * A permission button (§4 'Support user permissions'): adds the level, or removes it when held.
 * The priority rules (§6) decide who may; a user's last permission cannot be removed.
 */
export async function toggleUserPermission(deps: SupportDeps, actor: SupportActor, userId: string, priority: PermissionLevel) {
  requirePermission(actor.subject, "support");
  const user = await loadTargetUser(deps.db, userId);
  requirePermission(actor.subject, "changePermissions", { user, priority, via: "supportList" });
  const type = await deps.db.selectFrom("permissionType").select(["id", "name"]).where("priority", "=", priority).executeTakeFirst();
  if (!type) throw new SupportTargetNotFound("permission type");
  const result = await retryTransaction(deps.db, async (trx) => {
    const held = await trx
      .selectFrom("userPermission")
      .select(["id", "permissionTypeId"])
      .where("userId", "=", userId)
      .forUpdate()
      .execute();
    const current = held.find((row) => row.permissionTypeId === type.id);
    if (current) {
      if (held.length === 1) throw new AppError("support.errors.onePermissionRequired", { status: 409 });
      await trx.deleteFrom("userPermission").where("id", "=", current.id).execute();
    } else {
      await trx.insertInto("userPermission").values({ id: createId(), userId, permissionTypeId: type.id }).execute();
    }
    await recordSupportAction(trx, actor, {
      accountId: user.baseAccountId,
      targetType: "user",
      targetId: userId,
      action: current ? "removePermission" : "addPermission",
      before: { permission: current ? type.name : null },
      after: { permission: current ? null : type.name },
    });
    return current ? "removed" : "added";
  });
  // The user's open pages re-authenticate and show what the new permissions allow.
  await publishToUser(deps.redis, userId, { type: "accountDataChanged" });
  return result;
}

/** 'Send password request e-mail': the user gets the password-reset link (support never sees a password). */
export async function sendPasswordRequestAsSupport(deps: SupportDeps & { queue: EmailQueue }, actor: SupportActor, userId: string) {
  requirePermission(actor.subject, "support");
  const user = await loadTargetUser(deps.db, userId);
  requirePermission(actor.subject, "editUserAsSupport", user);
  await deps.db.updateTable("user").set({ passwordRequested: true }).where("id", "=", userId).execute();
  await sendAuthMail({ db: deps.db, queue: deps.queue }, { user, authType: "password-reset" });
  await recordSupportAction(deps.db, actor, {
    accountId: user.baseAccountId,
    targetType: "user",
    targetId: userId,
    action: "sendPasswordRequest",
  });
}

/** 'Delete user' (not oneself): a soft delete; the last user of an account is refused (delete the account instead). */
export async function deleteUserAsSupport(deps: SupportDeps, actor: SupportActor, userId: string) {
  requirePermission(actor.subject, "support");
  const user = await loadTargetUser(deps.db, userId);
  requirePermission(actor.subject, "deleteUser", user);
  await retryTransaction(deps.db, async (trx) => {
    const others = await trx
      .selectFrom("user")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("baseAccountId", "=", user.baseAccountId)
      .where("deletedAt", "is", null)
      .where("id", "!=", userId)
      .executeTakeFirstOrThrow();
    if (Number(others.n) === 0) throw new AppError("shell.profile.onlyLastUserLeftDeleteAccountInstead", { status: 409 });
    await trx.updateTable("user").set({ deletedAt: new Date() }).where("id", "=", userId).execute();
    await revokeUserSessions(trx, userId, "userDeleted");
    await recordSupportAction(trx, actor, {
      accountId: user.baseAccountId,
      targetType: "user",
      targetId: userId,
      action: "delete",
      before: { email: user.email, firstname: user.firstname, lastname: user.lastname },
      after: { deleted: true },
    });
  });
  await publishForcedLogout(deps.redis, { userId });
}
