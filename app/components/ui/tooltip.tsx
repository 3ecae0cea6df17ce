import type { ReactElement } from "react";
import { Tooltip, TooltipTrigger } from "react-aria-components";

/*
 * The name of an icon button, shown as a tooltip after the spec's delay (studio-core.md §9:
 * tooltip delay 1500 ms) when the pointer rests on it, at once when the keyboard focuses it, and
 * gone with Escape (react-aria's TooltipTrigger). The button keeps its aria-label: the tooltip
 * shows sighted users the same name, it never replaces it (no title attribute, whose own delay
 * and look the browser decides and which touch and keyboard users never see).
 */

export const TOOLTIP_DELAY_MS = 1500;

/** Wraps one react-aria focusable (Button, ToggleButton, a menu's trigger) with its tooltip. */
export function Tooltipped({ label, children }: { label: string; children: ReactElement }) {
  return (
    <TooltipTrigger delay={TOOLTIP_DELAY_MS} closeDelay={200}>
      {children}
      <Tooltip
        offset={6}
        className="max-w-64 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-lg data-[entering]:animate-in data-[exiting]:animate-out"
      >
        {label}
      </Tooltip>
    </TooltipTrigger>
  );
}
