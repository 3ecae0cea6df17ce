import type { Key } from "react-aria-components";
import type { FolderTreeEpaper, FolderTreeNode } from "#app/rules/folder-tree";

/** The tree's item keys (`folder:<id>`, `epaper:<id>`), drag types and an index of its nodes. */

export const FOLDER_PREFIX = "folder:";
const EPAPER_PREFIX = "epaper:";
/** Drag data of a movable tree item; only this tree accepts it. */
export const DRAG_TYPE = "application/x-epaper-studio-tree-item";
/** Drag data of an item that must not move (the root, a locked ePaper): no target accepts it. */
export const FIXED_TYPE = "application/x-epaper-studio-tree-fixed";

export const folderKey = (id: string) => `${FOLDER_PREFIX}${id}`;
export const epaperKey = (id: string) => `${EPAPER_PREFIX}${id}`;

export function parseKey(key: Key): { kind: "folder" | "epaper"; id: string } {
  const text = String(key);
  return text.startsWith(FOLDER_PREFIX)
    ? { kind: "folder", id: text.slice(FOLDER_PREFIX.length) }
    : { kind: "epaper", id: text.slice(EPAPER_PREFIX.length) };
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
