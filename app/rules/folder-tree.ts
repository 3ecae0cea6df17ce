import { z } from "zod";
import type en from "#app/locales/en";

/**
 * The folder tree's shared rules and shapes (studio-core.md §2 "Folder tree", §3 "Tree node",
 * §5 "Folder name 1 to 30 characters", §6 "Root folder cannot be renamed, deleted or dragged").
 * Pure, so that the model (app/models/folder.server.ts), the resource route and the component
 * (app/components/folder-tree.tsx) read the same answer. Decisions: docs/decisions/0019-folders.md.
 */

/** Bounds of a folder name after trimming, in characters (folder.name is varchar(30)). */
export const FOLDER_NAME_MIN_LENGTH = 1;
export const FOLDER_NAME_MAX_LENGTH = 30;

/** An ePaper as the tree lists it (only ePapers that are not deleted). */
export type FolderTreeEpaper = {
  id: string;
  name: string;
  /** Shows a star; moving it needs demoManagement. */
  isDemo: boolean;
  /** Locked by support: shows a lock and cannot be moved. */
  isLocked: boolean;
  /** Its rendering or its last process failed: shown disabled, not draggable. */
  inError: boolean;
  /** A process runs on it (a spinner on the leaf); never shown on demo ePapers without demoManagement. */
  inProcess: boolean;
};

/**
 * One folder; the root has parentId null. The tree arrives in parts (issue 15 §2): a folder's
 * subfolders and its first ePapers come when it is expanded, so `loaded` says whether `children`
 * and `epapers` are there, `hasContent` whether there is anything to expand at all, and
 * `epaperCount` how many ePapers it holds ('show more' fetches the rest, a page at a time).
 */
export type FolderTreeNode = {
  id: string;
  parentId: string | null;
  name: string;
  /** ISO 8601. */
  createdAt: string;
  children: FolderTreeNode[];
  epapers: FolderTreeEpaper[];
  hasContent: boolean;
  loaded: boolean;
  epaperCount: number;
};

/** What expanding a folder fetches: its subfolders (not yet loaded) and a page of its ePapers. */
export type FolderContent = { id: string; children: FolderTreeNode[]; epapers: FolderTreeEpaper[]; epaperCount: number };

/** ePapers per page of a folder's leaves, and the most matches a search answers. */
export const FOLDER_LEAF_PAGE = 100;
export const FOLDER_SEARCH_LIMIT = 50;

/** What the search answers: the matches and the folders on the way to them, all expanded. */
export type FolderSearchResult = { tree: FolderTreeNode; folderIds: string[]; matches: number; truncated: boolean };

/** What the resource route's GET answers and what a page hands to <FolderTree>. */
export type FolderTreeData = {
  tree: FolderTreeNode;
  /** The user holds demoManagement: demo ePapers can be dragged. */
  canManageDemo: boolean;
};

export type FolderDeleteMode = "deleteContent" | "moveToParent";
export const FOLDER_DELETE_MODES = ["deleteContent", "moveToParent"] as const satisfies readonly FolderDeleteMode[];

/** The ePaper flags that decide `inError` (studio-core.md §4: an errored process or a failed render). */
export function isEpaperInError(epaper: { renderingFailed: boolean; processError: string | null; processCancelled: boolean }): boolean {
  return epaper.renderingFailed || (epaper.processError !== null && !epaper.processCancelled);
}

/** Trimmed, as it is stored. */
export function normalizeFolderName(raw: string): string {
  return raw.trim();
}

/** Length in characters (code points), as MariaDB counts varchar(30); an emoji is one. */
export function folderNameLength(name: string): number {
  return [...name].length;
}

/** Whether the confirm button of the create and rename dialogs may be pressed. */
export function isValidFolderName(raw: string): boolean {
  const length = folderNameLength(normalizeFolderName(raw));
  return length >= FOLDER_NAME_MIN_LENGTH && length <= FOLDER_NAME_MAX_LENGTH;
}

/** Message keys under `folders.validation.*` (the compiler checks that they exist). */
export type FolderValidationKey = keyof (typeof en)["folders"]["validation"];
const message = <K extends FolderValidationKey>(key: K) => key;

/**
 * A folder name field: required (Conform turns an empty field into undefined), trimmed, 1–30
 * characters. Messages are keys under `folders.validation.`.
 */
export const FolderNameSchema = z
  .string({ error: message("nameRequired") })
  .transform(normalizeFolderName)
  .refine((name) => folderNameLength(name) >= FOLDER_NAME_MIN_LENGTH, { message: message("nameRequired") })
  .refine((name) => folderNameLength(name) <= FOLDER_NAME_MAX_LENGTH, { message: message("nameTooLong") });

const id = z
  .string({ error: message("invalidRequest") })
  .min(1, { message: message("invalidRequest") })
  .max(64);

/** The name dialog's own form (create and rename). */
export const FolderNameFormSchema = z.object({ name: FolderNameSchema });

/** Every write of the resource route, by `intent` (studio-core.md §7: folder add, update, remove; ePaper update). */
export const FolderIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), parentId: id, name: FolderNameSchema }),
  z.object({ intent: z.literal("rename"), folderId: id, name: FolderNameSchema }),
  z.object({ intent: z.literal("delete"), folderId: id, mode: z.enum(FOLDER_DELETE_MODES, { error: message("invalidRequest") }) }),
  z.object({ intent: z.literal("moveFolder"), folderId: id, parentId: id }),
  z.object({ intent: z.literal("moveEpaper"), epaperId: id, folderId: id }),
]);
export type FolderIntent = z.infer<typeof FolderIntentSchema>;
export type FolderIntentName = FolderIntent["intent"];
export const FOLDER_INTENTS = ["create", "rename", "delete", "moveFolder", "moveEpaper"] as const satisfies readonly FolderIntentName[];

/** The folder with this id in the tree, or null. */
export function findFolder(tree: FolderTreeNode, folderId: string): FolderTreeNode | null {
  if (tree.id === folderId) return tree;
  for (const child of tree.children) {
    const found = findFolder(child, folderId);
    if (found) return found;
  }
  return null;
}

/** The folders from the root down to the folder with this id (both included), or [] when it is not in the tree. */
export function folderPath(tree: FolderTreeNode, folderId: string): FolderTreeNode[] {
  if (tree.id === folderId) return [tree];
  for (const child of tree.children) {
    const path = folderPath(child, folderId);
    if (path.length > 0) return [tree, ...path];
  }
  return [];
}

/** The folder that holds the ePaper, or null. */
export function folderOfEpaper(tree: FolderTreeNode, epaperId: string): FolderTreeNode | null {
  if (tree.epapers.some((epaper) => epaper.id === epaperId)) return tree;
  for (const child of tree.children) {
    const found = folderOfEpaper(child, epaperId);
    if (found) return found;
  }
  return null;
}

/** Ids of the folder and everything below it. */
export function subtreeIds(node: FolderTreeNode): Set<string> {
  const ids = new Set<string>([node.id]);
  for (const child of node.children) for (const id of subtreeIds(child)) ids.add(id);
  return ids;
}

/** Whether deleting the folder asks 'delete content' or 'move content to parent' (studio-admin.md §4). */
export function folderHasContent(node: FolderTreeNode): boolean {
  return node.hasContent || node.children.length > 0 || node.epapers.length > 0;
}

/**
 * The tree as the browser shows it: the parts the page brought, with every folder content
 * fetched since laid in (a later fetch of a folder replaces the earlier one).
 */
export function withContents(node: FolderTreeNode, contents: ReadonlyMap<string, FolderContent>): FolderTreeNode {
  const content = contents.get(node.id);
  const base = content
    ? { ...node, children: content.children, epapers: content.epapers, epaperCount: content.epaperCount, loaded: true }
    : node;
  return { ...base, children: base.children.map((child) => withContents(child, contents)) };
}

/** Every folder in display order with its depth (root 0), for "move to" choices. */
export function flattenFolders(tree: FolderTreeNode, depth = 0): { folder: FolderTreeNode; depth: number }[] {
  return [{ folder: tree, depth }, ...tree.children.flatMap((child) => flattenFolders(child, depth + 1))];
}

/**
 * Where a folder may move: every folder but itself, its descendants and its current parent
 * (studio-core.md §6: no folder inside itself; the root never moves).
 */
export function folderMoveTargets(tree: FolderTreeNode, folder: FolderTreeNode): { folder: FolderTreeNode; depth: number }[] {
  const excluded = subtreeIds(folder);
  return flattenFolders(tree).filter(({ folder: target }) => !excluded.has(target.id) && target.id !== folder.parentId);
}
