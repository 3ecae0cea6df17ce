import type { ExpressionBuilder } from "kysely";
import type { Database } from "#db/client";
import type { DB } from "#db/schema.gen";
import type { StudioUser } from "#app/auth/studio-user.server";
import { isBusy, PROCESS_COLUMNS } from "#app/lifecycle/epaper-process.server";
import {
  FOLDER_LEAF_PAGE,
  FOLDER_SEARCH_LIMIT,
  type FolderContent,
  type FolderSearchResult,
  type FolderTreeData,
  type FolderTreeEpaper,
  type FolderTreeNode,
  isEpaperInError,
} from "#app/rules/folder-tree";
import { can } from "#app/rules/permissions";
import { FolderNotFound, type FolderRow, findRootFolderId } from "./folder.server.ts";
import { nameMatches } from "./name-search.server.ts";

/*
 * Reading the folder tree in parts (issue 15 §2): a page view gets the root, the folders on the
 * way to the selected one with their subfolders and the first page of their ePapers; expanding a
 * folder fetches its subfolders and a page of its ePapers; the search runs here, on names, and
 * answers at most FOLDER_SEARCH_LIMIT matches with the folders on the way to them. So no answer
 * grows with the number of ePapers in the account, only with what is shown. Every query is
 * scoped by the account and walks an index (db/migrations/2026_11_24_0010_folder_listing.ts;
 * EXPLAIN checks in folder-listing.server.test.ts).
 */

type Access = { demoProcesses: boolean };

const FOLDER_COLUMNS = ["id", "parentId", "name", "createdAt"] as const;
const EPAPER_COLUMNS = ["id", "name", "folderId", "isDemo", "isLocked", "renderingFailed", ...PROCESS_COLUMNS] as const;

/** A folder row as a tree node whose content is not loaded yet. */
function nodeOf(row: FolderRow, parentId: string | null, hasContent: boolean): FolderTreeNode {
  return {
    id: row.id,
    parentId,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    children: [],
    epapers: [],
    hasContent,
    loaded: false,
    epaperCount: 0,
  };
}

function leafOf(
  epaper: {
    id: string;
    name: string;
    isDemo: boolean;
    isLocked: boolean;
    renderingFailed: boolean;
    processRunning: boolean;
    processCancelled: boolean;
    processError: string | null;
    processType: string | null;
    processStartedAt: Date | null;
  },
  access: Access,
): FolderTreeEpaper {
  return {
    id: epaper.id,
    name: epaper.name,
    isDemo: epaper.isDemo,
    isLocked: epaper.isLocked,
    inError: isEpaperInError(epaper),
    inProcess: isBusy(epaper) && (access.demoProcesses || !epaper.isDemo),
  };
}

/** The account's folders with these ids (unknown ids are left out). */
function foldersById(db: Database, accountId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as FolderRow[]);
  return db.selectFrom("folder").select(FOLDER_COLUMNS).where("accountId", "=", accountId).where("id", "in", ids).execute();
}

/** Whether the folder row in the query holds a subfolder or a live ePaper: two index probes. */
function holdsContent(eb: ExpressionBuilder<DB, "folder">, accountId: string) {
  return eb.or([
    eb.exists(
      eb.selectFrom("folder as sub").select("sub.id").where("sub.accountId", "=", accountId).whereRef("sub.parentId", "=", "folder.id"),
    ),
    eb.exists(
      eb
        .selectFrom("epaper")
        .select("epaper.id")
        .where("epaper.accountId", "=", accountId)
        .whereRef("epaper.folderId", "=", "folder.id")
        .where("epaper.deletedAt", "is", null),
    ),
  ]);
}

/** Which of these folders hold a subfolder or a live ePaper (one round trip). */
async function foldersWithContent(db: Database, accountId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("folder")
    .select("folder.id")
    .where("folder.accountId", "=", accountId)
    .where("folder.id", "in", ids)
    .where((eb) => holdsContent(eb, accountId))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The subfolders of these folders, by name, as unloaded nodes; parentless extras (old data) hang under the root. */
async function childrenOf(db: Database, accountId: string, rootId: string, parentIds: string[]): Promise<Map<string, FolderTreeNode[]>> {
  const byParent = new Map<string, FolderTreeNode[]>(parentIds.map((id) => [id, []]));
  if (parentIds.length === 0) return byParent;
  // One round trip for the children, whether each holds a subfolder or a live ePaper (two
  // index probes per child), and, under the root, the parentless extras (every page view asks).
  const withExtras = parentIds.includes(rootId);
  const found = await db
    .selectFrom("folder")
    .select(FOLDER_COLUMNS)
    .select((eb) => holdsContent(eb, accountId).as("hasContent"))
    .where("folder.accountId", "=", accountId)
    // Two ranges of the (account_id, parent_id) index; the root itself is left out below.
    .where((eb) =>
      withExtras
        ? eb.or([eb("folder.parentId", "in", parentIds), eb("folder.parentId", "is", null)])
        : eb("folder.parentId", "in", parentIds),
    )
    .orderBy("folder.name")
    .orderBy("folder.id")
    .execute();
  const rows = found.filter((row) => row.id !== rootId).sort((a, b) => a.name.localeCompare(b.name));
  for (const row of rows) {
    const parentId = row.parentId ?? rootId;
    byParent.get(parentId)?.push(nodeOf(row, parentId, Boolean(Number(row.hasContent))));
  }
  return byParent;
}

/** A page of a folder's live ePapers by name, and how many it holds; the root also holds those without a folder. */
async function leavesOf(
  db: Database,
  accountId: string,
  folderId: string,
  isRoot: boolean,
  offset: number,
  access: Access,
  /** How many live ePapers the folder holds, when the caller has just counted them. */
  knownTotal?: number,
) {
  const inFolder = db
    .selectFrom("epaper")
    .where("accountId", "=", accountId)
    .where((eb) => (isRoot ? eb.or([eb("folderId", "=", folderId), eb("folderId", "is", null)]) : eb("folderId", "=", folderId)))
    .where("deletedAt", "is", null);
  const [{ total }, rows] = await Promise.all([
    knownTotal !== undefined
      ? { total: knownTotal }
      : inFolder.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    inFolder
      .select(EPAPER_COLUMNS)
      // The index's own order (name, then the primary key): a page is read, never sorted.
      .orderBy("name")
      .orderBy("id")
      .limit(FOLDER_LEAF_PAGE)
      .offset(Math.max(0, Math.floor(offset) || 0))
      .execute(),
  ]);
  return { epapers: rows.map((row) => leafOf(row, access)), epaperCount: Number(total) };
}

/** The root folder's row (created when the account lacks it). */
async function rootRow(db: Database, accountId: string): Promise<FolderRow> {
  const rootId = await findRootFolderId(db, accountId);
  const [root] = await foldersById(db, accountId, [rootId]);
  if (!root) throw new FolderNotFound(`root of ${accountId}`);
  return root;
}

/**
 * What expanding a folder shows: its subfolders and a page of its ePapers from `offset` ('show
 * more' asks for the next page). Another account's folder is 'not found'.
 */
export async function loadFolderContent(
  db: Database,
  accountId: string,
  folderId: string,
  options: Access & { offset?: number },
): Promise<FolderContent> {
  const [folder] = await foldersById(db, accountId, [folderId]);
  if (!folder) throw new FolderNotFound(`folder ${folderId}`);
  const rootId = await findRootFolderId(db, accountId);
  const [children, leaves] = await Promise.all([
    childrenOf(db, accountId, rootId, [folder.id]),
    leavesOf(db, accountId, folder.id, folder.id === rootId, options.offset ?? 0, options),
  ]);
  return { id: folder.id, children: children.get(folder.id) ?? [], ...leaves };
}

/** The folders from the root down to this one (root first); unknown or foreign ids give just the root. */
async function pathTo(db: Database, accountId: string, root: FolderRow, folderId: string | null): Promise<FolderRow[]> {
  const path: FolderRow[] = [];
  const seen = new Set<string>();
  let id = folderId;
  // One query per level: a path is as deep as the user nested it, never as wide as the account.
  while (id && id !== root.id && !seen.has(id)) {
    seen.add(id);
    const [row] = await foldersById(db, accountId, [id]);
    if (!row) return [root];
    path.unshift(row);
    id = row.parentId;
  }
  return [root, ...path];
}

/**
 * The tree a page view shows (the permission `tree` needed, else null): the root, the folders on
 * the way to the selected one, each with its subfolders and first page of ePapers.
 */
export async function loadFolderTree(
  db: Database,
  studio: Pick<StudioUser, "user" | "subject" | "permissions">,
  selectedFolderId: string | null = null,
  /**
   * What the caller has just read (the workspace, issue 29: fewer round trips per view): the root
   * folder's row (findRootFolder), and how many live ePapers a folder holds (the grid's count).
   */
  known: { root?: FolderRow; epaperCount?: { folderId: string; total: number } } = {},
): Promise<FolderTreeData | null> {
  if (!studio.permissions.has("tree")) return null;
  const canManageDemo = can(studio.subject, "demoManagement");
  const accountId = studio.user.accountId;
  const root = known.root ?? (await rootRow(db, accountId));
  const path = await pathTo(db, accountId, root, selectedFolderId);
  const counted = known.epaperCount;
  const access = { demoProcesses: canManageDemo };
  const [children, leaves] = await Promise.all([
    childrenOf(
      db,
      accountId,
      root.id,
      path.map((row) => row.id),
    ),
    Promise.all(
      path.map((row) =>
        leavesOf(db, accountId, row.id, row.id === root.id, 0, access, row.id === counted?.folderId ? counted.total : undefined),
      ),
    ),
  ]);
  // Build from the selected folder up: each folder on the path replaces its node among its parent's children.
  let below: FolderTreeNode | null = null;
  for (let level = path.length - 1; level >= 0; level--) {
    const row = path[level] as FolderRow;
    const own = leaves[level] as { epapers: FolderTreeEpaper[]; epaperCount: number };
    const kids = (children.get(row.id) ?? []).map((child) => (below && child.id === below.id ? below : child));
    const node: FolderTreeNode = {
      ...nodeOf(row, level === 0 ? null : (path[level - 1] as FolderRow).id, kids.length > 0 || own.epaperCount > 0),
      children: kids,
      ...own,
      loaded: true,
    };
    below = node;
  }
  return { tree: below as FolderTreeNode, canManageDemo };
}

/**
 * The search (studio-core.md §2 'search on the tree'): folders and ePapers whose name matches
 * the text (name-search.server.ts: words beginning words, case and accents ignored), at most
 * FOLDER_SEARCH_LIMIT of them, with every folder on the way to them; all shown expanded.
 */
export async function searchFolderTree(db: Database, accountId: string, rawQuery: string, access: Access): Promise<FolderSearchResult> {
  const query = rawQuery.trim().slice(0, 250);
  const root = await rootRow(db, accountId);
  const [epapers, folders] = await Promise.all([
    db
      .selectFrom("epaper")
      .select(EPAPER_COLUMNS)
      .where("accountId", "=", accountId)
      .where("deletedAt", "is", null)
      .where((eb) => nameMatches(eb, "epaper", query))
      .orderBy("name")
      .orderBy("id")
      .limit(FOLDER_SEARCH_LIMIT + 1)
      .execute(),
    db
      .selectFrom("folder")
      .select(FOLDER_COLUMNS)
      .where("accountId", "=", accountId)
      .where("id", "!=", root.id)
      .where((eb) => nameMatches(eb, "folder", query))
      .orderBy("name")
      .orderBy("id")
      .limit(FOLDER_SEARCH_LIMIT + 1)
      .execute(),
  ]);
  const truncated = epapers.length + folders.length > FOLDER_SEARCH_LIMIT;
  const keptFolders = folders.slice(0, FOLDER_SEARCH_LIMIT);
  const keptEpapers = epapers.slice(0, FOLDER_SEARCH_LIMIT - keptFolders.length);

  // Every folder on the way up from the matches, a level per query.
  const rows = new Map<string, FolderRow>([[root.id, root], ...keptFolders.map((row) => [row.id, row] as const)]);
  let missing = [...new Set([...keptFolders.map((row) => row.parentId), ...keptEpapers.map((row) => row.folderId)])];
  while (missing.length > 0) {
    const wanted = missing.filter((id): id is string => id !== null && !rows.has(id));
    const found = await foldersById(db, accountId, wanted);
    for (const row of found) rows.set(row.id, row);
    missing = found.map((row) => row.parentId);
  }
  const withContent = await foldersWithContent(db, accountId, [...rows.keys()]);
  const parentOf = (row: FolderRow) => (row.id === root.id ? null : row.parentId && rows.has(row.parentId) ? row.parentId : root.id);
  const nodes = new Map<string, FolderTreeNode>();
  for (const row of rows.values())
    nodes.set(row.id, { ...nodeOf(row, parentOf(row), withContent.has(row.id) || row.id === root.id), loaded: true });
  // Sorted by name, children and leaves come out in order too.
  for (const row of [...rows.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    const parentId = parentOf(row);
    if (parentId) nodes.get(parentId)?.children.push(nodes.get(row.id) as FolderTreeNode);
  }
  for (const epaper of keptEpapers) {
    const folder = nodes.get(epaper.folderId ?? root.id) ?? (nodes.get(root.id) as FolderTreeNode);
    folder.epapers.push(leafOf(epaper, access));
    folder.epaperCount = folder.epapers.length;
  }
  return {
    tree: nodes.get(root.id) as FolderTreeNode,
    folderIds: [...nodes.keys()],
    matches: keptFolders.length + keptEpapers.length,
    truncated,
  };
}

/** Every folder of the account, nested, without ePapers: the destinations of 'Move to …'. */
export async function loadFolderOutline(db: Database, accountId: string): Promise<FolderTreeNode> {
  const root = await rootRow(db, accountId);
  const rows = await db
    .selectFrom("folder")
    .select(FOLDER_COLUMNS)
    .where("accountId", "=", accountId)
    .orderBy("name")
    .orderBy("id")
    .execute();
  const nodes = new Map(rows.map((row) => [row.id, nodeOf(row, null, true)]));
  for (const row of rows) {
    if (row.id === root.id) continue;
    const parentId = row.parentId && nodes.has(row.parentId) ? row.parentId : root.id;
    const node = nodes.get(row.id) as FolderTreeNode;
    node.parentId = parentId;
    nodes.get(parentId)?.children.push(node);
  }
  return nodes.get(root.id) as FolderTreeNode;
}
