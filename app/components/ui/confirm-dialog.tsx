import { Button } from "./button.tsx";
import { Dialog } from "./dialog.tsx";

/** Cancel and confirm of a dialog, cancel first on phones (stacked), right-aligned otherwise. */
export function DialogButtons(props: {
  confirm: string;
  cancel: string;
  onCancel: () => void;
  isDisabled?: boolean;
  onConfirm?: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="secondary" onPress={props.onCancel}>
        {props.cancel}
      </Button>
      <Button type={props.onConfirm ? "button" : "submit"} onPress={props.onConfirm} isDisabled={props.isDisabled}>
        {props.confirm}
      </Button>
    </div>
  );
}

/** A confirmation (alertdialog, 480 px): its text, cancel and a confirm that runs `onConfirm` and closes. */
export function ConfirmDialog(props: {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  text: string;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
}) {
  return (
    <Dialog isOpen={props.isOpen} onOpenChange={(open) => !open && props.onClose()} title={props.title} maxWidth="480px" role="alertdialog">
      <p className="mb-5 text-slate-700">{props.text}</p>
      <DialogButtons
        confirm={props.confirm}
        cancel={props.cancel}
        onCancel={props.onClose}
        onConfirm={() => {
          props.onConfirm();
          props.onClose();
        }}
      />
    </Dialog>
  );
}
