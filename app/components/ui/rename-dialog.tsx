import { useState } from "react";
import { focusFirstInvalid } from "./focus-first-invalid.ts";
import { DialogButtons } from "./confirm-dialog.tsx";
import { Dialog } from "./dialog.tsx";
import { TextField } from "./text-field.tsx";

type RenameProps = {
  id: string;
  isOpen: boolean;
  onClose: () => void;
  initial: string;
  labels: { title: string; label: string; save: string; cancel: string };
  errorOf: (value: string) => string | null;
  maxLength?: number;
  onSave: (value: string) => void;
};

/**
 * A rename dialog (480 px): one name field that says what is wrong while it is wrong; save (never
 * disabled) or Enter with an error keeps the dialog open and focus on the field. `errorOf` answers the message for a value, or null. The field
 * starts from the current name each time the dialog opens.
 */
export function RenameDialog(props: RenameProps) {
  return (
    <Dialog isOpen={props.isOpen} onOpenChange={(open) => !open && props.onClose()} title={props.labels.title} maxWidth="480px">
      <RenameForm {...props} />
    </Dialog>
  );
}

function RenameForm(props: RenameProps) {
  const [name, setName] = useState(props.initial);
  const error = props.errorOf(name);
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (error) return focusFirstInvalid(event.currentTarget);
        props.onSave(name);
        props.onClose();
      }}
    >
      <TextField
        id={props.id}
        label={props.labels.label}
        errors={error ? [error] : undefined}
        value={name}
        onValueChange={setName}
        inputProps={{ ...(props.maxLength ? { maxLength: props.maxLength } : {}), autoFocus: true }}
      />
      <DialogButtons confirm={props.labels.save} cancel={props.labels.cancel} onCancel={props.onClose} />
    </form>
  );
}
