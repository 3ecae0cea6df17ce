import type { ReactNode } from "react";
import {
  Checkbox as AriaCheckbox,
  FieldError,
  Input,
  Label,
  Radio,
  RadioGroup,
  Text,
  TextArea,
  TextField as AriaTextField,
} from "react-aria-components";

/*
 * The small controlled fields of the editor's forms (creator dialog and edit panel): the value
 * lives in the form's draft, every change goes up at once, and an error text (already translated)
 * marks the field invalid and is read with it.
 */

const fieldBox =
  "w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base outline-none focus:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/40 data-[invalid]:border-red-600";

export function TextInput(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  type?: "text" | "url" | "email" | "number";
  multiline?: boolean;
  description?: string;
  autoFocus?: boolean;
  name?: string;
  inputMode?: "numeric" | "url" | "email" | "text";
  /** Where a form saves as it goes: the field is left. */
  onBlur?: () => void;
  placeholder?: string;
  isDisabled?: boolean;
  /** Multi-line text for people (not code): the normal font. */
  prose?: boolean;
  /** Enter in a one-line field confirms what was typed (a new gallery's name). */
  onEnter?: () => void;
}) {
  const invalid = Boolean(props.error);
  const { onEnter } = props;
  return (
    <AriaTextField
      value={props.value}
      onChange={props.onChange}
      onBlur={props.onBlur}
      onKeyDown={
        onEnter && !props.multiline
          ? (event) => {
              if (event.key !== "Enter") return event.continuePropagation();
              event.preventDefault();
              onEnter();
            }
          : undefined
      }
      isInvalid={invalid}
      isDisabled={props.isDisabled}
      className="flex flex-col gap-1 data-[disabled]:opacity-60"
      name={props.name}
    >
      <Label className="text-sm font-medium text-slate-800">{props.label}</Label>
      {props.multiline ? (
        <TextArea
          rows={5}
          placeholder={props.placeholder}
          className={`${fieldBox} min-h-24 py-2 ${props.prose ? "" : "font-mono text-sm"}`}
          autoFocus={props.autoFocus}
        />
      ) : (
        <Input
          type={props.type ?? "text"}
          inputMode={props.inputMode}
          placeholder={props.placeholder}
          className={`${fieldBox} min-h-11`}
          autoFocus={props.autoFocus}
        />
      )}
      {props.description ? (
        <Text slot="description" className="text-xs text-slate-600">
          {props.description}
        </Text>
      ) : null}
      <FieldError className="text-sm text-red-700">{props.error}</FieldError>
    </AriaTextField>
  );
}

/** A whole number field (overlay width and height); an empty or broken entry stays visible as typed. */
export function NumberInput(props: {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string | null;
  onBlur?: () => void;
  isDisabled?: boolean;
}) {
  return (
    <TextInput
      onBlur={props.onBlur}
      isDisabled={props.isDisabled}
      label={props.label}
      value={props.value === null ? "" : String(props.value)}
      inputMode="numeric"
      onChange={(text) => {
        const trimmed = text.trim();
        props.onChange(trimmed === "" ? null : /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN);
      }}
      error={props.error}
    />
  );
}

export function Checkbox(props: { children: ReactNode; isSelected: boolean; onChange: (selected: boolean) => void; isDisabled?: boolean }) {
  return (
    <AriaCheckbox
      isSelected={props.isSelected}
      onChange={props.onChange}
      isDisabled={props.isDisabled}
      className="group flex min-h-11 cursor-pointer items-center gap-3 text-sm data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50"
    >
      <span
        aria-hidden="true"
        className="flex size-5 shrink-0 items-center justify-center rounded border-2 border-slate-500 bg-white group-data-[focus-visible]:ring-2 group-data-[focus-visible]:ring-brand-600 group-data-[selected]:border-brand-600 group-data-[selected]:bg-brand-600"
      >
        <svg aria-hidden="true" viewBox="0 0 12 10" className="hidden size-3 fill-none stroke-white stroke-2 group-data-[selected]:block">
          <polyline points="1 5 4.5 8.5 11 1" />
        </svg>
      </span>
      {props.children}
    </AriaCheckbox>
  );
}

export function Choice<V extends string>(props: {
  label: string;
  value: V | null;
  options: readonly V[];
  labelOf: (value: V) => string;
  onChange: (value: V) => void;
  error?: string | null;
  isDisabled?: (value: V) => boolean;
}) {
  return (
    <RadioGroup
      value={props.value}
      onChange={(value) => props.onChange(value as V)}
      isInvalid={Boolean(props.error)}
      className="flex flex-col gap-1"
    >
      <Label className="text-sm font-medium text-slate-800">{props.label}</Label>
      <div className="flex flex-wrap gap-2">
        {props.options.map((option) => (
          <Radio
            key={option}
            value={option}
            isDisabled={props.isDisabled?.(option)}
            className="flex min-h-11 cursor-pointer items-center rounded-lg border border-slate-300 px-3 text-sm outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 data-[selected]:border-brand-600 data-[selected]:bg-brand-50 data-[selected]:font-semibold"
          >
            {props.labelOf(option)}
          </Radio>
        ))}
      </div>
      <FieldError className="text-sm text-red-700">{props.error}</FieldError>
    </RadioGroup>
  );
}

/** A native select: the platform's own picker on phones, fully keyboard and screen-reader friendly. */
export function SelectInput(props: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={props.id} className="text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <select id={props.id} value={props.value} onChange={(event) => props.onChange(event.target.value)} className={`${fieldBox} min-h-11`}>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A group's own error (not bound to one field), announced when it appears. */
export function GroupError({ children }: { children: ReactNode }) {
  return children ? (
    <p role="alert" className="text-sm text-red-700">
      {children}
    </p>
  ) : null;
}

/** The outcome of an upload or a step beside a field: read out at once, an error as an alert. */
export function StatusText({ status }: { status: { text: string; error: boolean } | null }) {
  if (!status) return null;
  return (
    <p role={status.error ? "alert" : "status"} className={`text-sm ${status.error ? "text-red-700" : "text-slate-700"}`}>
      {status.text}
    </p>
  );
}

/** A file picker with the studio's button look. */
export const fileInputClassName =
  "text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3";
