import { createHash } from "node:crypto";
import { afterAll, describe, expect, test } from "vitest";
import { Forbidden, UserNotConfirmed } from "#app/errors/app-error";
import { apiKeyPrefixOf, MAX_API_KEYS_PER_ACCOUNT } from "#app/rules/api-keys";
import { db } from "#app/utils/db.server";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { permissionSubject } from "#tests/support/permission-subject";
import { ApiKeyNotFound, createApiKey, listApiKeys, listApiKeysAsSupport, revokeApiKey, revokeApiKeyAsSupport } from "./api-keys.server.ts";

// API keys of the account drawer and the back office (issue 32, ADR 0056) on real MariaDB.

afterAll(async () => {
  await db.destroy();
});

async function owner(level: "1" | "2" = "2") {
  const user = await insertUserWithLevel(db, level);
  return {
    ...user,
    subject: permissionSubject({ id: user.userId, accountId: user.accountId, baseAccountId: user.accountId, permissions: [level] }),
  };
}

describe("making keys", () => {
  test("the secret is returned once; only its SHA-256 and the visible prefix are stored", async () => {
    const { subject, accountId, userId } = await owner();
    const { key, token } = await createApiKey(db, subject, { name: "CMS", scopes: ["publish", "read"] });
    expect(token).toMatch(/^ep_live_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: "CMS",
      prefix: apiKeyPrefixOf(token),
      scopes: ["read", "publish"],
      lastUsedAt: null,
      revokedAt: null,
    });
    const row = await db.selectFrom("apiKey").selectAll().where("id", "=", key.id).executeTakeFirstOrThrow();
    expect(row.secretHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token.slice(-43));
    expect(row).toMatchObject({ accountId, createdByUserId: userId, scopes: "read,publish" });
    // The drawer's list never carries a secret or its hash.
    const listed = await listApiKeys(db, subject);
    expect(listed).toEqual([key]);
    expect(JSON.stringify(listed)).not.toContain(row.secretHash);
  });

  test("two keys never share a prefix or a secret", async () => {
    const { subject } = await owner();
    const [one, two] = [
      await createApiKey(db, subject, { name: "A", scopes: ["read"] }),
      await createApiKey(db, subject, { name: "B", scopes: ["read"] }),
    ];
    expect(one.key.prefix).not.toBe(two.key.prefix);
    expect(one.token).not.toBe(two.token);
  });

  test("level 2 and above only, confirmed, not generated, and only in the own account", async () => {
    const editor = await owner("1");
    await expect(createApiKey(db, editor.subject, { name: "x", scopes: ["read"] })).rejects.toBeInstanceOf(Forbidden);
    const { subject } = await owner();
    await expect(createApiKey(db, { ...subject, isTemporary: true }, { name: "x", scopes: ["read"] })).rejects.toBeInstanceOf(
      UserNotConfirmed,
    );
    await expect(createApiKey(db, { ...subject, isGenerated: true }, { name: "x", scopes: ["read"] })).rejects.toBeInstanceOf(Forbidden);
    await expect(createApiKey(db, { ...subject, maintenanceActive: true }, { name: "x", scopes: ["read"] })).rejects.toBeInstanceOf(
      Forbidden,
    );
    // Support switched into the account (level 3, another base account) sees but does not mint.
    const switched = { ...subject, permissions: ["3"], baseAccountId: "support-home" };
    await expect(createApiKey(db, switched, { name: "x", scopes: ["read"] })).rejects.toBeInstanceOf(Forbidden);
    expect(await listApiKeys(db, switched)).toEqual([]);
  });

  test(`at most ${MAX_API_KEYS_PER_ACCOUNT} live keys per account; a revoked one frees its place`, async () => {
    const { subject } = await owner();
    const made = [];
    for (let i = 0; i < MAX_API_KEYS_PER_ACCOUNT; i++) made.push(await createApiKey(db, subject, { name: `K${i}`, scopes: ["read"] }));
    await expect(createApiKey(db, subject, { name: "one more", scopes: ["read"] })).rejects.toMatchObject({ status: 409 });
    await revokeApiKey(db, subject, made[0]?.key.id ?? "");
    await expect(createApiKey(db, subject, { name: "one more", scopes: ["read"] })).resolves.toBeDefined();
  });
});

describe("revoking", () => {
  test("the owner revokes a key of the account; another account's key or a revoked one is 'not found'", async () => {
    const [mine, theirs] = [await owner(), await owner()];
    const { key } = await createApiKey(db, mine.subject, { name: "CMS", scopes: ["read"] });
    await expect(revokeApiKey(db, theirs.subject, key.id)).rejects.toBeInstanceOf(ApiKeyNotFound);
    await revokeApiKey(db, mine.subject, key.id);
    await expect(revokeApiKey(db, mine.subject, key.id)).rejects.toBeInstanceOf(ApiKeyNotFound);
    expect(await listApiKeys(db, mine.subject)).toEqual([]);
  });

  test("support lists an account's keys (revoked too) and revokes one, written to the audit trail", async () => {
    const customer = await owner();
    const { key } = await createApiKey(db, customer.subject, { name: "Shop sync", scopes: ["read", "write"] });
    const staff = await insertUserWithLevel(db, "3");
    const actor = {
      subject: permissionSubject({ id: staff.userId, accountId: staff.accountId, baseAccountId: staff.accountId, permissions: ["3"] }),
      email: staff.email,
    };
    await expect(listApiKeysAsSupport(db, customer.subject, customer.accountId)).rejects.toBeInstanceOf(Forbidden);
    await revokeApiKeyAsSupport(db, actor, key.id);
    const listed = await listApiKeysAsSupport(db, actor.subject, customer.accountId);
    expect(listed).toEqual([
      expect.objectContaining({
        id: key.id,
        name: "Shop sync",
        prefix: key.prefix,
        scopes: ["read", "write"],
        revokedAt: expect.any(String),
      }),
    ]);
    const audit = await db.selectFrom("supportAudit").selectAll().where("targetId", "=", key.id).execute();
    expect(audit).toEqual([
      expect.objectContaining({ accountId: customer.accountId, targetType: "apiKey", action: "revoke", actorEmail: staff.email }),
    ]);
    await expect(revokeApiKeyAsSupport(db, actor, key.id)).rejects.toMatchObject({ status: 404 });
    // An account that does not exist is 404, not an empty list.
    await expect(listApiKeysAsSupport(db, actor.subject, "nosuchaccount00000000000")).rejects.toMatchObject({ status: 404 });
  });

  test("support revokes only keys of accounts it outranks: level 3 not the admin's, level 4 does (issue 27's hierarchy)", async () => {
    const admin = await insertUserWithLevel(db, "4");
    const adminSubject = permissionSubject({
      id: admin.userId,
      accountId: admin.accountId,
      baseAccountId: admin.accountId,
      permissions: ["4"],
    });
    const { key } = await createApiKey(db, adminSubject, { name: "Admin's CMS", scopes: ["read"] });
    const staff = await insertUserWithLevel(db, "3");
    const support = {
      subject: permissionSubject({ id: staff.userId, accountId: staff.accountId, baseAccountId: staff.accountId, permissions: ["3"] }),
      email: staff.email,
    };
    await expect(revokeApiKeyAsSupport(db, support, key.id)).rejects.toBeInstanceOf(Forbidden);
    expect(await listApiKeys(db, adminSubject)).toHaveLength(1);
    const other = await insertUserWithLevel(db, "4");
    const otherAdmin = {
      subject: permissionSubject({ id: other.userId, accountId: other.accountId, baseAccountId: other.accountId, permissions: ["4"] }),
      email: other.email,
    };
    await revokeApiKeyAsSupport(db, otherAdmin, key.id);
    expect(await listApiKeys(db, adminSubject)).toEqual([]);
  });
});
