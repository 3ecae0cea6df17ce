import type { ReactNode } from "react";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { GripIcon, MoreIcon } from "./folder-tree-icons.tsx";
import { Tooltipped } from "#app/components/ui/tooltip";

/** The pieces of a tree row: its layout, the drag handle, a state badge and the actions menu. */

export const rowClassName =
  "group rounded-lg text-slate-900 outline-none data-[hovered]:bg-slate-100 data-[selected]:bg-brand-600/10 data-[selected]:font-semibold data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 data-[drop-target]:bg-brand-600/20 data-[drop-target]:ring-2 data-[drop-target]:ring-brand-600 data-[dragging]:opacity-50 data-[disabled]:text-slate-400 data-[disabled]:cursor-not-allowed";

export function RowLayout({
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
export function DragHandle() {
  return (
    <AriaButton
      slot="drag"
      className="flex size-8 cursor-grab items-center justify-center rounded text-slate-400 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600"
    >
      <GripIcon className="size-4" />
    </AriaButton>
  );
}

export function Badge({ title, icon }: { title: string; icon: ReactNode }) {
  // The row's accessible name already says it; the title is the hover hint for sighted users.
  return (
    <span title={title} className="flex size-5 items-center justify-center">
      {icon}
    </span>
  );
}

export function RowMenu({
  label,
  items,
  onAction,
}: {
  label: string;
  items: { id: string; label: string }[];
  onAction: (id: string) => void;
}) {
  return (
    <MenuTrigger>
      <Tooltipped label={label}>
        <AriaButton
          aria-label={label}
          className="flex size-9 items-center justify-center rounded-lg text-slate-600 outline-none data-[hovered]:bg-slate-200 data-[pressed]:bg-slate-200 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600"
        >
          <MoreIcon className="size-5" />
        </AriaButton>
      </Tooltipped>
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
