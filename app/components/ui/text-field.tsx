import { type ReactNode, useEffect, useRef, useState } from "react";
import { FieldError, Input, type InputProps, Label, TextField as AriaTextField } from "react-aria-components";
import { usePreHydrationValue } from "#app/components/hooks/use-pre-hydration-value";

export type TextFieldProps = {
  /** Conform's field id: it goes on the TextField so the label and errors point at the input. */
  id: string;
  label: string;
  /** Already translated error texts (Conform's errors run through t()). */
  errors?: string[] | undefined;
  /** Conform's getInputProps (with `key` and `defaultValue`), plus any input attributes. */
  inputProps: InputProps & { key?: string | undefined };
  /** A control shown inside the field after the input, e.g. a show-password toggle. */
  trailing?: ReactNode;
  /** The value, when the caller owns it (with onValueChange); otherwise the field keeps its own. */
  value?: string | undefined;
  /** Every new value, also one typed before hydration (an input's onChange misses that one). */
  onValueChange?: ((value: string) => void) | undefined;
};

export function TextField({ inputProps, ...field }: TextFieldProps) {
  // Conform's reset key (it changes when the form is reset) remounts the field with its default value.
  const { key, defaultValue, ...input } = inputProps;
  return <StatefulTextField key={key} {...field} input={input} initialValue={typeof defaultValue === "string" ? defaultValue : ""} />;
}

function StatefulTextField({
  id,
  label,
  errors,
  input,
  initialValue,
  trailing,
  value: ownedValue,
  onValueChange,
}: Omit<TextFieldProps, "inputProps"> & { input: InputProps; initialValue: string }) {
  const invalid = Boolean(errors?.length);
  // react-aria's TextField controls its input; the state lives here so that text typed before
  // hydration can be taken over instead of being wiped by the next render.
  const [state, setState] = useState(initialValue);
  const value = ownedValue ?? state;
  const change = (next: string) => {
    setState(next);
    onValueChange?.(next);
  };
  const inputRef = useRef<HTMLInputElement>(null);
  usePreHydrationValue(inputRef, (element) => element.value, value, change);
  // In a dialog opened from another dialog (the folder panel on phones), the outer dialog's focus
  // trap takes focus back from a field that focuses before the inner dialog has registered its
  // own trap: focus again once it has, in the next frame.
  const autoFocus = Boolean(input.autoFocus);
  useEffect(() => {
    if (!autoFocus) return;
    const frame = requestAnimationFrame(() => {
      const input = inputRef.current;
      const active = document.activeElement;
      if (!input || active === input) return;
      // Only take focus back from a focus trap (a dialog, its button), never from a field the user
      // has gone to meanwhile (a page that hydrates while someone types).
      if (active instanceof HTMLElement && active.matches("input, textarea, select, [contenteditable='true']")) return;
      input.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [autoFocus]);
  return (
    <AriaTextField id={id} isInvalid={invalid} value={value} onChange={change} className="flex flex-col gap-1">
      <Label className="text-sm font-medium text-slate-800">{label}</Label>
      <div className="flex items-stretch rounded-lg border border-slate-300 bg-white focus-within:border-brand-600 data-[invalid]:border-red-600">
        <Input {...input} ref={inputRef} className="min-h-11 w-full min-w-0 rounded-lg bg-transparent px-3 text-base outline-none" />
        {trailing}
      </div>
      <FieldError className="text-sm text-red-700">{errors?.join(" ")}</FieldError>
    </AriaTextField>
  );
}
