import { EpaperNotFound } from "#app/lifecycle/epaper-process.server";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import { Redis } from "ioredis";
import type { Insertable } from "kysely";
import { afterAll, describe, expect, test } from "vitest";
import type { Epaper } from "#db/schema.gen";
import { db } from "#app/utils/db.server";
import { DemoError } from "#app/errors/app-error";
import { findFolder, type FolderTreeNode } from "#app/rules/folder-tree";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { TEST_REDIS_URL } from "#tests/setup/test-env";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { removeAccount } from "./account-removal.server.ts";
import {
  createFolder,
  deleteFolder,
  FolderNotFound,
  FolderRuleViolation,
  findRootFolderId,
  InvalidFolderName,
  moveEpaper,
  moveFolder,
  renameFolder,
  resolveFolderId,
} from "./folder.server.ts";
import { loadFolderContent, loadFolderTree } from "./folder-listing.server.ts";

/** The whole tree, fetched the way the browser does: the page's part, then every folder expanded. */
async function listFolderTree(database: typeof db, accountId: string, options: { demoProcesses?: boolean } = {}): Promise<FolderTreeNode> {
  const studio = { user: { accountId }, subject: { permissions: ["2"] }, permissions: new Set(["tree"]) } as never;
  const data = await loadFolderTree(database, studio);
  const expandAll = async (node: FolderTreeNode): Promise<FolderTreeNode> => {
    const content = node.loaded
      ? node
      : await loadFolderContent(database, accountId, node.id, { demoProcesses: options.demoProcesses !== false });
    return { ...node, ...content, loaded: true, children: await Promise.all(content.children.map(expandAll)) };
  };
  const tree = await expandAll(data!.tree);
  if (options.demoProcesses === false) {
    // The page's part was read with the caller's rights; read the root again without them.
    const root = await loadFolderContent(database, accountId, tree.id, { demoProcesses: false });
    return { ...tree, epapers: root.epapers, children: await Promise.all(root.children.map(expandAll)) };
  }
  return tree;
}

const MANAGER = { demoManagement: true };
const EDITOR = { demoManagement: false };
const accountIds: string[] = [];

afterAll(async () => {
  // The removal flattens deep trees first (InnoDB's cascade limit). These accounts have no files.
  const blobDir = await mkdtemp(path.join(os.tmpdir(), "epaper-folders-"));
  const redis = new Redis(TEST_REDIS_URL);
  try {
    for (const accountId of accountIds) await removeAccount({ db, blobs: new FolderBlobStore(blobDir), redis }, accountId);
  } finally {
    redis.disconnect();
    await rm(blobDir, { recursive: true, force: true });
    await db.destroy();
  }
});

async function newAccount() {
  const { accountId } = await insertAccountWithUser(db);
  accountIds.push(accountId);
  const rootId = await findRootFolderId(db, accountId);
  return { accountId, rootId };
}

async function insertEpaper(accountId: string, folderId: string | null, values: Partial<Insertable<Epaper>> = {}) {
  const id = createId();
  await db
    .insertInto("epaper")
    .values({ id, accountId, folderId, languageCode: "de", name: `ePaper ${id.slice(0, 6)}`, ...values })
    .execute();
  return id;
}

async function epaperRow(id: string) {
  return db.selectFrom("epaper").select(["folderId", "deletedAt", "processCancelled"]).where("id", "=", id).executeTakeFirstOrThrow();
}

function names(node: FolderTreeNode): unknown {
  return { name: node.name, children: node.children.map(names), epapers: node.epapers.map((epaper) => epaper.name) };
}

describe("listFolderTree", () => {
  test("nests folders and live ePapers by name; the root is created once when an account lacks it", async () => {
    const { accountId, rootId } = await newAccount();
    expect(await findRootFolderId(db, accountId)).toBe(rootId);
    const b = await createFolder(db, accountId, rootId, "  Beta  ");
    const a = await createFolder(db, accountId, null, "Alpha");
    const a1 = await createFolder(db, accountId, a.id, "Inner");
    await insertEpaper(accountId, a1.id, { name: "Zeta" });
    await insertEpaper(accountId, a1.id, { name: "Eta" });
    await insertEpaper(accountId, a1.id, { name: "Gone", deletedAt: new Date() });
    await insertEpaper(accountId, null, { name: "Loose" });
    await insertEpaper(accountId, b.id, { name: "Failed", renderingFailed: true, isDemo: true, isLocked: true });
    await insertEpaper(accountId, b.id, { name: "Errored", processError: "boom" });
    await insertEpaper(accountId, b.id, { name: "Cancelled error", processError: "boom", processCancelled: true });
    await insertEpaper(accountId, b.id, { name: "Running demo", isDemo: true, processRunning: true });

    const tree = await listFolderTree(db, accountId);
    expect(tree).toMatchObject({ id: rootId, parentId: null, name: "My ePaper" });
    expect(names(tree)).toEqual({
      name: "My ePaper",
      children: [
        { name: "Alpha", children: [{ name: "Inner", children: [], epapers: ["Eta", "Zeta"] }], epapers: [] },
        { name: "Beta", children: [], epapers: ["Cancelled error", "Errored", "Failed", "Running demo"] },
      ],
      epapers: ["Loose"],
    });
    const beta = findFolder(tree, b.id)!;
    expect(beta.parentId).toBe(rootId);
    expect(beta.epapers.map(({ name, isDemo, isLocked, inError, inProcess }) => ({ name, isDemo, isLocked, inError, inProcess }))).toEqual([
      { name: "Cancelled error", isDemo: false, isLocked: false, inError: false, inProcess: false },
      { name: "Errored", isDemo: false, isLocked: false, inError: true, inProcess: false },
      { name: "Failed", isDemo: true, isLocked: true, inError: true, inProcess: false },
      { name: "Running demo", isDemo: true, isLocked: false, inError: false, inProcess: true },
    ]);
    // Without demoManagement a demo ePaper's process is not shown (studio-core.md §4).
    const hidden = await listFolderTree(db, accountId, { demoProcesses: false });
    expect(findFolder(hidden, b.id)!.epapers.find((epaper) => epaper.name === "Running demo")?.inProcess).toBe(false);
    // Still one root.
    const roots = await db.selectFrom("folder").select("id").where("accountId", "=", accountId).where("parentId", "is", null).execute();
    expect(roots).toHaveLength(1);
  });

  test("never shows another account's folders or ePapers", async () => {
    const mine = await newAccount();
    const theirs = await newAccount();
    await createFolder(db, theirs.accountId, theirs.rootId, "Secret");
    await insertEpaper(theirs.accountId, theirs.rootId, { name: "Their ePaper" });
    const tree = await listFolderTree(db, mine.accountId);
    expect(names(tree)).toEqual({ name: "My ePaper", children: [], epapers: [] });
  });

  test("loadFolderTree answers null without the permission tree", async () => {
    const { accountId } = await newAccount();
    const user = { accountId } as never;
    const subject = { accountIsDemoAccount: true, isGenerated: false, isTemporary: false, permissions: [] } as never;
    expect(await loadFolderTree(db, { user, subject, permissions: new Set() })).toBeNull();
    const data = await loadFolderTree(db, { user, subject, permissions: new Set(["tree"]) });
    expect(data?.tree.name).toBe("My ePaper");
  });
});

describe("createFolder and renameFolder", () => {
  test("trim the name and refuse empty and over-long names", async () => {
    const { accountId, rootId } = await newAccount();
    await expect(createFolder(db, accountId, rootId, "   ")).rejects.toBeInstanceOf(InvalidFolderName);
    await expect(createFolder(db, accountId, rootId, "x".repeat(31))).rejects.toBeInstanceOf(InvalidFolderName);
    // 30 characters, counted as characters: emoji are one each.
    const long = await createFolder(db, accountId, rootId, "😀".repeat(30));
    expect(long.name).toBe("😀".repeat(30));
    const renamed = await renameFolder(db, accountId, long.id, "  Short ");
    expect(renamed.name).toBe("Short");
    await expect(renameFolder(db, accountId, long.id, "")).rejects.toBeInstanceOf(InvalidFolderName);
  });

  test("the root cannot be renamed; another account's folders are not found", async () => {
    const { accountId, rootId } = await newAccount();
    const other = await newAccount();
    await expect(renameFolder(db, accountId, rootId, "Mine")).rejects.toMatchObject({ rule: "rootFolder", status: 422 });
    await expect(createFolder(db, accountId, other.rootId, "Intruder")).rejects.toBeInstanceOf(FolderNotFound);
    await expect(renameFolder(db, accountId, other.rootId, "Intruder")).rejects.toBeInstanceOf(FolderNotFound);
    await expect(createFolder(db, accountId, "nope", "x")).rejects.toMatchObject({ status: 404 });
  });
});

describe("moveFolder", () => {
  test("moves a folder with its content; never the root, never into itself or below", async () => {
    const { accountId, rootId } = await newAccount();
    const a = await createFolder(db, accountId, rootId, "A");
    const b = await createFolder(db, accountId, rootId, "B");
    const a1 = await createFolder(db, accountId, a.id, "A1");
    const epaper = await insertEpaper(accountId, a1.id);
    await moveFolder(db, accountId, a.id, b.id);
    const tree = await listFolderTree(db, accountId);
    expect(names(tree)).toMatchObject({ children: [{ name: "B", children: [{ name: "A", children: [{ name: "A1" }] }] }] });
    expect((await epaperRow(epaper)).folderId).toBe(a1.id);

    await expect(moveFolder(db, accountId, rootId, b.id)).rejects.toMatchObject({ rule: "rootFolder" });
    await expect(moveFolder(db, accountId, a.id, a.id)).rejects.toMatchObject({ rule: "intoItself" });
    await expect(moveFolder(db, accountId, b.id, a1.id)).rejects.toBeInstanceOf(FolderRuleViolation);
    // Into its current parent: nothing to do.
    await expect(moveFolder(db, accountId, a.id, b.id)).resolves.toEqual({ id: a.id, parentId: b.id });
  });

  test("stays within the account", async () => {
    const { accountId, rootId } = await newAccount();
    const other = await newAccount();
    const mine = await createFolder(db, accountId, rootId, "Mine");
    const theirs = await createFolder(db, other.accountId, other.rootId, "Theirs");
    await expect(moveFolder(db, accountId, mine.id, theirs.id)).rejects.toBeInstanceOf(FolderNotFound);
    await expect(moveFolder(db, accountId, theirs.id, mine.id)).rejects.toBeInstanceOf(FolderNotFound);
    await expect(moveFolder(db, other.accountId, theirs.id, other.rootId)).resolves.toBeTruthy();
  });
});

describe("moveEpaper", () => {
  test("moves an ePaper; refuses demo ePapers without demoManagement, locked ePapers and ePapers in error", async () => {
    const { accountId, rootId } = await newAccount();
    const target = await createFolder(db, accountId, rootId, "Target");
    const plain = await insertEpaper(accountId, rootId);
    const loose = await insertEpaper(accountId, null);
    const demo = await insertEpaper(accountId, rootId, { isDemo: true });
    const locked = await insertEpaper(accountId, rootId, { isLocked: true });
    const failed = await insertEpaper(accountId, rootId, { renderingFailed: true });
    const deleted = await insertEpaper(accountId, rootId, { deletedAt: new Date() });

    await moveEpaper(db, accountId, plain, target.id, EDITOR);
    await moveEpaper(db, accountId, loose, target.id, EDITOR);
    expect((await epaperRow(plain)).folderId).toBe(target.id);
    expect((await epaperRow(loose)).folderId).toBe(target.id);

    await expect(moveEpaper(db, accountId, demo, target.id, EDITOR)).rejects.toBeInstanceOf(DemoError);
    await moveEpaper(db, accountId, demo, target.id, MANAGER);
    expect((await epaperRow(demo)).folderId).toBe(target.id);

    await expect(moveEpaper(db, accountId, locked, target.id, MANAGER)).rejects.toMatchObject({ rule: "epaperLocked" });
    await expect(moveEpaper(db, accountId, failed, target.id, MANAGER)).rejects.toMatchObject({ rule: "epaperInError" });
    await expect(moveEpaper(db, accountId, deleted, target.id, MANAGER)).rejects.toBeInstanceOf(EpaperNotFound);
    expect((await epaperRow(locked)).folderId).toBe(rootId);
  });

  test("stays within the account", async () => {
    const { accountId, rootId } = await newAccount();
    const other = await newAccount();
    const mine = await insertEpaper(accountId, rootId);
    const theirs = await insertEpaper(other.accountId, other.rootId);
    await expect(moveEpaper(db, accountId, mine, other.rootId, MANAGER)).rejects.toBeInstanceOf(FolderNotFound);
    await expect(moveEpaper(db, accountId, theirs, rootId, MANAGER)).rejects.toBeInstanceOf(EpaperNotFound);
    expect((await epaperRow(theirs)).folderId).toBe(other.rootId);
  });
});

describe("deleteFolder", () => {
  async function nested(accountId: string, rootId: string) {
    const folder = await createFolder(db, accountId, rootId, "Folder");
    const sub = await createFolder(db, accountId, folder.id, "Sub");
    const subsub = await createFolder(db, accountId, sub.id, "SubSub");
    const direct = await insertEpaper(accountId, folder.id, { name: "Direct" });
    const deep = await insertEpaper(accountId, subsub.id, { name: "Deep", processRunning: true, processType: "rendering" });
    const outside = await insertEpaper(accountId, rootId, { name: "Outside" });
    return { folder, sub, subsub, direct, deep, outside };
  }

  test("deleteContent soft-deletes every ePaper below and removes the subfolders", async () => {
    const { accountId, rootId } = await newAccount();
    const t = await nested(accountId, rootId);
    const now = new Date("2026-03-01T10:00:00Z");
    const result = await deleteFolder(db, accountId, t.folder.id, "deleteContent", EDITOR, now);
    expect(result.parentId).toBe(rootId);
    expect(result.deletedEpaperIds.sort()).toEqual([t.direct, t.deep].sort());
    expect(result.cancelledRenderIds).toEqual([t.deep]);
    expect(await epaperRow(t.deep)).toMatchObject({ deletedAt: now, processCancelled: true, folderId: null });
    expect(await epaperRow(t.direct)).toMatchObject({ deletedAt: now, processCancelled: false });
    expect((await epaperRow(t.outside)).deletedAt).toBeNull();
    expect(names(await listFolderTree(db, accountId))).toEqual({ name: "My ePaper", children: [], epapers: ["Outside"] });
  });

  test("moveToParent moves subfolders and ePapers one level up", async () => {
    const { accountId, rootId } = await newAccount();
    const parent = await createFolder(db, accountId, rootId, "Parent");
    const folder = await createFolder(db, accountId, parent.id, "Folder");
    const sub = await createFolder(db, accountId, folder.id, "Sub");
    const direct = await insertEpaper(accountId, folder.id, { name: "Direct" });
    const inSub = await insertEpaper(accountId, sub.id, { name: "InSub" });
    const result = await deleteFolder(db, accountId, folder.id, "moveToParent", EDITOR);
    expect(result).toEqual({ deletedEpaperIds: [], cancelledRenderIds: [], parentId: parent.id });
    expect((await epaperRow(direct)).folderId).toBe(parent.id);
    expect((await epaperRow(inSub)).folderId).toBe(sub.id);
    expect(names(await listFolderTree(db, accountId))).toEqual({
      name: "My ePaper",
      children: [{ name: "Parent", children: [{ name: "Sub", children: [], epapers: ["InSub"] }], epapers: ["Direct"] }],
      epapers: [],
    });
  });

  test("removes a tree deeper than InnoDB's cascade limit", async () => {
    const { accountId, rootId } = await newAccount();
    const top = await createFolder(db, accountId, rootId, "Top");
    let parentId = top.id;
    for (let level = 0; level < 20; level++) parentId = (await createFolder(db, accountId, parentId, `Level ${level}`)).id;
    const bottom = await insertEpaper(accountId, parentId);
    await deleteFolder(db, accountId, top.id, "deleteContent", EDITOR);
    expect((await epaperRow(bottom)).deletedAt).not.toBeNull();
    const left = await db.selectFrom("folder").select("id").where("accountId", "=", accountId).execute();
    expect(left.map((row) => row.id)).toEqual([rootId]);
  });

  test("the root cannot be deleted; locked and demo content stops it; another account's folder is not found", async () => {
    const { accountId, rootId } = await newAccount();
    const other = await newAccount();
    await expect(deleteFolder(db, accountId, rootId, "moveToParent", MANAGER)).rejects.toMatchObject({ rule: "rootFolder" });
    await expect(deleteFolder(db, accountId, rootId, "deleteContent", MANAGER)).rejects.toMatchObject({ rule: "rootFolder" });
    const theirs = await createFolder(db, other.accountId, other.rootId, "Theirs");
    await expect(deleteFolder(db, accountId, theirs.id, "deleteContent", MANAGER)).rejects.toBeInstanceOf(FolderNotFound);

    const withLocked = await createFolder(db, accountId, rootId, "Locked");
    const lockedSub = await createFolder(db, accountId, withLocked.id, "Sub");
    const locked = await insertEpaper(accountId, lockedSub.id, { isLocked: true });
    await expect(deleteFolder(db, accountId, withLocked.id, "deleteContent", MANAGER)).rejects.toMatchObject({ rule: "lockedContent" });
    // Moving content up leaves the locked ePaper where it is (in its subfolder): allowed.
    await deleteFolder(db, accountId, withLocked.id, "moveToParent", MANAGER);
    expect((await epaperRow(locked)).folderId).toBe(lockedSub.id);

    const withDemo = await createFolder(db, accountId, rootId, "Demo");
    const demo = await insertEpaper(accountId, withDemo.id, { isDemo: true });
    await expect(deleteFolder(db, accountId, withDemo.id, "deleteContent", EDITOR)).rejects.toBeInstanceOf(DemoError);
    await expect(deleteFolder(db, accountId, withDemo.id, "moveToParent", EDITOR)).rejects.toBeInstanceOf(DemoError);
    expect(await epaperRow(demo)).toMatchObject({ folderId: withDemo.id, deletedAt: null });
    await deleteFolder(db, accountId, withDemo.id, "moveToParent", MANAGER);
    expect((await epaperRow(demo)).folderId).toBe(rootId);
  });
});

test("resolveFolderId falls back to the root for unknown or foreign folders", async () => {
  const { accountId, rootId } = await newAccount();
  const other = await newAccount();
  const folder = await createFolder(db, accountId, rootId, "Here");
  expect(await resolveFolderId(db, accountId, folder.id)).toBe(folder.id);
  expect(await resolveFolderId(db, accountId, other.rootId)).toBe(rootId);
  expect(await resolveFolderId(db, accountId, null)).toBe(rootId);
});
