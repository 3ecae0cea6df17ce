import type { ReactNode } from "react";
import { Dialog, Modal, ModalOverlay } from "react-aria-components";
import { PanelHeader } from "./panel-header.tsx";

export type DrawerProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  /** The support and developer-kit drawers are 85 % wide (studio-admin.md §9). */
  wide?: boolean;
};

/**
 * A side drawer from the right, 500 px wide (studio-admin.md §2); on phones a full-screen sheet
 * from the bottom. Like every dialog of the studio it closes with Escape or its close button,
 * never by a click outside (isDismissable=false), so a stray click cannot discard work.
 * react-aria traps focus inside and returns it to the opener.
 */
export function Drawer({ isOpen, onOpenChange, title, children, wide = false }: DrawerProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={false}
      isKeyboardDismissDisabled={false}
      className="fixed inset-0 z-40 bg-slate-900/40"
    >
      <Modal
        className={`fixed inset-0 flex flex-col bg-white shadow-xl outline-none sm:inset-y-0 sm:right-0 sm:left-auto ${wide ? "sm:w-[85%]" : "sm:w-[500px]"} sm:max-w-full`}
      >
        <Dialog className="flex min-h-0 flex-1 flex-col outline-none">
          {({ close }) => (
            <>
              <PanelHeader title={title} onClose={close} />
              <div className="min-h-0 flex-1 overflow-y-auto p-5">{children}</div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
