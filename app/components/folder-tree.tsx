import { type DragEvent, type ReactNode, useCallback, useId, useMemo, useRef, useState } from "react";
import {
  Button as AriaButton,
  I18nProvider,
  Input,
  type Key,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  SearchField,
  Tree,
  TreeItem,
  TreeItemContent,
  useDragAndDrop,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useFetcher, useFetchers } from "react-router";
import type { action as foldersAction } from "#app/routes/resources/folders";
import {
  type FolderTreeEpaper,
  type FolderTreeNode,
  filterFolderTree,
  findFolder,
  folderMoveTargets,
  folderPath,
} from "#app/rules/folder-tree";
import { showToast } from "#app/components/hooks/toast-store";
import { usePreHydrationValue } from "#app/components/hooks/use-pre-hydration-value";
import {
  AlertIcon,
  ChevronRightIcon,
  FolderIcon,
  GripIcon,
  LockIcon,
  MoreIcon,
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
  onSelect: (folderId: string) => void;
  /** The user holds demoManagement: demo ePapers can be moved (the server checks again). */
  canManageDemo?: boolean;
  /** An ePaper row was chosen; without it, ePaper rows only drag and move. */
  onSelectEpaper?: (epaperId: string) => void;
  className?: string;
};

const FOLDER_PREFIX = "folder:";
const EPAPER_PREFIX = "epaper:";
/** Drag data of a movable tree item; only this tree accepts it. */
const DRAG_TYPE = "application/x-epaper-studio-tree-item";
/** Drag data of an item that must not move (the root, a locked ePaper): no target accepts it. */
const FIXED_TYPE = "application/x-epaper-studio-tree-fixed";

const folderKey = (id: string) => `${FOLDER_PREFIX}${id}`;
const epaperKey = (id: string) => `${EPAPER_PREFIX}${id}`;

function parseKey(key: Key): { kind: "folder" | "epaper"; id: string } {
  const text = String(key);
  return text.startsWith(FOLDER_PREFIX)
    ? { kind: "folder", id: text.slice(FOLDER_PREFIX.length) }
    : { kind: "epaper", id: text.slice(EPAPER_PREFIX.length) };
}

type TreeIndex = {
  folders: Map<string, FolderTreeNode>;
  epapers: Map<string, { epaper: FolderTreeEpaper; folderId: string }>;
};

function indexTree(tree: FolderTreeNode): TreeIndex {
  const index: TreeIndex = { folders: new Map(), epapers: new Map() };
  const visit = (node: FolderTreeNode) => {
    index.folders.set(node.id, node);
    for (const epaper of node.epapers) index.epapers.set(epaper.id, { epaper, folderId: node.id });
    for (const child of node.children) visit(child);
  };
  visit(tree);
  return index;
}

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

function FolderTreePanel({ tree, selectedFolderId, onSelect, canManageDemo = false, onSelectEpaper, className = "" }: FolderTreeProps) {
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

  const disabledKeys = useMemo(
    () => [...index.epapers.values()].filter(({ epaper }) => epaper.inError).map(({ epaper }) => epaperKey(epaper.id)),
    [index],
  );

  const onSelectionChange = (keys: "all" | Set<Key>) => {
    if (keys === "all") return;
    const [key] = [...keys];
    if (key === undefined) return;
    const { kind, id } = parseKey(key);
    if (kind === "folder") onSelect(id);
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
    if (gone) onSelect(parentId);
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
        <h2 id={headingId} className="text-base font-semibold">
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

function textOf(key: Key, index: TreeIndex, rootLabel: string): string {
  const { kind, id } = parseKey(key);
  if (kind === "epaper") return index.epapers.get(id)?.epaper.name ?? "";
  const folder = index.folders.get(id);
  return folder?.parentId === null ? rootLabel : (folder?.name ?? "");
}

const rowClassName =
  "group rounded-lg text-slate-900 outline-none data-[hovered]:bg-slate-100 data-[selected]:bg-brand-600/10 data-[selected]:font-semibold data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 data-[drop-target]:bg-brand-600/20 data-[drop-target]:ring-2 data-[drop-target]:ring-brand-600 data-[dragging]:opacity-50 data-[disabled]:text-slate-400 data-[disabled]:cursor-not-allowed";

function RowLayout({
  drag,
  chevron,
  icon,
  label,
  badges,
  menu,
}: {
  drag: ReactNode;
  chevron: ReactNode;
  icon: ReactNode;
  label: string;
  badges: ReactNode;
  menu: ReactNode;
}) {
  return (
    <div className="flex min-h-11 items-center gap-1 pe-1 ps-[calc((var(--tree-item-level)_-_1)_*_0.875rem)]">
      <span className="flex w-8 shrink-0 justify-center">{drag}</span>
      <span className="flex w-8 shrink-0 justify-center">{chevron}</span>
      {icon}
      <span className="min-w-0 flex-1 truncate ps-1">{label}</span>
      <span className="flex shrink-0 items-center gap-1">{badges}</span>
      <span className="flex w-11 shrink-0 justify-center">{menu}</span>
    </div>
  );
}

/** Starts a keyboard or screen-reader drag (react-aria names it 'Drag …'); mice drag the whole row. */
function DragHandle() {
  return (
    <AriaButton
      slot="drag"
      className="flex size-8 cursor-grab items-center justify-center rounded text-slate-400 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600"
    >
      <GripIcon className="size-4" />
    </AriaButton>
  );
}

function Badge({ title, icon }: { title: string; icon: ReactNode }) {
  // The row's accessible name already says it; the title is the hover hint for sighted users.
  return (
    <span title={title} className="flex size-5 items-center justify-center">
      {icon}
    </span>
  );
}

function RowMenu({ label, items, onAction }: { label: string; items: { id: string; label: string }[]; onAction: (id: string) => void }) {
  return (
    <MenuTrigger>
      <AriaButton
        aria-label={label}
        className="flex size-9 items-center justify-center rounded-lg text-slate-600 outline-none data-[hovered]:bg-slate-200 data-[pressed]:bg-slate-200 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600"
      >
        <MoreIcon className="size-5" />
      </AriaButton>
      <Popover
        placement="bottom end"
        offset={4}
        className="min-w-48 max-w-[calc(100vw-1.5rem)] rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 outline-none"
      >
        <Menu items={items} onAction={(key) => onAction(String(key))} className="outline-none">
          {(item) => (
            <MenuItem
              id={item.id}
              className="flex min-h-11 cursor-pointer items-center rounded-lg px-3 text-sm text-slate-900 outline-none data-[focused]:bg-brand-600 data-[focused]:text-white"
            >
              {item.label}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
