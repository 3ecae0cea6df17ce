import { createId } from "@paralleldrive/cuid2";
import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import type { StudioUser } from "#app/auth/studio-user.server";
import { startRender } from "#app/render/start-render.server";
import { AppError } from "#app/errors/app-error";
import { requirePermission, requireWriteAllowed } from "#app/rules/permissions";
import type { Database } from "#db/client";
import { epaperLimitReachedError, type Uploader } from "./upload.server.ts";
import { type CreateEpaperSuccess, EPAPER_NAME_MAX, GENERATED_ACCOUNT_EPAPER_LIMIT } from "#app/rules/upload-contract";
import { retryTransaction } from "#db/retry-transaction";
import { lockAccount } from "./account-lock.server.ts";
import { truncateText } from "#app/rules/truncate";

/**
 * Step 2 of the main job (architecture.md, studio-core.md §4 "Creating an ePaper"): name,
 * language, the upload and an optional folder become an ePaper with its settings, the upload is
 * consumed, and rendering starts (a render process row and one job on the render queue).
 * Decisions: docs/decisions/0018-upload.md.
 */

export type CreateEpaperInput = { name: string; languageCode: string; fileId: string; parentId: string | null };

export type CreateEpaperDeps = { db: Database; redis: Redis; queue: Queue; now?: () => Date };

/** The form fields as the upload card posts them; a name is trimmed and cut to 250 (§5). */
export function parseCreateEpaperForm(form: FormData): CreateEpaperInput {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const name = truncateText(text("name"), EPAPER_NAME_MAX).trim();
  if (!name) throw new AppError("upload.errors.nameRequired", { status: 400 });
  const languageCode = text("languageCode");
  if (!languageCode) throw new AppError("upload.errors.languageNotFound", { status: 400 });
  return { name, languageCode, fileId: text("fileId"), parentId: text("parentId") || null };
}

/** POST /epaper/create: the permission first, then the form, then the creation. */
export async function createEpaperFromForm(
  deps: CreateEpaperDeps,
  studio: Pick<StudioUser, "user" | "subject">,
  form: () => Promise<FormData>,
) {
  assertMayCreate(studio.subject);
  return createEpaperFromUpload(deps, studio, parseCreateEpaperForm(await form()));
}

/** Creating follows uploading (ADR 0010 'upload'); a new ePaper is never demo content, but the
 * write check also refuses maintenance and e-mail token sessions. */
function assertMayCreate(subject: StudioUser["subject"]) {
  requirePermission(subject, "upload");
  requireWriteAllowed(subject, { resource: "epaper", targetIsDemo: false });
}

const sourceNotFound = (detail: string) => new AppError("upload.errors.pdfSourceNotFoundUploadAgain", { status: 404, detail });

/**
 * Creates the ePaper in one transaction (account, upload and folder checked under locks, so a
 * double click or two tabs never turn one upload into two ePapers, and a try-it account never
 * passes its limit), then starts its render. Creating is idempotent per upload: a second request
 * for an upload this user already turned into an ePaper (a double click) gets that ePaper back. When the render cannot be started, the ePaper is
 * removed again and the upload released, and the caller answers 'something went wrong'.
 */
export async function createEpaperFromUpload(
  deps: CreateEpaperDeps,
  studio: Uploader,
  input: CreateEpaperInput,
): Promise<CreateEpaperSuccess> {
  const now = (deps.now ?? (() => new Date()))();
  const { user, subject } = studio;
  assertMayCreate(subject);
  const accountId = user.accountId;
  const epaperId = createId();

  const existing = await retryTransaction(deps.db, async (trx) => {
    const account = await lockAccount(trx, accountId);
    if (!account || account.deletedAt) throw new AppError("errors.forbidden", { status: 403, detail: "the account is gone" });

    if (!input.fileId) throw sourceNotFound("no fileId");
    const upload = await trx
      .selectFrom("upload")
      .select(["id", "numPages", "consumedAt", "expiresAt", "purpose"])
      .where("id", "=", input.fileId)
      .where("accountId", "=", accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!upload) throw sourceNotFound(`upload ${input.fileId} is not one of account ${accountId}`);
    if (upload.consumedAt) {
      const made = await trx
        .selectFrom("epaper")
        .select("id")
        .where("sourceUploadId", "=", upload.id)
        .where((eb) => (user.id === null ? eb("createdByUserId", "is", null) : eb("createdByUserId", "=", user.id)))
        .where("deletedAt", "is", null)
        .executeTakeFirst();
      if (made) return made.id;
      throw sourceNotFound(`upload ${upload.id} is already an ePaper`);
    }
    if (upload.purpose !== "epaper") throw sourceNotFound(`upload ${upload.id} is for ${upload.purpose}`);
    if (upload.expiresAt && upload.expiresAt.getTime() <= now.getTime()) throw sourceNotFound(`upload ${upload.id} expired`);

    if (account.isGenerated) {
      const created = await trx
        .selectFrom("epaper")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("accountId", "=", accountId)
        .executeTakeFirstOrThrow();
      if (Number(created.count) >= GENERATED_ACCOUNT_EPAPER_LIMIT) throw epaperLimitReachedError();
    }

    const language = await trx.selectFrom("epaperLanguage").select("code").where("code", "=", input.languageCode).executeTakeFirst();
    if (!language) throw new AppError("upload.errors.languageNotFound", { status: 400 });

    let folder = trx.selectFrom("folder").select("id").where("accountId", "=", accountId);
    folder = input.parentId ? folder.where("id", "=", input.parentId) : folder.where("parentId", "is", null).orderBy("createdAt").limit(1);
    const folderRow = await folder.executeTakeFirst();
    // Another account's folder is answered like a missing one: its existence is none of the caller's business.
    if (input.parentId && !folderRow) throw new AppError("upload.errors.folderNotFound", { status: 404 });

    await trx
      .insertInto("epaper")
      .values({
        id: epaperId,
        accountId,
        folderId: folderRow?.id ?? null,
        createdByUserId: user.id,
        sourceUploadId: upload.id,
        languageCode: language.code,
        name: input.name,
        pageCount: upload.numPages,
        // A try-it account's ePapers share its storage time (ADR 0015); signup clears both.
        fromTemporaryAccount: account.isGenerated,
        removeAt: account.isGenerated ? account.removeAt : null,
      })
      .execute();
    await trx.insertInto("epaperSetting").values({ id: createId(), epaperId }).execute();
    await trx.updateTable("upload").set({ consumedAt: now }).where("id", "=", upload.id).execute();
    return null;
  });
  if (existing) return { id: existing };

  try {
    await startRender({ db: deps.db, redis: deps.redis, queue: deps.queue }, epaperId);
  } catch (error) {
    console.error(`[create ePaper] render of ${epaperId} could not start`, error);
    await releaseEpaper(deps.db, epaperId, input.fileId).catch((cleanup) =>
      console.error(`[create ePaper] cleanup of ${epaperId} failed`, cleanup),
    );
    throw new AppError("upload.errors.somethingWentWrong", { status: 500, detail: (error as Error).message });
  }
  return { id: epaperId };
}

/**
 * Undoes a creation whose render never started: the ePaper goes (settings and render process
 * cascade; a job that did get queued finds no ePaper and ends as stale) and the upload can be
 * used again until it expires.
 */
async function releaseEpaper(db: Database, epaperId: string, uploadId: string) {
  await retryTransaction(db, async (trx) => {
    await trx.deleteFrom("epaper").where("id", "=", epaperId).execute();
    await trx.updateTable("upload").set({ consumedAt: null }).where("id", "=", uploadId).execute();
  });
}
