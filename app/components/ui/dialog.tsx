import { type ReactNode, useEffect, useRef } from "react";
import { Dialog as AriaDialog, Modal, ModalOverlay } from "react-aria-components";
import { PanelHeader } from "./panel-header.tsx";
import { SCROLL_BODY_ATTRIBUTE } from "./scroll-body.ts";

export type DialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  /** CSS max-width; the studio's default dialog is 90% of the window (studio-admin.md §2). */
  maxWidth?: string;
  /** alertdialog for confirmations. */
  role?: "dialog" | "alertdialog";
};

/**
 * An action in a dialog can take away the element that had focus (a panel that closes, a button
 * disabled while the work runs): the browser then leaves focus on <body>, outside the dialog, and
 * Escape no longer closes it (issue 46). Chrome sends no blur for a removed element, so the
 * dialog's content is watched: when the element last focused in it is gone, disabled or hidden
 * and focus is on <body>, the dialog itself takes it. Only then: a click outside or a closing
 * menu is react-aria's to put right (it restores focus in its next frame, before this looks).
 */
function FocusKeeper({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    const dialog = root?.closest<HTMLElement>('[role="dialog"], [role="alertdialog"]');
    if (!root || !dialog) return;
    let last: HTMLElement | null = null;
    const entered = (event: globalThis.FocusEvent) => {
      last = event.target instanceof HTMLElement ? event.target : null;
    };
    const lost = (element: HTMLElement) => !element.isConnected || element.matches(":disabled") || element.closest("[hidden]") !== null;
    const look = () => {
      const now = document.activeElement;
      if (last && lost(last) && dialog.isConnected && (now === null || now === document.body)) dialog.focus();
    };
    // Two frames: react-aria's own restoring (containment, a closed popover's trigger) goes first.
    const check = () => requestAnimationFrame(() => requestAnimationFrame(look));
    root.addEventListener("focusin", entered);
    const observer = new MutationObserver(check);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["disabled", "hidden"] });
    const left = (event: globalThis.FocusEvent) => {
      if (!event.relatedTarget) check();
    };
    root.addEventListener("focusout", left);
    return () => {
      observer.disconnect();
      root.removeEventListener("focusout", left);
      root.removeEventListener("focusin", entered);
    };
  }, []);
  return (
    <div ref={ref} className="flex min-h-0 flex-1 flex-col">
      {children}
    </div>
  );
}

/**
 * A centred dialog. Like every dialog of the studio it closes with Escape or its close button,
 * never by a click outside (isDismissable=false); react-aria traps focus and returns it.
 */
export function Dialog({ isOpen, onOpenChange, title, children, maxWidth = "90%", role = "dialog" }: DialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={false}
      isKeyboardDismissDisabled={false}
      className="fixed inset-0 z-40 flex items-center justify-center overflow-y-auto bg-slate-900/40 p-3"
    >
      <Modal className="w-full rounded-2xl bg-white shadow-xl outline-none" style={{ maxWidth }}>
        <AriaDialog role={role} className="flex max-h-[calc(100dvh-1.5rem)] flex-col outline-none">
          {({ close }) => (
            <FocusKeeper>
              <PanelHeader title={title} onClose={close} />
              <div className="min-h-0 flex-1 overflow-y-auto p-5" {...{ [SCROLL_BODY_ATTRIBUTE]: "" }}>
                {children}
              </div>
            </FocusKeeper>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
