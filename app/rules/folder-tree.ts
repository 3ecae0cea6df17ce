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

/** One folder with its subfolders and ePapers; the root has parentId null. */
export type FolderTreeNode = {
  id: string;
  parentId: string | null;
  name: string;
  /** ISO 8601. */
  createdAt: string;
  children: FolderTreeNode[];
  epapers: FolderTreeEpaper[];
};

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
  return node.children.length > 0 || node.epapers.length > 0;
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

/** Case- and accent-insensitive form for the search filter. */
function searchable(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase();
}

/**
 * The search filter: keeps folders and ePapers whose name contains the query, and every folder
 * on the way to them (the root always). Returns the filtered copy and the ids of the folders it
 * kept, which the tree shows expanded; an empty query keeps everything.
 */
export function filterFolderTree(tree: FolderTreeNode, query: string): { tree: FolderTreeNode; folderIds: Set<string>; matches: number } {
  const needle = searchable(query.trim());
  const folderIds = new Set<string>();
  let matches = 0;
  const visit = (node: FolderTreeNode): FolderTreeNode | null => {
    const children = node.children.map(visit).filter((child): child is FolderTreeNode => child !== null);
    const epapers = needle === "" ? node.epapers : node.epapers.filter((epaper) => searchable(epaper.name).includes(needle));
    const selfMatches = needle === "" || searchable(node.name).includes(needle);
    matches += epapers.length + (selfMatches && node.parentId !== null ? 1 : 0);
    if (!selfMatches && children.length === 0 && epapers.length === 0) return null;
    folderIds.add(node.id);
    return { ...node, children, epapers };
  };
  const filtered = visit(tree) ?? { ...tree, children: [], epapers: [] };
  folderIds.add(tree.id);
  return { tree: filtered, folderIds, matches };
}
