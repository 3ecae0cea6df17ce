import { useRef } from "react";
import { type Key, useDragAndDrop } from "react-aria-components";
import { useFetcher } from "react-router";
import { showToast } from "#app/components/hooks/toast-store";
import type { action as foldersAction } from "#app/routes/resources/folders";
import { type FolderTreeNode, findFolder, folderMoveTargets } from "#app/rules/folder-tree";
import { FOLDERS_RESOURCE } from "./folder-tree-dialogs.tsx";
import { DRAG_TYPE, FIXED_TYPE, FOLDER_PREFIX, parseKey, type TreeIndex, textOf } from "./tree-keys.ts";

/**
 * Moving tree items by drag and drop (mouse, touch, and react-aria's keyboard and screen-reader
 * drags): what may move, where it may land, and the one way a move is posted. Only folders take
 * drops, onto themselves; the root and locked or failed ePapers never lift.
 */
export function useTreeMoves(options: {
  tree: FolderTreeNode;
  index: TreeIndex;
  canManageDemo: boolean;
  rootLabel: string;
  /** Opens the target folder after a move. */
  expand: (folderId: string) => void;
}) {
  const { tree, index, canManageDemo, rootLabel, expand } = options;
  const mover = useFetcher<typeof foldersAction>();
  const isMovable = (key: Key) => {
    const { kind, id } = parseKey(key);
    if (kind === "folder") return id !== tree.id && index.folders.has(id);
    const entry = index.epapers.get(id);
    return Boolean(entry && !entry.epaper.isLocked && !entry.epaper.inError);
  };
  const currentFolderOf = (key: Key) => {
    const { kind, id } = parseKey(key);
    return kind === "folder" ? index.folders.get(id)?.parentId : index.epapers.get(id)?.folderId;
  };

  /** The one way a move starts, from drag and drop (the dialog posts its own). */
  const requestMove = (key: Key, targetFolderId: string) => {
    const { kind, id } = parseKey(key);
    if (!isMovable(key) || currentFolderOf(key) === targetFolderId) return;
    if (kind === "epaper") {
      if (index.epapers.get(id)?.epaper.isDemo && !canManageDemo) {
        showToast({ type: "info", messageKey: "folders.demoNotAllowed" });
        return;
      }
      void mover.submit({ intent: "moveEpaper", epaperId: id, folderId: targetFolderId }, { method: "POST", action: FOLDERS_RESOURCE });
    } else {
      const folder = index.folders.get(id);
      const target = index.folders.get(targetFolderId);
      if (!folder || !target || !folderMoveTargets(tree, folder).some((option) => option.folder.id === target.id)) return;
      void mover.submit({ intent: "moveFolder", folderId: id, parentId: targetFolderId }, { method: "POST", action: FOLDERS_RESOURCE });
    }
    expand(targetFolderId);
  };

  const dragging = useRef<Set<Key>>(new Set());
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) =>
      [...keys].map((key) => ({ [isMovable(key) ? DRAG_TYPE : FIXED_TYPE]: String(key), "text/plain": textOf(key, index, rootLabel) })),
    getAllowedDropOperations: () => ["move"],
    acceptedDragTypes: [DRAG_TYPE],
    onDragStart: (event) => {
      dragging.current = event.keys;
    },
    onDragEnd: () => {
      dragging.current = new Set();
    },
    // Only folders take drops, and only onto themselves (no ordering: the tree sorts by name).
    shouldAcceptItemDrop: (target) => String(target.key).startsWith(FOLDER_PREFIX),
    getDropOperation: (target, types) => {
      if (target.type !== "item" || target.dropPosition !== "on" || !String(target.key).startsWith(FOLDER_PREFIX)) return "cancel";
      if (types.has(FIXED_TYPE) || !types.has(DRAG_TYPE)) return "cancel";
      const targetId = parseKey(target.key).id;
      // Where it already is, or (for a folder) into itself or below: nothing to offer.
      for (const key of dragging.current) {
        if (currentFolderOf(key) === targetId) return "cancel";
        const { kind, id } = parseKey(key);
        const folder = kind === "folder" ? index.folders.get(id) : undefined;
        if (folder && findFolder(folder, targetId)) return "cancel";
      }
      return "move";
    },
    onItemDrop: async (event) => {
      const targetId = parseKey(event.target.key).id;
      for (const item of event.items) {
        if (item.kind === "text" && item.types.has(DRAG_TYPE)) requestMove(await item.getText(DRAG_TYPE), targetId);
      }
    },
  });

  return { dragAndDropHooks };
}
