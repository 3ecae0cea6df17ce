import { Button } from "react-aria-components";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useNarrowPanel } from "#app/components/hooks/use-narrow-panel";
import { Drawer } from "#app/components/ui/drawer";
import { ChevronRightIcon, FolderIcon } from "./folder-tree-icons.tsx";
import { FolderTree, type FolderTreeProps } from "./folder-tree.tsx";

/**
 * Where the grid page puts the folder tree (issue 15 §2): beside the grid on wide screens; on
 * phones and tablets a button with the current folder's name opens it in a panel (a full-screen
 * sheet on phones), so the upload card and the grid are what the page shows first. Choosing a
 * folder or an ePaper closes the panel. Before hydration CSS hides whichever does not fit; after
 * it only one tree is mounted.
 */
export function FolderPanel({ currentLabel, ...props }: FolderTreeProps & { currentLabel: string }) {
  const { t } = useTranslation();
  const { wide, open, setOpen } = useNarrowPanel();
  return (
    <>
      <Button
        onPress={() => setOpen(true)}
        data-tour={props.tourTarget}
        className="flex min-h-11 w-full items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-start text-sm text-slate-900 outline-none data-[hovered]:bg-slate-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 lg:hidden"
      >
        <FolderIcon className="size-4 shrink-0 text-brand-600" />
        <span className="min-w-0 flex-1 truncate font-semibold">{t("folders.panelButton", { name: currentLabel })}</span>
        <ChevronRightIcon className="size-4 shrink-0 text-slate-600" />
      </Button>
      {wide ? <FolderTree {...props} className={`hidden lg:flex ${props.className ?? ""}`} /> : null}
      {wide ? null : (
        <Drawer isOpen={open} onOpenChange={setOpen} title={t("folders.region")}>
          <FolderTree
            {...props}
            tourTarget={undefined}
            headingHidden
            onSelect={(folderId, reason) => {
              if (reason === "chosen") setOpen(false);
              props.onSelect(folderId, reason);
            }}
            onSelectEpaper={(epaperId) => {
              setOpen(false);
              props.onSelectEpaper?.(epaperId);
            }}
          />
        </Drawer>
      )}
    </>
  );
}
