import { createId } from "@paralleldrive/cuid2";
import type { Database } from "./client.ts";
import {
  DEMO_ACCOUNT,
  EMAIL_CONFIGS,
  EPAPER_LANGUAGES,
  FOOTER_LINKS,
  PAGE_MEDIA_TYPES,
  PERMISSION_TYPES,
  PLAYER_ICONS,
  SYSTEM_LANGUAGES,
  SYSTEM_PREFERENCES,
  SHOP_ORDER_CODES,
  TERMS,
} from "./seed-data.ts";

export type SeedOptions = {
  /** Base of the default terms and footer links: the studio's public address (PUBLIC_URL), which serves them. */
  studioUrl: string;
  /** The demo admin; created once, never overwritten (the password may have been changed). */
  demoAdmin?: { email: string; password: string };
  /** Injected so db/ never imports app code (app/auth/password.server.ts hashes with argon2id). */
  hashPassword: (password: string) => Promise<string>;
};

export type SeedReport = { demoAdmin: "created" | "exists" | "skipped" };

/**
 * Idempotent: running it twice changes nothing. Reference rows are upserted by their natural
 * key; rows that operators edit afterwards are inserted only when missing.
 */
export async function seed(db: Database, options: SeedOptions): Promise<SeedReport> {
  return db.transaction().execute(async (trx) => {
    for (const language of SYSTEM_LANGUAGES) {
      await trx
        .insertInto("systemLanguage")
        .values(language)
        .onDuplicateKeyUpdate({ name: language.name, position: language.position })
        .execute();
    }
    for (const [position, language] of EPAPER_LANGUAGES.entries()) {
      const row = { ...language, position };
      await trx
        .insertInto("epaperLanguage")
        .values(row)
        .onDuplicateKeyUpdate({ name: row.name, nativeName: row.nativeName, isRtl: row.isRtl, position })
        .execute();
    }
    for (const type of PERMISSION_TYPES) {
      await trx.insertInto("permissionType").values(type).onDuplicateKeyUpdate({ priority: type.priority }).execute();
    }
    for (const name of EMAIL_CONFIGS) await insertNameIfMissing(trx, "emailConfig", name);
    for (const name of PAGE_MEDIA_TYPES) await insertNameIfMissing(trx, "pageMediaType", name);
    for (const name of PLAYER_ICONS) {
      await trx
        .insertInto("playerIcon")
        .values({ name, fileName: `${name}.svg` })
        .onDuplicateKeyUpdate({ fileName: `${name}.svg` })
        .execute();
    }
    for (const [languageCode, terms] of Object.entries(TERMS)) {
      const row = { languageCode, confirmationText: terms.confirmationText, link: `${options.studioUrl}${terms.path}` };
      await trx.insertInto("terms").values(row).onDuplicateKeyUpdate({ confirmationText: row.confirmationText, link: row.link }).execute();
    }
    for (const [languageCode, links] of Object.entries(FOOTER_LINKS)) {
      for (const [kind, path] of Object.entries(links)) {
        const url = `${options.studioUrl}${path}`;
        await trx
          .insertInto("footerLink")
          .values({ languageCode, kind: kind as keyof typeof links, url })
          .onDuplicateKeyUpdate({ url })
          .execute();
      }
    }
    // The default offers of a fresh installation; afterwards they belong to support (the shop
    // tab edits, adds and removes them), so a later seed must not bring a removed one back.
    const hasOrderCodes = await trx.selectFrom("shopOrderCode").select("id").limit(1).executeTakeFirst();
    for (const [type, codes] of hasOrderCodes ? [] : Object.entries(SHOP_ORDER_CODES)) {
      for (const [codeKey, text] of Object.entries(codes)) {
        await trx
          .insertInto("shopOrderCode")
          .values({ id: createId(), type: type as keyof typeof SHOP_ORDER_CODES, codeKey, text })
          .onDuplicateKeyUpdate({ codeKey })
          .execute();
      }
    }
    for (const preference of SYSTEM_PREFERENCES) {
      const jsonSchema = JSON.stringify(preference.jsonSchema);
      // The value belongs to the operator once it exists; the schema follows the code.
      await trx
        .insertInto("systemPreference")
        .values({ name: preference.name, json: JSON.stringify(preference.json), jsonSchema })
        .onDuplicateKeyUpdate({ jsonSchema })
        .execute();
    }
    const demoAdmin = options.demoAdmin ? await ensureDemoAdmin(trx, options.demoAdmin, options.hashPassword) : "skipped";
    return { demoAdmin };
  });
}

async function insertNameIfMissing(trx: Database, table: "emailConfig" | "pageMediaType", name: string) {
  // Updating the name to itself is a no-op that keeps the auto-increment id stable.
  await trx.insertInto(table).values({ name }).onDuplicateKeyUpdate({ name }).execute();
}

async function ensureDemoAdmin(trx: Database, admin: { email: string; password: string }, hashPassword: SeedOptions["hashPassword"]) {
  const existing = await trx.selectFrom("user").select("id").where("email", "=", admin.email).executeTakeFirst();
  if (existing) return "exists" as const;

  const accountId = createId();
  const userId = createId();
  await trx
    .insertInto("account")
    .values({ id: accountId, name: DEMO_ACCOUNT.name, isProtected: true, zipContingent: -1, channelContingent: 10 })
    .execute();
  await trx.insertInto("folder").values({ id: createId(), accountId, parentId: null, name: "My ePaper" }).execute();
  await trx
    .insertInto("user")
    .values({
      id: userId,
      accountId,
      baseAccountId: accountId,
      email: admin.email,
      firstname: DEMO_ACCOUNT.firstname,
      lastname: DEMO_ACCOUNT.lastname,
      passwordHash: await hashPassword(admin.password),
      emailLanguage: "de",
    })
    .execute();
  await trx.insertInto("accountMembership").values({ id: createId(), accountId, userId }).execute();
  const adminType = await trx.selectFrom("permissionType").select("id").where("name", "=", "admin").executeTakeFirstOrThrow();
  await trx.insertInto("userPermission").values({ id: createId(), userId, permissionTypeId: adminType.id }).execute();
  const configs = await trx.selectFrom("emailConfig").select("id").execute();
  for (const config of configs) {
    await trx.insertInto("userEmailConfig").values({ id: createId(), userId, emailConfigId: config.id, active: true }).execute();
  }
  return "created" as const;
}
