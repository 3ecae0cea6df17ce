import type { ReactNode } from "react";
import { Button as AriaButton, type Key, Menu, MenuTrigger, Popover } from "react-aria-components";

/** A menu item of a card's menu (ePaper card, channel card). */
export const cardMenuItemClass =
  "flex min-h-10 cursor-default items-center rounded-lg px-3 text-sm outline-none data-[disabled]:opacity-40 data-[focused]:bg-slate-100";

/** The ⋮ button of a card and its menu; `label` names the card's actions for assistive technology. */
export function CardMenu(props: {
  label: string;
  disabledKeys: Iterable<Key>;
  onAction: (key: Key) => void;
  width?: "48" | "56";
  /** The guided tour's mark (data-tour). */
  tourTarget?: string;
  children: ReactNode;
}) {
  return (
    <MenuTrigger>
      <AriaButton
        aria-label={props.label}
        data-tour={props.tourTarget}
        className="flex min-h-9 min-w-9 items-center justify-center rounded-lg text-lg text-slate-700 data-[hovered]:bg-slate-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600"
      >
        <span aria-hidden="true">⋮</span>
      </AriaButton>
      <Popover
        placement="bottom end"
        className={`${props.width === "56" ? "min-w-56" : "min-w-48"} rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 outline-none`}
      >
        <Menu className="outline-none" disabledKeys={props.disabledKeys} onAction={props.onAction}>
          {props.children}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
