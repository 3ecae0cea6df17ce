import type { ReactNode } from "react";
import { FieldError, Input, type InputProps, Label, TextField as AriaTextField } from "react-aria-components";

export type TextFieldProps = {
  /** Conform's field id: it goes on the TextField so the label and errors point at the input. */
  id: string;
  label: string;
  /** Already translated error texts (Conform's errors run through t()). */
  errors?: string[];
  inputProps: InputProps;
  /** A control shown inside the field after the input, e.g. a show-password toggle. */
  trailing?: ReactNode;
};

export function TextField({ id, label, errors, inputProps, trailing }: TextFieldProps) {
  const invalid = Boolean(errors?.length);
  return (
    <AriaTextField id={id} isInvalid={invalid} className="flex flex-col gap-1">
      <Label className="text-sm font-medium text-slate-800">{label}</Label>
      <div className="flex items-stretch rounded-lg border border-slate-300 bg-white focus-within:border-brand-600 data-[invalid]:border-red-600">
        <Input {...inputProps} className="min-h-11 w-full min-w-0 rounded-lg bg-transparent px-3 text-base outline-none" />
        {trailing}
      </div>
      <FieldError className="text-sm text-red-700">{errors?.join(" ")}</FieldError>
    </AriaTextField>
  );
}
