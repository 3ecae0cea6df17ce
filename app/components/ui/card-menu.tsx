import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { type Key, Menu, Popover } from "react-aria-components";

/** A menu item of a card's menu (ePaper card, channel card). */
export const cardMenuItemClass =
  "flex min-h-10 cursor-default items-center rounded-lg px-3 text-sm outline-none data-[disabled]:opacity-40 data-[focused]:bg-slate-100";

/** Where the focus goes when the menu opens: its first item, or its last (ArrowUp on the button). */
type Opening = "first" | "last";

/**
 * The ⋮ button of a card and its menu; `label` names the card's actions for assistive technology.
 *
 * The button is a plain one until it is pressed (issue 29): a grid shows dozens of cards, and
 * react-aria's MenuTrigger (press, long-press and keyboard hooks, contexts, ids) cost more server
 * time per card than the rest of the card. The menu itself is react-aria's Menu in its Popover,
 * mounted on the first press, with what MenuTrigger gives it: the popover anchored to the button,
 * the first item focused (the last with ArrowUp), Escape and a click outside close it, the focus
 * returns to the button, and the button says whether it is open (aria-expanded, aria-controls).
 */
export function CardMenu(props: {
  label: string;
  disabledKeys: Iterable<Key>;
  onAction: (key: Key) => void;
  width?: "48" | "56";
  /** The guided tour's mark (data-tour). */
  tourTarget?: string;
  children: ReactNode;
}) {
  const [opening, setOpening] = useState<Opening | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    setOpening(event.key === "ArrowDown" ? "first" : "last");
  };
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label={props.label}
        aria-haspopup="true"
        aria-expanded={opening !== null}
        aria-controls={opening !== null ? menuId : undefined}
        data-tour={props.tourTarget}
        data-pressed={opening !== null || undefined}
        onClick={() => setOpening((open) => (open ? null : "first"))}
        onKeyDown={onKeyDown}
        className="flex min-h-9 min-w-9 items-center justify-center rounded-lg text-lg text-slate-700 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <span aria-hidden="true">⋮</span>
      </button>
      {opening !== null ? (
        <Popover
          trigger="MenuTrigger"
          triggerRef={triggerRef}
          isOpen
          onOpenChange={(isOpen) => (isOpen ? null : setOpening(null))}
          placement="bottom end"
          className={`${props.width === "56" ? "min-w-56" : "min-w-48"} rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 outline-none`}
        >
          <Menu
            id={menuId}
            aria-label={props.label}
            className="outline-none"
            autoFocus={opening}
            disabledKeys={props.disabledKeys}
            onAction={props.onAction}
            onClose={() => setOpening(null)}
          >
            {props.children}
          </Menu>
        </Popover>
      ) : null}
    </>
  );
}
