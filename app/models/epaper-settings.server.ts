import { createId } from "@paralleldrive/cuid2";
import type { Redis } from "ioredis";
import sharp from "sharp";
import type { BlobStore } from "#app/blob/blob-store.server";
import { AppError } from "#app/errors/app-error";
import { markRepublishingRequired } from "#app/publish/republishing.server";
import {
  type EpaperSettingsView,
  normalizedPatch,
  SETTINGS_IMAGE_TYPES,
  SETTINGS_LIMITS,
  SHARE_FLAGS,
  type SettingsField,
  type SettingsPatch,
  type SettingsValues,
  settingsPatchSchema,
  settingsProblems,
} from "#app/rules/epaper-settings";
import type { PermissionSubject } from "#app/rules/permissions";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";
import { cardActionsAllowed } from "./epaper-actions.server.ts";
import { accountEpaperFor, changeableAccountEpaper } from "./epaper-access.server.ts";

/*
 * The ePaper settings dialog on the server (studio-admin.md §2–§5, §7 'epaper-setting get and
 * update'; issue 12): read the settings of one of the account's ePapers, save a patch of them
 * under the §5 rules, and store the background and logo images as the account's media. Every
 * change that reaches the reader marks the publications 'republishing required'.
 */

export type SettingsDeps = { db: Database; redis: Redis; blobs: BlobStore };

const VALUE_COLUMNS = [
  "cookieBannerActive",
  "cookieBannerButton",
  "cookieBannerText",
  "seoMetaTagAuthor",
  "seoMetaTagKeywords",
  "seoMetaTagDescription",
  "seoMetaTagRobots",
  "darkControlsActive",
  "interfaceBackgroundColor",
  "background",
  "backgroundColor",
  "logoImageLink",
  "sharingActive",
  "openGraphTitle",
  "openGraphDescription",
  ...SHARE_FLAGS,
  "imprintActive",
  "imprintOverlayWidth",
  "imprintOverlayHeight",
  "imprintText",
  "privacyPolicyActive",
  "privacyPolicyOverlayWidth",
  "privacyPolicyOverlayHeight",
  "privacyPolicyText",
  "trackingGoogleTagId",
  "statisticsActive",
  "zipStatisticsActive",
  "zipStatisticsTarget",
  "zipStatisticsEndpoint",
  "customPlayerHtml",
  "customPlayerCss",
  "customPlayerJavascript",
] as const satisfies readonly SettingsField[];

/** An ePaper made before its settings row existed gets one with the defaults. */
async function ensureSettingsRow(db: Database, epaperId: string) {
  const found = await db.selectFrom("epaperSetting").select("id").where("epaperId", "=", epaperId).executeTakeFirst();
  if (!found) await db.insertInto("epaperSetting").ignore().values({ id: createId(), epaperId }).execute();
}

async function settingsRow(db: Database, epaperId: string) {
  await ensureSettingsRow(db, epaperId);
  return db
    .selectFrom("epaperSetting as s")
    .leftJoin("media as bg", "bg.id", "s.backgroundImageId")
    .leftJoin("media as logo", "logo.id", "s.logoImageId")
    .select(VALUE_COLUMNS.map((column) => `s.${column}` as const))
    .select([
      "s.id",
      "s.backgroundImageId",
      "bg.name as backgroundName",
      "s.logoImageId",
      "logo.name as logoName",
      "s.defaultInterfaceBackgroundColor",
      "s.defaultBackgroundColor",
      "s.defaultDarkControlsActive",
      "s.defaultLogoImageLink",
    ])
    .where("s.epaperId", "=", epaperId)
    .executeTakeFirstOrThrow();
}

const editableEpaper = (db: Database, subject: PermissionSubject, epaperId: string) =>
  accountEpaperFor(db, subject, epaperId, "epaperSettings");

/** 'epaper-setting get': the dialog's view of one of the account's ePapers. */
export async function loadEpaperSettings(db: Database, subject: PermissionSubject, epaperId: string): Promise<EpaperSettingsView> {
  const epaper = await editableEpaper(db, subject, epaperId);
  const row = await settingsRow(db, epaper.id);
  const values = Object.fromEntries(VALUE_COLUMNS.map((column) => [column, row[column]])) as SettingsValues;
  return {
    values,
    backgroundImage: row.backgroundImageId ? { id: row.backgroundImageId, name: row.backgroundName ?? "" } : null,
    logoImage: row.logoImageId ? { id: row.logoImageId, name: row.logoName ?? "" } : null,
    defaults: {
      interfaceBackgroundColor: row.defaultInterfaceBackgroundColor,
      backgroundColor: row.defaultBackgroundColor,
      darkControlsActive: row.defaultDarkControlsActive,
      logoImageLink: row.defaultLogoImageLink,
    },
    editable: cardActionsAllowed(subject, epaper),
  };
}

/**
 * 'epaper-setting update': the changed fields, checked with the whole settings they make (a
 * switched-on imprint needs its size and text). The first problem is the refusal.
 */
export async function updateEpaperSettings(deps: SettingsDeps, subject: PermissionSubject, input: { epaperId: string; patch: unknown }) {
  const epaper = await changeableAccountEpaper(deps.db, subject, input.epaperId, "epaperSettings", "epaperSetting");
  const parsed = settingsPatchSchema.safeParse(input.patch);
  if (!parsed.success) throw new AppError("errors.invalidRequest", { status: 400, detail: parsed.error.message });
  const patch: SettingsPatch = normalizedPatch(parsed.data);
  if (Object.keys(patch).length === 0) return loadEpaperSettings(deps.db, subject, epaper.id);
  await ensureSettingsRow(deps.db, epaper.id);
  await retryTransaction(deps.db, async (trx) => {
    const current = await trx
      .selectFrom("epaperSetting")
      .select(VALUE_COLUMNS)
      .where("epaperId", "=", epaper.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const merged = { ...current, ...patch } as SettingsValues;
    const problems = settingsProblems(merged);
    const changed = Object.keys(patch) as SettingsField[];
    // A switch that is turned on answers for the fields it needs; otherwise each field for itself.
    const relevant = changed.flatMap((field) =>
      field === "imprintActive" || field === "privacyPolicyActive"
        ? (Object.keys(problems) as SettingsField[]).filter((name) => name.startsWith(field.replace("Active", "")))
        : [field],
    );
    const first = relevant.map((field) => problems[field]).find(Boolean);
    if (first) throw new AppError(`settings.validation.${first.key}` as never, { status: 400, params: first.params ?? {} });
    await trx.updateTable("epaperSetting").set(patch).where("epaperId", "=", epaper.id).execute();
  });
  await markRepublishingRequired(deps, epaper.id);
  return loadEpaperSettings(deps.db, subject, epaper.id);
}

const IMAGE_KINDS = {
  background: { column: "backgroundImageId", maxKb: SETTINGS_LIMITS.backgroundKb },
  logo: { column: "logoImageId", maxKb: SETTINGS_LIMITS.logoKb },
} as const;
export type SettingsImageKind = keyof typeof IMAGE_KINDS;

/** A media row no setting, element or gallery uses any more goes, with its blob. */
async function deleteIfUnused(deps: SettingsDeps, mediaId: string) {
  const used = await deps.db
    .selectFrom("media")
    .select("media.id")
    .where("media.id", "=", mediaId)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom("epaperSetting")
            .select("id")
            .where((inner) =>
              inner.or([
                inner("backgroundImageId", "=", mediaId),
                inner("logoImageId", "=", mediaId),
                inner("defaultBackgroundImageId", "=", mediaId),
                inner("defaultLogoImageId", "=", mediaId),
              ]),
            ),
        ),
        eb.exists(eb.selectFrom("pageMedia").select("id").where("previewImageId", "=", mediaId)),
        eb.exists(eb.selectFrom("galleryMedia").select("id").where("mediaId", "=", mediaId)),
      ]),
    )
    .executeTakeFirst();
  if (used) return;
  const row = await deps.db.selectFrom("media").select("blobKey").where("id", "=", mediaId).executeTakeFirst();
  if (!row) return;
  await deps.db.deleteFrom("media").where("id", "=", mediaId).execute();
  await deps.blobs.delete(row.blobKey);
}

/**
 * The background (max 10000 KB) or logo (max 5000 KB) image: stored as the account's media as
 * uploaded (the reader scales it), set on the settings; a background image switches the
 * background to 'image'. The one it replaces goes when nothing else uses it.
 */
export async function uploadSettingsImage(
  deps: SettingsDeps,
  subject: PermissionSubject,
  input: { epaperId: string; kind: SettingsImageKind; fileName: string; bytes: Buffer },
) {
  const epaper = await changeableAccountEpaper(deps.db, subject, input.epaperId, "epaperSettings", "epaperSetting");
  const { column, maxKb } = IMAGE_KINDS[input.kind];
  await ensureSettingsRow(deps.db, epaper.id);
  if (input.bytes.length > maxKb * 1024) throw new AppError("settings.images.tooLarge", { status: 413, params: { size: maxKb } });
  const metadata = await sharp(input.bytes)
    .metadata()
    .catch(() => null);
  const format = metadata?.format as (typeof SETTINGS_IMAGE_TYPES)[number] | undefined;
  if (!format || !SETTINGS_IMAGE_TYPES.includes(format)) throw new AppError("settings.images.typeNotValid", { status: 400 });
  const extension = format === "jpeg" ? "jpg" : format;
  const mediaId = createId();
  const blobKey = `media/${subject.accountId}/${mediaId}.${extension}`;
  await deps.blobs.put(blobKey, input.bytes);
  let replaced: string | null = null;
  try {
    replaced = await retryTransaction(deps.db, async (trx) => {
      const current = await trx
        .selectFrom("epaperSetting")
        .select(column)
        .where("epaperId", "=", epaper.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("media")
        .values({
          id: mediaId,
          accountId: subject.accountId,
          name: input.fileName.slice(0, 250),
          blobKey,
          extension,
          mimeType: `image/${format}`,
          sizeInByte: input.bytes.length,
          width: metadata?.width ?? null,
          height: metadata?.height ?? null,
        })
        .execute();
      await trx
        .updateTable("epaperSetting")
        .set(input.kind === "background" ? { backgroundImageId: mediaId, background: true } : { logoImageId: mediaId })
        .where("epaperId", "=", epaper.id)
        .execute();
      return (current as Record<string, string | null>)[column] ?? null;
    });
  } catch (error) {
    await deps.blobs.delete(blobKey);
    throw error;
  }
  if (replaced) await deleteIfUnused(deps, replaced);
  await markRepublishingRequired(deps, epaper.id);
  return loadEpaperSettings(deps.db, subject, epaper.id);
}

/** Removes the background or logo image; a background without an image shows its colour. */
export async function removeSettingsImage(
  deps: SettingsDeps,
  subject: PermissionSubject,
  input: { epaperId: string; kind: SettingsImageKind },
) {
  const epaper = await changeableAccountEpaper(deps.db, subject, input.epaperId, "epaperSettings", "epaperSetting");
  const { column } = IMAGE_KINDS[input.kind];
  await ensureSettingsRow(deps.db, epaper.id);
  const current = await deps.db.selectFrom("epaperSetting").select(column).where("epaperId", "=", epaper.id).executeTakeFirstOrThrow();
  const mediaId = (current as Record<string, string | null>)[column] ?? null;
  await deps.db
    .updateTable("epaperSetting")
    .set(input.kind === "background" ? { backgroundImageId: null, background: false } : { logoImageId: null })
    .where("epaperId", "=", epaper.id)
    .execute();
  if (mediaId) await deleteIfUnused(deps, mediaId);
  await markRepublishingRequired(deps, epaper.id);
  return loadEpaperSettings(deps.db, subject, epaper.id);
}
