import type { ReactNode } from "react";
import type { Key } from "react-aria-components";
import type { FolderTreeNode } from "#app/rules/folder-tree";
import { PlusIcon, Spinner } from "./folder-tree-icons.tsx";
import { folderKey } from "./tree-keys.ts";

/**
 * The folder tree as the server sends it (issue 29): the rows a person sees, in the tree's look,
 * as plain markup. react-aria's Tree costs more server time than the rest of the workspace page
 * together (it renders every row twice, with drag, drop, press and menu hooks); the browser
 * mounts it right after hydration, where it was rendered anyway, and it replaces this list in
 * the same frame. Nothing here is interactive, so nothing can be lost before then.
 *
 * Lean on purpose (issue 29: the tree was a fifth of the page's server time): each row's icons
 * are `<use>` references to one sprite of symbols sent once, not inline SVG paths, and a row has
 * only the elements and classes its look needs (no interaction states, no empty drag column: its
 * width is the row's start padding), laid out exactly as folder-tree-rows.tsx lays out the rows
 * of the tree that replaces it.
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
      <Row
        key={node.id}
        level={level}
        selected={node.id === props.selectedId}
        chevron={
          hasChildren ? <Use symbol="chevron" className={open ? "size-4 text-slate-600 rotate-90" : "size-4 text-slate-600"} /> : null
        }
        icon={<Use symbol="folder" className="size-4 shrink-0 text-brand-600" />}
        label={props.labelOf(node)}
        menu
      />,
    );
    if (!open) return;
    for (const child of node.children) visit(child, level + 1);
    for (const epaper of node.epapers) {
      rows.push(
        <Row
          key={`e-${epaper.id}`}
          level={level + 1}
          selected={false}
          chevron={null}
          icon={<Use symbol="paper" className="size-4 shrink-0 text-slate-500" />}
          label={epaper.name}
        />,
      );
    }
    if (!node.loaded && node.hasContent)
      rows.push(
        <Row key={`l-${node.id}`} level={level + 1} selected={false} chevron={null} icon={<Spinner />} label={props.labels.loading} />,
      );
    if (node.loaded && node.epapers.length < node.epaperCount) {
      const label = props.labels.showMore(node.epaperCount - node.epapers.length);
      rows.push(
        <Row
          key={`m-${node.id}`}
          level={level + 1}
          selected={false}
          chevron={null}
          icon={<PlusIcon className="size-4 shrink-0 text-slate-500" />}
          label={label}
        />,
      );
    }
  };
  visit(props.tree, 1);
  return (
    <>
      <Sprite />
      <ul aria-label={props.label} className="flex flex-col gap-0.5" data-testid="folder-tree-static">
        {rows}
      </ul>
    </>
  );
}

/**
 * One row as folder-tree-rows.tsx lays it out: [drag 2rem] [chevron 2rem] icon label [badges]
 * [menu 2.75rem], with gap-1 between them and the level's indent. The drag column is empty before
 * hydration, so it is start padding here (2rem and its gap); the empty badge column's gap stays
 * (me-1 on the label).
 */
function Row(props: { level: number; selected: boolean; chevron: ReactNode; icon: ReactNode; label: string; menu?: boolean }) {
  return (
    <li className={props.selected ? "rounded-lg bg-brand-600/10 font-semibold text-slate-900" : "rounded-lg text-slate-900"}>
      <div
        className="flex min-h-11 items-center gap-1 pe-1"
        style={{ paddingInlineStart: `calc(${props.level - 1} * 0.875rem + 2.25rem)` }}
      >
        <span className="flex w-8 shrink-0 justify-center">{props.chevron}</span>
        {props.icon}
        <span className="me-1 min-w-0 flex-1 truncate ps-1">{props.label}</span>
        <span className="flex w-11 shrink-0 justify-center">
          {props.menu ? <Use symbol="more" className="size-5 text-slate-600" /> : null}
        </span>
      </div>
    </li>
  );
}

/** The tree's line icons (folder-tree-icons.tsx), once, for the rows' `<use>` references. */
function Sprite() {
  return (
    <svg aria-hidden="true" focusable="false" className="hidden">
      <symbol id="ep-tree-folder" viewBox="0 0 24 24">
        <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
      </symbol>
      <symbol id="ep-tree-paper" viewBox="0 0 24 24">
        <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
        <path d="M14 3v5h5" />
      </symbol>
      <symbol id="ep-tree-chevron" viewBox="0 0 24 24">
        <path d="m9 6 6 6-6 6" />
      </symbol>
      <symbol id="ep-tree-more" viewBox="0 0 24 24">
        <path d="M5 12h.01M12 12h.01M19 12h.01" strokeWidth={3} />
      </symbol>
    </svg>
  );
}

/** A sprite symbol drawn as the tree's icons are (24 px grid, 2 px round strokes in currentColor). */
function Use({ symbol, className }: { symbol: "folder" | "paper" | "chevron" | "more"; className: string }) {
  return (
    <svg
      aria-hidden="true"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`#ep-tree-${symbol}`} />
    </svg>
  );
}
