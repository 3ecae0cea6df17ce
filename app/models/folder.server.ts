import { createId } from "@paralleldrive/cuid2";
import type { Transaction } from "kysely";
import type { Database } from "#db/client";
import type { DB } from "#db/schema.gen";
import { AppError } from "#app/errors/app-error";
import {
  FOLDER_NAME_MAX_LENGTH,
  FOLDER_NAME_MIN_LENGTH,
  type FolderDeleteMode,
  folderNameLength,
  isEpaperInError,
  normalizeFolderName,
} from "#app/rules/folder-tree";
import { DemoError } from "#app/errors/app-error";
import { EpaperNotFound, markCancelled } from "#app/lifecycle/epaper-process.server";
import { ROOT_FOLDER_NAME } from "./account-creation.server.ts";
import { retryTransaction } from "#db/retry-transaction";

/*
 * The folder tree of an account (studio-core.md §2 "Folder tree", §3 "Tree node", §5, §6;
 * studio-admin.md §4 "Folder deletion"). Every function is scoped by the account: an id of
 * another account is "not found", exactly like an id that does not exist. Writes run in a
 * transaction that locks the account row, so two moves of the same tree cannot build a cycle
 * between them. Permission checks (tree, maintenance) belong to the caller; the demo rule needs
 * to know what is moved, so the caller says whether the user holds demoManagement.
 * Decisions: docs/decisions/0019-folders.md.
 */

type Trx = Transaction<DB>;

/** What the demo rule of studio-core.md §6 needs to know about the user. */
export type FolderAccess = { demoManagement: boolean };

/** An id that does not exist or belongs to another account (404). */
export class FolderNotFound extends AppError {
  override name = "FolderNotFound";
  constructor(detail: string) {
    super("folders.errors.notFound", { status: 404, detail });
  }
}

/** The rules of the tree that refuse a write (422 with its message). */
export type FolderRule = "rootFolder" | "intoItself" | "epaperLocked" | "epaperInError" | "lockedContent";

export class FolderRuleViolation extends AppError {
  override name = "FolderRuleViolation";
  readonly rule: FolderRule;
  constructor(rule: FolderRule, detail?: string) {
    super(`folders.errors.${rule}`, { status: 422, detail: detail ?? rule });
    this.rule = rule;
  }
}

/** A name the server refuses although the browser should have (400). */
export class InvalidFolderName extends AppError {
  override name = "InvalidFolderName";
  constructor(key: "nameRequired" | "nameTooLong") {
    super(`folders.validation.${key}`, { status: 400 });
  }
}

export type FolderRow = { id: string; parentId: string | null; name: string; createdAt: Date };

/** The account's folders, with the root (the oldest parentless folder) and a lookup. */
type Folders = { rows: FolderRow[]; byId: Map<string, FolderRow>; root: FolderRow | undefined };

async function readFolders(db: Database | Trx, accountId: string): Promise<Folders> {
  const rows = await db
    .selectFrom("folder")
    .select(["id", "parentId", "name", "createdAt"])
    .where("accountId", "=", accountId)
    .orderBy("name")
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  // The oldest parentless folder (ties: the smaller id), as findRootFolderId picks it.
  const root = rows
    .filter((row) => row.parentId === null)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0];
  return { rows, byId: new Map(rows.map((row) => [row.id, row])), root };
}

/** Runs a tree write with the account row locked; an unknown account is "not found". */
async function inAccountTransaction<T>(db: Database, accountId: string, work: (trx: Trx) => Promise<T>): Promise<T> {
  return retryTransaction(db, async (trx) => {
    const account = await trx.selectFrom("account").select("id").where("id", "=", accountId).forUpdate().executeTakeFirst();
    if (!account) throw new FolderNotFound(`account ${accountId}`);
    return work(trx);
  });
}

/**
 * The root of every account is created with it (account-creation.server.ts); an account made
 * some other way (fixtures, old data) gets it here, once: the account row is locked.
 */
async function ensureRoot(trx: Trx, accountId: string, folders: Folders): Promise<FolderRow> {
  if (folders.root) return folders.root;
  const root: FolderRow = { id: createId(), parentId: null, name: ROOT_FOLDER_NAME, createdAt: new Date() };
  await trx.insertInto("folder").values({ id: root.id, accountId, parentId: null, name: root.name }).execute();
  folders.rows.push(root);
  folders.byId.set(root.id, root);
  folders.root = root;
  return root;
}

/** The account's folders inside a locked transaction, the root guaranteed. */
async function lockedFolders(trx: Trx, accountId: string): Promise<Folders & { root: FolderRow }> {
  const folders = await readFolders(trx, accountId);
  const root = await ensureRoot(trx, accountId, folders);
  return { ...folders, root };
}

function requireFolder(folders: Folders, folderId: string): FolderRow {
  const folder = folders.byId.get(folderId);
  if (!folder) throw new FolderNotFound(`folder ${folderId}`);
  return folder;
}

/** The parent a folder hangs under; extra parentless folders (old data) hang under the root. */
function parentOf(folders: Folders, folder: FolderRow): string | null {
  if (folder.id === folders.root?.id) return null;
  if (folder.parentId === null || !folders.byId.has(folder.parentId)) return folders.root?.id ?? null;
  return folder.parentId;
}

/** The folder and every folder below it. */
function subtree(folders: Folders, folderId: string): string[] {
  const children = new Map<string, string[]>();
  for (const row of folders.rows) {
    const parent = parentOf(folders, row);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), row.id]);
  }
  const ids: string[] = [];
  const seen = new Set<string>();
  const queue = [folderId];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    ids.push(id);
    queue.push(...(children.get(id) ?? []));
  }
  return ids;
}

function checkedName(raw: string): string {
  const name = normalizeFolderName(raw);
  const length = folderNameLength(name);
  if (length < FOLDER_NAME_MIN_LENGTH) throw new InvalidFolderName("nameRequired");
  if (length > FOLDER_NAME_MAX_LENGTH) throw new InvalidFolderName("nameTooLong");
  return name;
}

/** The account's root folder ('My ePaper'), created when missing. */
export async function findRootFolder(db: Database, accountId: string): Promise<FolderRow> {
  // One row through the (account_id, parent_id) index: a page view never reads every folder.
  const read = () =>
    db
      .selectFrom("folder")
      .select(["id", "parentId", "name", "createdAt"])
      .where("accountId", "=", accountId)
      .where("parentId", "is", null)
      .orderBy("createdAt")
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
  const root = await read();
  if (root) return root;
  await inAccountTransaction(db, accountId, (trx) => lockedFolders(trx, accountId));
  // Read back: the row as the database stored it (its own creation time), as every later view reads it.
  const created = await read();
  if (!created) throw new FolderNotFound(`root of ${accountId}`);
  return created;
}

/** The id of the account's root folder ('My ePaper'), created when missing. */
export async function findRootFolderId(db: Database, accountId: string): Promise<string> {
  return (await findRootFolder(db, accountId)).id;
}

/**
 * The folder a new ePaper goes into (studio-core.md §4: the optional parentId of 'create
 * ePaper'): the given folder when it belongs to the account, otherwise the root.
 */
export async function resolveFolderId(db: Database, accountId: string, folderId: string | null | undefined): Promise<string> {
  if (folderId) {
    const folder = await db
      .selectFrom("folder")
      .select("id")
      .where("id", "=", folderId)
      .where("accountId", "=", accountId)
      .executeTakeFirst();
    if (folder) return folder.id;
  }
  return findRootFolderId(db, accountId);
}

/** A new folder under `parentId` (null: the root). Returns the new folder. */
export async function createFolder(db: Database, accountId: string, parentId: string | null, rawName: string) {
  const name = checkedName(rawName);
  return inAccountTransaction(db, accountId, async (trx) => {
    const folders = await lockedFolders(trx, accountId);
    const parent = parentId === null ? folders.root : requireFolder(folders, parentId);
    const id = createId();
    await trx.insertInto("folder").values({ id, accountId, parentId: parent.id, name }).execute();
    return { id, parentId: parent.id, name };
  });
}

/** A new name for a folder; the root keeps its name. */
export async function renameFolder(db: Database, accountId: string, folderId: string, rawName: string) {
  const name = checkedName(rawName);
  return inAccountTransaction(db, accountId, async (trx) => {
    const folders = await lockedFolders(trx, accountId);
    const folder = requireFolder(folders, folderId);
    if (folder.id === folders.root.id) throw new FolderRuleViolation("rootFolder");
    await trx.updateTable("folder").set({ name }).where("id", "=", folder.id).execute();
    return { id: folder.id, name };
  });
}

export type DeleteFolderResult = {
  /** ePapers that were soft-deleted (deleteContent). */
  deletedEpaperIds: string[];
  /** Of those, the ones whose render was running: the caller tells the render farm to stop. */
  cancelledRenderIds: string[];
  /** Where the content went (moveToParent), or the parent of the deleted folder. */
  parentId: string;
};

/**
 * Deletes a folder (never the root). `deleteContent` soft-deletes every ePaper in it and its
 * subfolders (a running process is cancelled, as any ePaper deletion does) and removes the
 * subfolders; `moveToParent` moves its subfolders and ePapers to its parent. Refused when an
 * ePaper that would be deleted or moved is locked by support, or is demo content and the user
 * lacks demoManagement (DemoError).
 */
export async function deleteFolder(
  db: Database,
  accountId: string,
  folderId: string,
  mode: FolderDeleteMode,
  access: FolderAccess,
  now = new Date(),
): Promise<DeleteFolderResult> {
  return inAccountTransaction(db, accountId, async (trx) => {
    const folders = await lockedFolders(trx, accountId);
    const folder = requireFolder(folders, folderId);
    if (folder.id === folders.root.id) throw new FolderRuleViolation("rootFolder");
    const parentId = parentOf(folders, folder) ?? folders.root.id;
    const affectedFolders = mode === "deleteContent" ? subtree(folders, folder.id) : [folder.id];
    const epapers = await trx
      .selectFrom("epaper")
      .select(["id", "isDemo", "isLocked"])
      .where("accountId", "=", accountId)
      .where("folderId", "in", affectedFolders)
      .where("deletedAt", "is", null)
      .forUpdate()
      .execute();
    if (epapers.some((epaper) => epaper.isLocked)) throw new FolderRuleViolation("lockedContent");
    if (!access.demoManagement && epapers.some((epaper) => epaper.isDemo)) throw new DemoError("epaper");

    if (mode === "moveToParent") {
      await trx
        .updateTable("epaper")
        .set({ folderId: parentId })
        .where("accountId", "=", accountId)
        .where("folderId", "=", folder.id)
        .execute();
      await trx.updateTable("folder").set({ parentId }).where("accountId", "=", accountId).where("parentId", "=", folder.id).execute();
      await trx.deleteFrom("folder").where("id", "=", folder.id).execute();
      return { deletedEpaperIds: [], cancelledRenderIds: [], parentId };
    }

    const cancelledRenderIds = await markCancelled(
      trx,
      epapers.map((epaper) => epaper.id),
      { deletedAt: now },
    );
    // InnoDB refuses cascades deeper than 15 levels: cut the links first, then delete the
    // folders directly (deleted ePapers keep no folder: ON DELETE SET NULL).
    await trx.updateTable("folder").set({ parentId: null }).where("id", "in", affectedFolders).execute();
    await trx.deleteFrom("folder").where("id", "in", affectedFolders).execute();
    return {
      deletedEpaperIds: epapers.map((epaper) => epaper.id),
      cancelledRenderIds,
      parentId,
    };
  });
}

/** Moves a folder (never the root) under another folder of the account, never into itself or below itself. */
export async function moveFolder(db: Database, accountId: string, folderId: string, newParentId: string) {
  return inAccountTransaction(db, accountId, async (trx) => {
    const folders = await lockedFolders(trx, accountId);
    const folder = requireFolder(folders, folderId);
    const parent = requireFolder(folders, newParentId);
    if (folder.id === folders.root.id) throw new FolderRuleViolation("rootFolder");
    if (subtree(folders, folder.id).includes(parent.id)) throw new FolderRuleViolation("intoItself");
    if (folder.parentId !== parent.id) {
      await trx.updateTable("folder").set({ parentId: parent.id }).where("id", "=", folder.id).execute();
    }
    return { id: folder.id, parentId: parent.id };
  });
}

/**
 * Moves an ePaper into a folder of the account. Refused for demo ePapers without
 * demoManagement (DemoError), for ePapers locked by support and for ePapers in error (the tree
 * shows them disabled).
 */
export async function moveEpaper(db: Database, accountId: string, epaperId: string, folderId: string, access: FolderAccess) {
  return inAccountTransaction(db, accountId, async (trx) => {
    const folders = await lockedFolders(trx, accountId);
    const epaper = await trx
      .selectFrom("epaper")
      .select(["id", "folderId", "isDemo", "isLocked", "renderingFailed", "processError", "processCancelled"])
      .where("id", "=", epaperId)
      .where("accountId", "=", accountId)
      .where("deletedAt", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!epaper) throw new EpaperNotFound(`epaper ${epaperId}`);
    const folder = requireFolder(folders, folderId);
    if (epaper.isDemo && !access.demoManagement) throw new DemoError("epaper");
    if (epaper.isLocked) throw new FolderRuleViolation("epaperLocked");
    if (isEpaperInError(epaper)) throw new FolderRuleViolation("epaperInError");
    if (epaper.folderId !== folder.id) {
      await trx.updateTable("epaper").set({ folderId: folder.id }).where("id", "=", epaper.id).execute();
    }
    return { id: epaper.id, folderId: folder.id };
  });
}
