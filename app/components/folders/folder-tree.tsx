import { type DragEvent, type ReactNode, useCallback, useId, useMemo, useRef, useState } from "react";
import { Button as AriaButton, I18nProvider, Input, type Key, SearchField, Tree, TreeItem, TreeItemContent } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useFetchers } from "react-router";
import { type FolderTreeEpaper, type FolderTreeNode, filterFolderTree, findFolder, folderPath } from "#app/rules/folder-tree";
import { showToast } from "#app/components/hooks/toast-store";
import { usePreHydrationValue } from "#app/components/hooks/use-pre-hydration-value";
import {
  AlertIcon,
  ChevronRightIcon,
  FolderIcon,
  LockIcon,
  PaperIcon,
  PlusIcon,
  SearchIcon,
  SmallCloseIcon,
  Spinner,
  StarIcon,
} from "./folder-tree-icons.tsx";
import {
  FOLDERS_RESOURCE,
  FolderDeleteDialog,
  FolderMoveDialog,
  FolderNameDialog,
  type FolderWriteResult,
  type MoveSubject,
} from "./folder-tree-dialogs.tsx";
import { Badge, DragHandle, RowLayout, RowMenu, rowClassName } from "./folder-tree-rows.tsx";
import { epaperKey, folderKey, indexTree, parseKey } from "./tree-keys.ts";
import { useTreeMoves } from "./use-tree-moves.ts";

export { FOLDERS_RESOURCE } from "./folder-tree-dialogs.tsx";

/*
 * The folder tree of the ePaper grid workspace (studio-core.md §2 "Folder tree", §6; studio-admin.md
 * §4 "Folder deletion"): the root 'My ePaper' (never renamed, deleted or dragged), nested folders
 * that expand and collapse, the ePapers of each folder (lock, star, spinner; an ePaper in error is
 * disabled), a search filter, create / rename / delete / move dialogs and drag and drop of ePapers
 * and folders onto folders with react-aria (mouse, touch, keyboard and screen readers: the drag
 * handle starts a keyboard drag, arrows pick the folder, Enter drops). Every write posts to the
 * folders resource route; React Router then revalidates the page, whose loader hands the new tree
 * back in. Decisions: docs/decisions/0019-folders.md.
 */

export type FolderTreeProps = {
  /** The account's tree (loadFolderTree in app/models/folder.server.ts, or GET /resources/folders). */
  tree: FolderTreeNode;
  /** The folder the grid shows; null (or an id no longer in the tree) selects the root. */
  selectedFolderId: string | null;
  /** A folder was chosen (click, Enter or Space); also called with the parent when the selected folder was deleted. */
  onSelect: (folderId: string, reason: "chosen" | "deleted") => void;
  /** The user holds demoManagement: demo ePapers can be moved (the server checks again). */
  canManageDemo?: boolean;
  /** An ePaper row was chosen; without it, ePaper rows only drag and move. */
  onSelectEpaper?: (epaperId: string) => void;
  className?: string;
  /** Inside a panel whose title already says 'Folders': the region's heading is for screen readers only. */
  headingHidden?: boolean;
};

type DialogState =
  | { kind: "create"; folder: FolderTreeNode }
  | { kind: "rename"; folder: FolderTreeNode }
  | { kind: "delete"; folder: FolderTreeNode }
  | { kind: "move"; subject: MoveSubject }
  | null;

/** Folders that a create, move, rename or delete in flight writes to: they show a spinner. */
function usePendingFolderIds(): Set<string> {
  const fetchers = useFetchers();
  const ids = new Set<string>();
  for (const fetcher of fetchers) {
    if (fetcher.state === "idle" || !fetcher.formData || !fetcher.formAction?.startsWith(FOLDERS_RESOURCE)) continue;
    for (const name of ["parentId", "folderId"]) {
      const value = fetcher.formData.get(name);
      if (typeof value === "string") ids.add(value);
    }
  }
  return ids;
}

/** The tree in its own region 'Folders'; react-aria speaks the page's language. */
export function FolderTree(props: FolderTreeProps) {
  const { i18n } = useTranslation();
  return (
    <I18nProvider locale={i18n.language}>
      <FolderTreePanel {...props} />
    </I18nProvider>
  );
}

function FolderTreePanel({
  tree,
  selectedFolderId,
  onSelect,
  canManageDemo = false,
  onSelectEpaper,
  className = "",
  headingHidden = false,
}: FolderTreeProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const rootLabel = t("folders.root");
  const labelOf = useCallback((folder: FolderTreeNode) => (folder.parentId === null ? rootLabel : folder.name), [rootLabel]);
  const index = useMemo(() => indexTree(tree), [tree]);
  const selectedId = selectedFolderId && index.folders.has(selectedFolderId) ? selectedFolderId : tree.id;

  const [query, setQuery] = useState("");
  const searchInput = useRef<HTMLInputElement>(null);
  usePreHydrationValue(searchInput, (input) => input.value, query, setQuery);
  const searching = query.trim() !== "";
  const filtered = useMemo(() => filterFolderTree(tree, query), [tree, query]);
  const [expanded, setExpanded] = useState<Set<Key>>(() => new Set(folderPath(tree, selectedId).map((node) => folderKey(node.id))));
  // While searching every folder on the way to a match is open, unless the user closes it.
  const [searchCollapsed, setSearchCollapsed] = useState<Set<Key>>(() => new Set());
  const expandedKeys = searching ? new Set([...filtered.folderIds].map(folderKey).filter((key) => !searchCollapsed.has(key))) : expanded;
  const onExpandedChange = (keys: Set<Key>) => {
    if (searching) setSearchCollapsed(new Set([...filtered.folderIds].map(folderKey).filter((key) => !keys.has(key))));
    else setExpanded(keys);
  };
  const expand = (folderId: string) =>
    setExpanded((keys) => new Set([...keys, ...folderPath(tree, folderId).map((node) => folderKey(node.id))]));

  const [dialog, setDialog] = useState<DialogState>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const pendingFolders = usePendingFolderIds();

  const { dragAndDropHooks } = useTreeMoves({ tree, index, canManageDemo, rootLabel, expand });

  const disabledKeys = useMemo(
    () => [...index.epapers.values()].filter(({ epaper }) => epaper.inError).map(({ epaper }) => epaperKey(epaper.id)),
    [index],
  );

  const onSelectionChange = (keys: "all" | Set<Key>) => {
    if (keys === "all") return;
    const [key] = [...keys];
    if (key === undefined) return;
    const { kind, id } = parseKey(key);
    if (kind === "folder") onSelect(id, "chosen");
    else onSelectEpaper?.(id);
  };

  // Native drags start on the row itself: the root and locked ePapers must not lift at all.
  const stopFixedDrags = (event: DragEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest?.("[data-fixed]");
    if (row) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  // The grid must not stay on a folder that is gone: it shows the parent instead.
  const afterDelete = (folder: FolderTreeNode) => (result: FolderWriteResult) => {
    setDialog(null);
    const parentId = result.folderId ?? folder.parentId ?? tree.id;
    const gone = result.deleteMode === "moveToParent" ? selectedId === folder.id : findFolder(folder, selectedId) !== null;
    if (gone) onSelect(parentId, "deleted");
  };
  const afterCreate = (result: FolderWriteResult) => {
    setDialog(null);
    if (dialog?.kind === "create") expand(dialog.folder.id);
    if (result.folderId) expand(result.folderId);
  };

  const renderEpaper = (epaper: FolderTreeEpaper, folderId: string) => {
    const states = [
      epaper.isLocked ? t("folders.locked") : null,
      epaper.isDemo ? t("folders.demo") : null,
      epaper.inError ? t("folders.inError") : null,
      epaper.inProcess ? t("folders.inProcess") : null,
    ].filter(Boolean);
    const label = states.length > 0 ? `${epaper.name} (${states.join(", ")})` : epaper.name;
    const movable = !epaper.isLocked && !epaper.inError;
    return (
      <TreeItem
        key={epaperKey(epaper.id)}
        id={epaperKey(epaper.id)}
        textValue={epaper.name}
        aria-label={label}
        data-fixed={movable ? undefined : ""}
        className={rowClassName}
      >
        <TreeItemContent>
          {({ allowsDragging }) => (
            <RowLayout
              drag={allowsDragging && movable ? <DragHandle /> : null}
              chevron={null}
              icon={<PaperIcon className="size-4 shrink-0 text-slate-500" />}
              label={epaper.name}
              badges={
                <>
                  {epaper.inProcess ? <Badge title={t("folders.inProcess")} icon={<Spinner />} /> : null}
                  {epaper.inError ? <Badge title={t("folders.inError")} icon={<AlertIcon className="size-4 text-red-700" />} /> : null}
                  {epaper.isLocked ? <Badge title={t("folders.locked")} icon={<LockIcon className="size-4 text-slate-700" />} /> : null}
                  {epaper.isDemo ? <Badge title={t("folders.demo")} icon={<StarIcon className="size-4 text-amber-500" />} /> : null}
                </>
              }
              menu={
                movable ? (
                  <RowMenu
                    label={t("folders.epaperActions", { name: epaper.name })}
                    items={[{ id: "move", label: t("folders.moveTo") }]}
                    onAction={() => {
                      if (epaper.isDemo && !canManageDemo) showToast({ type: "info", messageKey: "folders.demoNotAllowed" });
                      else setDialog({ kind: "move", subject: { kind: "epaper", epaper, folderId } });
                    }}
                  />
                ) : null
              }
            />
          )}
        </TreeItemContent>
      </TreeItem>
    );
  };

  const renderFolder = (node: FolderTreeNode): ReactNode => {
    const isRoot = node.parentId === null;
    const label = labelOf(node);
    const folderItems = isRoot
      ? [{ id: "create", label: t("folders.newSubfolder") }]
      : [
          { id: "create", label: t("folders.newSubfolder") },
          { id: "rename", label: t("folders.rename") },
          { id: "move", label: t("folders.moveTo") },
          { id: "delete", label: t("folders.delete") },
        ];
    const full = index.folders.get(node.id) ?? node;
    return (
      <TreeItem
        key={folderKey(node.id)}
        id={folderKey(node.id)}
        textValue={label}
        aria-label={label}
        data-fixed={isRoot ? "" : undefined}
        className={rowClassName}
      >
        <TreeItemContent>
          {({ allowsDragging, hasChildItems, isExpanded }) => (
            <RowLayout
              drag={allowsDragging && !isRoot ? <DragHandle /> : null}
              chevron={
                hasChildItems ? (
                  <AriaButton
                    slot="chevron"
                    className="flex size-8 shrink-0 items-center justify-center rounded text-slate-600 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600"
                  >
                    <ChevronRightIcon className={`size-4 transition-transform ${isExpanded ? "rotate-90" : ""}`} />
                  </AriaButton>
                ) : null
              }
              icon={<FolderIcon className="size-4 shrink-0 text-brand-600" />}
              label={label}
              badges={pendingFolders.has(node.id) ? <Badge title={t("folders.busy")} icon={<Spinner />} /> : null}
              menu={
                <RowMenu
                  label={t("folders.folderActions", { name: label })}
                  items={folderItems}
                  onAction={(action) => {
                    // The unfiltered folder: dialogs must see all of its content, not the search's part.
                    if (action === "create" || action === "rename" || action === "delete") setDialog({ kind: action, folder: full });
                    else if (action === "move") setDialog({ kind: "move", subject: { kind: "folder", folder: full } });
                  }}
                />
              }
            />
          )}
        </TreeItemContent>
        {node.children.map(renderFolder)}
        {node.epapers.map((epaper) => renderEpaper(epaper, node.id))}
      </TreeItem>
    );
  };

  const busy = pendingFolders.size > 0;
  const selectedFolder = index.folders.get(selectedId) ?? tree;
  return (
    <section aria-labelledby={headingId} className={`flex min-w-0 flex-col gap-3 ${className}`.trim()}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className={headingHidden ? "sr-only" : "text-base font-semibold"}>
          {t("folders.region")}
        </h2>
        <div className="flex items-center gap-2">
          <span role="status" className="flex items-center">
            {busy ? (
              <>
                <Spinner />
                <span className="sr-only">{t("folders.busy")}</span>
              </>
            ) : null}
          </span>
          <AriaButton
            onPress={() => setDialog({ kind: "create", folder: selectedFolder })}
            className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 outline-none data-[hovered]:bg-slate-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600"
          >
            <PlusIcon className="size-4" />
            {t("folders.newFolder")}
          </AriaButton>
        </div>
      </div>
      <SearchField
        aria-label={t("folders.search")}
        value={query}
        onChange={(value) => {
          setQuery(value);
          setSearchCollapsed(new Set());
        }}
        className="group flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 focus-within:border-brand-600"
      >
        <SearchIcon className="size-4 shrink-0 text-slate-500" />
        <Input
          ref={searchInput}
          placeholder={t("folders.search")}
          className="min-w-0 flex-1 bg-transparent text-base outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        <AriaButton className="flex size-8 items-center justify-center rounded text-slate-600 group-data-[empty]:hidden">
          <SmallCloseIcon className="size-4" />
        </AriaButton>
      </SearchField>
      {/* Only stops native drags of rows that must not move (the root, locked ePapers); the tree inside is the control. */}
      <div onDragStartCapture={stopFixedDrags} className="min-w-0 overflow-x-auto">
        <Tree
          aria-label={t("folders.tree")}
          aria-busy={busy || undefined}
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[folderKey(selectedId)]}
          onSelectionChange={onSelectionChange}
          expandedKeys={expandedKeys}
          onExpandedChange={onExpandedChange}
          disabledKeys={disabledKeys}
          dragAndDropHooks={dragAndDropHooks}
          className="flex flex-col gap-0.5 outline-none"
        >
          {renderFolder(filtered.tree)}
        </Tree>
      </div>
      {searching && filtered.matches === 0 ? (
        <p className="text-sm text-slate-600">{t("folders.noMatches", { query: query.trim() })}</p>
      ) : null}

      {dialog?.kind === "create" || dialog?.kind === "rename" ? (
        <FolderNameDialog
          mode={dialog.kind}
          folder={dialog.folder}
          folderLabel={labelOf(dialog.folder)}
          onClose={closeDialog}
          onDone={dialog.kind === "create" ? afterCreate : closeDialog}
        />
      ) : null}
      {dialog?.kind === "delete" ? (
        <FolderDeleteDialog
          folder={dialog.folder}
          parentLabel={labelOf(index.folders.get(dialog.folder.parentId ?? "") ?? tree)}
          onClose={closeDialog}
          onDone={afterDelete(dialog.folder)}
        />
      ) : null}
      {dialog?.kind === "move" ? (
        <FolderMoveDialog
          tree={tree}
          subject={dialog.subject}
          labelOf={labelOf}
          onClose={closeDialog}
          onDone={(result) => {
            closeDialog();
            if (result.folderId) expand(result.folderId);
          }}
        />
      ) : null}
    </section>
  );
}
