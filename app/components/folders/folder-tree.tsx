import { type DragEvent, type ReactNode, useCallback, useId, useMemo, useRef, useState } from "react";
import { Button as AriaButton, I18nProvider, type Key, Tree, TreeItem, TreeItemContent } from "react-aria-components";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useFetchers } from "react-router";
import {
  FOLDER_SEARCH_LIMIT,
  type FolderTreeEpaper,
  type FolderTreeNode,
  findFolder,
  folderPath,
  withContents,
} from "#app/rules/folder-tree";
import { showToast } from "#app/components/hooks/toast-store";
import { usePreHydrationValue } from "#app/components/hooks/use-pre-hydration-value";
import { useHydrated } from "#app/components/hooks/use-hydrated";
import { AlertIcon, ChevronRightIcon, FolderIcon, LockIcon, PaperIcon, PlusIcon, Spinner, StarIcon } from "./folder-tree-icons.tsx";
import {
  FOLDERS_RESOURCE,
  FolderDeleteDialog,
  FolderMoveDialog,
  FolderNameDialog,
  type FolderWriteResult,
  type MoveSubject,
} from "./folder-tree-dialogs.tsx";
import { Badge, DragHandle, RowLayout, RowMenu, rowClassName } from "./folder-tree-rows.tsx";
import { FolderSearchField, FolderTreeHeader } from "./folder-tree-header.tsx";
import { StaticFolderTree } from "./folder-tree-static.tsx";
import { epaperKey, folderKey, indexTree, loadingKey, moreKey, parseKey } from "./tree-keys.ts";
import { useFolderContents, useFolderSearch } from "./use-folder-contents.ts";
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
  /** The part of the account's tree the page brought (loadFolderTree in app/models/folder-listing.server.ts); the rest is fetched on expand. */
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
  /** The guided tour's mark (data-tour) of the tree beside the grid, and of the button that opens it on phones. */
  tourTarget?: string;
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
  tourTarget,
}: FolderTreeProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const headingId = useId();
  const rootLabel = t("folders.root");
  const labelOf = useCallback((folder: FolderTreeNode) => (folder.parentId === null ? rootLabel : folder.name), [rootLabel]);
  const [expanded, setExpanded] = useState<Set<Key>>(() => {
    const path = folderPath(tree, selectedFolderId ?? tree.id);
    return new Set((path.length > 0 ? path : [tree]).map((node) => folderKey(node.id)));
  });
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;
  const { contents, loading, load } = useFolderContents(tree, (id) => expandedRef.current.has(folderKey(id)));
  const view = useMemo(() => withContents(tree, contents), [tree, contents]);
  const index = useMemo(() => indexTree(view), [view]);
  const selectedId = selectedFolderId && index.folders.has(selectedFolderId) ? selectedFolderId : tree.id;

  const [query, setQuery] = useState("");
  const searchInput = useRef<HTMLInputElement>(null);
  usePreHydrationValue(searchInput, (input) => input.value, query, setQuery);
  const searching = query.trim() !== "";
  const search = useFolderSearch(query, tree);
  const shown = (searching && search.result?.tree) || view;
  const searchFolderIds = search.result?.folderIds ?? [];
  // While searching every folder on the way to a match is open, unless the user closes it.
  const [searchCollapsed, setSearchCollapsed] = useState<Set<Key>>(() => new Set());
  const expandedKeys = searching ? new Set(searchFolderIds.map(folderKey).filter((key) => !searchCollapsed.has(key))) : expanded;
  /** Opens folders, fetching the content of those the page did not bring. */
  const open = (keys: Set<Key>) => {
    setExpanded(keys);
    for (const key of keys) {
      const { kind, id } = parseKey(key);
      const node = index.folders.get(id);
      if (kind === "folder" && node && !node.loaded && node.hasContent && !loading.has(id)) void load(id);
    }
  };
  const onExpandedChange = (keys: Set<Key>) => {
    if (searching) setSearchCollapsed(new Set(searchFolderIds.map(folderKey).filter((key) => !keys.has(key))));
    else open(keys);
  };
  const expand = (folderId: string) => {
    open(new Set([...expandedRef.current, ...folderPath(view, folderId).map((node) => folderKey(node.id))]));
    // A folder that was empty when the page came has nothing to show yet: fetch what the write put in.
    const node = index.folders.get(folderId);
    if (node && !node.loaded && !node.hasContent) void load(folderId);
  };

  const [dialog, setDialog] = useState<DialogState>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const pendingFolders = usePendingFolderIds();

  const { dragAndDropHooks } = useTreeMoves({ tree: view, index, canManageDemo, rootLabel, expand });

  const disabledKeys = useMemo(
    () => [
      ...[...index.epapers.values()].filter(({ epaper }) => epaper.inError).map(({ epaper }) => epaperKey(epaper.id)),
      ...[...index.folders.values()].filter((folder) => !folder.loaded).map((folder) => loadingKey(folder.id)),
    ],
    [index],
  );

  const onSelectionChange = (keys: "all" | Set<Key>) => {
    if (keys === "all") return;
    const [key] = [...keys];
    if (key === undefined) return;
    const { kind, id } = parseKey(key);
    if (kind === "folder") onSelect(id, "chosen");
    else if (kind === "epaper") onSelectEpaper?.(id);
    else if (kind === "more") {
      const folder = index.folders.get(id);
      if (folder && !loading.has(id)) void load(id, folder.epapers.length);
    }
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
              badges={
                pendingFolders.has(node.id) || loading.has(node.id) ? (
                  <Badge title={t(loading.has(node.id) ? "folders.loading" : "folders.busy")} icon={<Spinner />} />
                ) : null
              }
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
        {!node.loaded && node.hasContent ? (
          <PlaceholderRow id={loadingKey(node.id)} label={t("folders.loading")} icon={<Spinner />} />
        ) : null}
        {node.loaded && node.epapers.length < node.epaperCount ? (
          <PlaceholderRow
            id={moreKey(node.id)}
            label={t("folders.showMore", { count: node.epaperCount - node.epapers.length })}
            icon={loading.has(node.id) ? <Spinner /> : <PlusIcon className="size-4 shrink-0 text-slate-500" />}
          />
        ) : null}
      </TreeItem>
    );
  };

  const busy = pendingFolders.size > 0 || search.pending;
  const selectedFolder = index.folders.get(selectedId) ?? tree;
  return (
    <section aria-labelledby={headingId} className={`flex min-w-0 flex-col gap-3 ${className}`.trim()} data-tour={tourTarget}>
      <FolderTreeHeader
        headingId={headingId}
        headingHidden={headingHidden}
        busy={busy}
        onNewFolder={() => setDialog({ kind: "create", folder: selectedFolder })}
      />
      <FolderSearchField
        ref={searchInput}
        value={query}
        onChange={(value) => {
          setQuery(value);
          setSearchCollapsed(new Set());
        }}
      />
      {/* Only stops native drags of rows that must not move (the root, locked ePapers); the tree inside is the control. */}
      <div onDragStartCapture={stopFixedDrags} className="min-w-0 overflow-x-auto">
        {hydrated ? (
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
            {renderFolder(shown)}
          </Tree>
        ) : (
          <StaticFolderTree
            tree={shown}
            expanded={expandedKeys}
            selectedId={selectedId}
            labelOf={labelOf}
            labels={{ loading: t("folders.loading"), showMore: (count) => t("folders.showMore", { count }) }}
            label={t("folders.tree")}
          />
        )}
      </div>
      {searching && search.result?.matches === 0 ? (
        <p className="text-sm text-slate-600">{t("folders.noMatches", { query: search.result.query })}</p>
      ) : null}
      {searching && search.result?.truncated ? (
        <p className="text-sm text-slate-600">{t("folders.searchTruncated", { count: FOLDER_SEARCH_LIMIT })}</p>
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

/** A row that is not a folder or an ePaper: 'Loading …' inside a folder being fetched, or 'Show N more'. */
function PlaceholderRow({ id, label, icon }: { id: string; label: string; icon: ReactNode }) {
  return (
    <TreeItem id={id} textValue={label} aria-label={label} data-fixed="" className={rowClassName}>
      <TreeItemContent>
        <RowLayout drag={null} chevron={null} icon={icon} label={label} badges={null} menu={null} />
      </TreeItemContent>
    </TreeItem>
  );
}
