import { type ReactNode, useRef, useState } from "react";
import { Switch as AriaSwitch } from "react-aria-components";
import { usePreHydrationValue } from "#app/components/hooks/use-pre-hydration-value";

/**
 * An on/off switch. In a form it submits `name=on` when on (react-aria's hidden input); with
 * `isSelected` and `onChange` it is controlled, e.g. a setting that is saved on every change.
 */
export function Switch(props: {
  name?: string;
  children: ReactNode;
  isInvalid?: boolean;
  errorId?: string | undefined;
  id?: string;
  isSelected?: boolean;
  onChange?: (isSelected: boolean) => void;
  isDisabled?: boolean;
}) {
  // Uncontrolled use keeps its state here, so a switch flipped before hydration stays flipped.
  const [selected, setSelected] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const controlled = props.isSelected !== undefined;
  const isSelected = props.isSelected ?? selected;
  usePreHydrationValue(
    inputRef,
    (input) => input.checked,
    isSelected,
    (checked) => (controlled ? props.onChange?.(checked) : setSelected(checked)),
  );
  return (
    <AriaSwitch
      name={props.name}
      id={props.id}
      inputRef={inputRef}
      aria-describedby={props.errorId}
      isSelected={isSelected}
      onChange={(checked) => {
        if (!controlled) setSelected(checked);
        props.onChange?.(checked);
        // Form libraries (Conform) revalidate on native input events, which react-aria's switch
        // does not send on every path: one goes out once the new state is in the DOM, so a flip
        // counts as an edit (a required switch turned on enables its form at once; issue 15 §0c).
        setTimeout(() => inputRef.current?.dispatchEvent(new Event("input", { bubbles: true })), 0);
      }}
      isDisabled={props.isDisabled}
      className="group flex min-h-11 items-center gap-3 text-sm text-slate-800 data-[disabled]:opacity-60"
    >
      <span
        aria-hidden="true"
        className={`flex h-6 w-10 shrink-0 items-center rounded-full p-0.5 transition-colors group-data-[selected]:bg-brand-600 group-data-[focus-visible]:ring-2 group-data-[focus-visible]:ring-brand-600 group-data-[focus-visible]:ring-offset-2 ${props.isInvalid ? "bg-red-300" : "bg-slate-300"}`}
      >
        <span className="h-5 w-5 rounded-full bg-white shadow transition-transform group-data-[selected]:translate-x-4" />
      </span>
      <span>{props.children}</span>
    </AriaSwitch>
  );
}
