import { type ReactNode, useEffect, useRef } from "react";
import { Icon } from "../icons.tsx";
import { useReader } from "../reader-context.ts";

type DialogProps = {
  title: string;
  onClose: () => void;
  className?: string;
  /** Hides the heading visually (lightbox, media) but keeps it as the dialog's name. */
  quietTitle?: boolean;
  style?: Record<string, string | number>;
  onKeyDown?: (event: KeyboardEvent) => void;
  children: ReactNode;
};

/**
 * A modal built on <dialog>.showModal(): the browser makes everything else inert (the focus
 * trap) and sends Escape as "cancel". Focus goes back to the element that opened it.
 */
export function Dialog({ title, onClose, className, quietTitle, style, onKeyDown, children }: DialogProps) {
  const { texts } = useReader();
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useRef(`ep-dialog-${Math.random().toString(36).slice(2)}`).current;
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) {
      dialog.showModal();
    }
    return () => {
      if (dialog?.open) {
        dialog.close();
      }
      if (opener?.isConnected) {
        opener.focus();
      }
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`ep-dialog ${className ?? ""}`}
      aria-labelledby={headingId}
      style={style}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => onKeyDown?.(event as unknown as KeyboardEvent)}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (event.target === ref.current) {
          onClose();
        }
      }}
    >
      <div className="ep-dialog-head">
        <h2 id={headingId} className={quietTitle ? "ep-visually-hidden" : undefined}>
          {title}
        </h2>
        <button type="button" className="ep-button ep-dialog-close" aria-label={texts.close} onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      <div className="ep-dialog-body">{children}</div>
    </dialog>
  );
}
