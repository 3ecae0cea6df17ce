import type { ReactNode } from "react";
import type { Key } from "react-aria-components";
import type { FolderTreeNode } from "#app/rules/folder-tree";
import { ChevronRightIcon, FolderIcon, MoreIcon, PaperIcon, PlusIcon, Spinner } from "./folder-tree-icons.tsx";
import { RowLayout, rowClassName } from "./folder-tree-rows.tsx";
import { folderKey } from "./tree-keys.ts";

/**
 * The folder tree as the server sends it (issue 29): the rows a person sees, in the tree's look,
 * as plain markup. react-aria's Tree costs more server time than the rest of the workspace page
 * together (it renders every row twice, with drag, drop, press and menu hooks); the browser
 * mounts it right after hydration, where it was rendered anyway, and it replaces this list in
 * the same frame. Nothing here is interactive, so nothing can be lost before then.
 */
export function StaticFolderTree(props: {
  tree: FolderTreeNode;
  expanded: ReadonlySet<Key>;
  selectedId: string;
  labelOf: (folder: FolderTreeNode) => string;
  labels: { loading: string; showMore: (count: number) => string };
  /** The tree's name ('Folders'). */
  label: string;
}) {
  const rows: ReactNode[] = [];
  const visit = (node: FolderTreeNode, level: number) => {
    const open = props.expanded.has(folderKey(node.id));
    // The rows the tree gives the folder (folder-tree.tsx renderFolder): with any, it has a chevron.
    const hasChildren =
      node.children.length > 0 ||
      node.epapers.length > 0 ||
      (!node.loaded && node.hasContent) ||
      (node.loaded && node.epaperCount > node.epapers.length);
    rows.push(
      <Row key={node.id} level={level} selected={node.id === props.selectedId}>
        <RowLayout
          drag={null}
          chevron={
            hasChildren ? <ChevronRightIcon className={`size-4 text-slate-600 transition-transform ${open ? "rotate-90" : ""}`} /> : null
          }
          icon={<FolderIcon className="size-4 shrink-0 text-brand-600" />}
          label={props.labelOf(node)}
          badges={null}
          menu={<MoreIcon className="size-5 text-slate-600" />}
        />
      </Row>,
    );
    if (!open) return;
    for (const child of node.children) visit(child, level + 1);
    for (const epaper of node.epapers) {
      rows.push(
        <Row key={`e-${epaper.id}`} level={level + 1} selected={false}>
          <RowLayout
            drag={null}
            chevron={null}
            icon={<PaperIcon className="size-4 shrink-0 text-slate-500" />}
            label={epaper.name}
            badges={null}
            menu={null}
          />
        </Row>,
      );
    }
    if (!node.loaded && node.hasContent) rows.push(placeholder(`l-${node.id}`, level + 1, props.labels.loading, <Spinner />));
    if (node.loaded && node.epapers.length < node.epaperCount) {
      const label = props.labels.showMore(node.epaperCount - node.epapers.length);
      rows.push(placeholder(`m-${node.id}`, level + 1, label, <PlusIcon className="size-4 shrink-0 text-slate-500" />));
    }
  };
  visit(props.tree, 1);
  return (
    <ul aria-label={props.label} className="flex flex-col gap-0.5" data-testid="folder-tree-static">
      {rows}
    </ul>
  );
}

function Row({ level, selected, children }: { level: number; selected: boolean; children: ReactNode }) {
  return (
    <li className={rowClassName} data-selected={selected || undefined} style={{ "--tree-item-level": level } as React.CSSProperties}>
      {children}
    </li>
  );
}

function placeholder(key: string, level: number, label: string, icon: ReactNode) {
  return (
    <Row key={key} level={level} selected={false}>
      <RowLayout drag={null} chevron={null} icon={icon} label={label} badges={null} menu={null} />
    </Row>
  );
}
