import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useTranslation } from "#app/components/hooks/use-translation";
import { type TourStep, useTour } from "#app/components/hooks/use-tour";
import { Dialog } from "#app/components/ui/dialog";
import { GalleriesTab } from "./galleries-tab.tsx";
import { mediaDialogElement } from "./media-api.ts";
import { ImagesTab } from "./images-tab.tsx";

const TAB =
  "flex min-h-11 cursor-pointer items-center rounded-lg px-4 text-sm font-semibold outline-none data-[selected]:bg-brand-600 data-[selected]:text-white data-[hovered]:bg-slate-100 data-[selected]:data-[hovered]:bg-brand-700 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600";

/**
 * The media dialog (studio-admin.md §2 'Media dialog', 60 % wide; issue 12): tabs galleries and
 * images. Opened from the main menu's 'Media'; everything in it is the account's.
 */
const MEDIA_TOUR: TourStep[] = [
  { target: "media-tabs", title: "tours.media.tabsTitle", text: "tours.media.tabsText" },
  { target: "media-new-gallery", title: "tours.media.newTitle", text: "tours.media.newText" },
];

export function MediaLibraryDialog(props: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  useTour("media-tour", MEDIA_TOUR, props.isOpen, mediaDialogElement);
  return (
    <Dialog
      isOpen={props.isOpen}
      onOpenChange={(open) => (open ? null : props.onClose())}
      title={t("mediaLibrary.title")}
      // §2: 60 % wide; a phone gets the whole width.
      maxWidth="min(100%, max(60%, 36rem))"
    >
      <Tabs className="flex flex-col gap-3" data-testid="media-library">
        <TabList aria-label={t("mediaLibrary.title")} className="flex gap-2" data-tour="media-tabs">
          <Tab id="galleries" className={TAB}>
            {t("mediaLibrary.tabs.galleries")}
          </Tab>
          <Tab id="images" className={TAB}>
            {t("mediaLibrary.tabs.images")}
          </Tab>
        </TabList>
        <TabPanel id="galleries" className="outline-none">
          <GalleriesTab />
        </TabPanel>
        <TabPanel id="images" className="outline-none">
          <ImagesTab />
        </TabPanel>
      </Tabs>
    </Dialog>
  );
}
