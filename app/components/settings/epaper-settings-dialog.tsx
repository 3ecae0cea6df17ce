import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Dialog } from "#app/components/ui/dialog";
import { StatusText } from "#app/components/ui/fields";
import { SETTINGS_TABS } from "#app/rules/epaper-settings";
import { AdvancedTab, AppearanceTab, GeneralTab, MenuBarTab, StatisticsTab } from "./settings-tabs.tsx";
import { useEpaperSettings } from "./use-epaper-settings.ts";

const TAB_BODIES = {
  general: GeneralTab,
  appearance: AppearanceTab,
  menuBar: MenuBarTab,
  statistics: StatisticsTab,
  advanced: AdvancedTab,
};

/**
 * The ePaper settings dialog (studio-admin.md §2 'ePaper settings dialog (tabs)', default width
 * 90 %): General, Appearance, Menu bar, Statistics, Advanced. Every change is saved as it is made
 * and the settings re-fetched; the reader shows them after the next publishing.
 */
export function EpaperSettingsDialog(props: { epaperId: string; name: string; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const state = useEpaperSettings(props.epaperId, props.isOpen);
  const { draft, view } = state;
  return (
    <Dialog
      isOpen={props.isOpen}
      onOpenChange={(open) => (open ? null : props.onClose())}
      title={t("settings.title", { name: props.name })}
    >
      {draft && view ? (
        <div className="flex flex-col gap-4" data-testid="epaper-settings">
          {view.editable ? (
            <p className="text-sm text-slate-600">{t("settings.republishHint")}</p>
          ) : (
            <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {t("settings.readOnly")}
            </p>
          )}
          <Tabs className="flex flex-col gap-4">
            <TabList aria-label={t("settings.menuItem")} className="flex gap-1 overflow-x-auto border-b border-slate-200">
              {SETTINGS_TABS.map((tab) => (
                <Tab
                  key={tab}
                  id={tab}
                  className="flex min-h-11 shrink-0 cursor-pointer items-center border-b-2 border-transparent px-3 text-sm font-semibold text-slate-700 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 data-[hovered]:text-slate-900 data-[selected]:border-brand-600 data-[selected]:text-brand-700"
                >
                  {t(`settings.tabs.${tab}`)}
                </Tab>
              ))}
            </TabList>
            {SETTINGS_TABS.map((tab) => {
              const Body = TAB_BODIES[tab];
              return (
                <TabPanel key={tab} id={tab} className="outline-none">
                  <Body state={{ ...state, draft }} editable={view.editable} />
                </TabPanel>
              );
            })}
          </Tabs>
          <div aria-live="polite" className="min-h-6">
            <StatusText status={state.status?.text ? state.status : null} />
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-600">{t("settings.saving")}</p>
      )}
    </Dialog>
  );
}
