import type { Key } from "react-aria-components";
import type { FolderTreeEpaper, FolderTreeNode } from "#app/rules/folder-tree";

/** The tree's item keys (`folder:<id>`, `epaper:<id>`), drag types and an index of its nodes. */

export const FOLDER_PREFIX = "folder:";
const EPAPER_PREFIX = "epaper:";
/** The row in a folder whose content is being fetched, and the 'show more' row under a folder's ePapers. */
const LOADING_PREFIX = "loading:";
const MORE_PREFIX = "more:";
/** Drag data of a movable tree item; only this tree accepts it. */
export const DRAG_TYPE = "application/x-epaper-studio-tree-item";
/** Drag data of an item that must not move (the root, a locked ePaper): no target accepts it. */
export const FIXED_TYPE = "application/x-epaper-studio-tree-fixed";

export const folderKey = (id: string) => `${FOLDER_PREFIX}${id}`;
export const epaperKey = (id: string) => `${EPAPER_PREFIX}${id}`;
export const loadingKey = (folderId: string) => `${LOADING_PREFIX}${folderId}`;
export const moreKey = (folderId: string) => `${MORE_PREFIX}${folderId}`;

const KINDS = [
  ["folder", FOLDER_PREFIX],
  ["epaper", EPAPER_PREFIX],
  ["loading", LOADING_PREFIX],
  ["more", MORE_PREFIX],
] as const;

export function parseKey(key: Key): { kind: "folder" | "epaper" | "loading" | "more"; id: string } {
  const text = String(key);
  const [kind, prefix] = KINDS.find(([, prefix]) => text.startsWith(prefix)) ?? KINDS[1];
  return { kind, id: text.startsWith(prefix) ? text.slice(prefix.length) : text };
}

export type TreeIndex = {
  folders: Map<string, FolderTreeNode>;
  epapers: Map<string, { epaper: FolderTreeEpaper; folderId: string }>;
};

export function indexTree(tree: FolderTreeNode): TreeIndex {
  const index: TreeIndex = { folders: new Map(), epapers: new Map() };
  const visit = (node: FolderTreeNode) => {
    index.folders.set(node.id, node);
    for (const epaper of node.epapers) index.epapers.set(epaper.id, { epaper, folderId: node.id });
    for (const child of node.children) visit(child);
  };
  visit(tree);
  return index;
}

/** An item's text for a drag's plain-text data. */
export function textOf(key: Key, index: TreeIndex, rootLabel: string): string {
  const { kind, id } = parseKey(key);
  if (kind === "epaper") return index.epapers.get(id)?.epaper.name ?? "";
  const folder = index.folders.get(id);
  return folder?.parentId === null ? rootLabel : (folder?.name ?? "");
}
