import { AccessibilityDialog } from "#app/components/workspace/accessibility-dialog";
import { useEffect, useState } from "react";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useFetcher, useRevalidator } from "react-router";
import { DialogButtons } from "#app/components/ui/confirm-dialog";
import { EpaperSettingsDialog } from "#app/components/settings/epaper-settings-dialog";
import { PageStructureDialog } from "#app/components/settings/page-structure-dialog";
import { PagesSettingsDialog } from "#app/components/settings/pages-settings-dialog";
import { TocDialog } from "#app/components/settings/toc-dialog";
import { Dialog } from "#app/components/ui/dialog";
import { isHexColor } from "#app/rules/enrichment";
import { TextInput } from "#app/components/ui/fields";

const MENU_ITEM = "flex min-h-11 cursor-pointer items-center rounded-lg px-3 text-sm outline-none data-[focused]:bg-slate-100";

/**
 * The editor's settings menu (§2) with the click-area colours (§3 'ePaper settings (click-area
 * part)', defaults #C0C0C026 / #C0C0C080): hex with an optional alpha pair, checked as typed.
 */
export function ClickAreaColors(props: {
  epaperId: string;
  epaperName: string;
  colors: { color: string; hover: string };
  editable: boolean;
  /** The dialogs of issue 12 the user may open (epaperSettings, epaperTableOfContents). */
  dialogs: { settings: boolean; toc: boolean; pages: boolean; structure: boolean };
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok: boolean }>();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<"settings" | "toc" | "pages" | "structure" | "accessibility" | null>(null);
  const revalidator = useRevalidator();
  const [color, setColor] = useState(props.colors.color);
  const [hover, setHover] = useState(props.colors.hover);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setOpen(false);
  }, [fetcher.state, fetcher.data]);
  const problem = (value: string) => (isHexColor(value) ? null : t("media.validation.hexColorNotValid"));
  const swatch = (value: string) => (
    <span
      aria-hidden="true"
      className="inline-block size-6 rounded border border-slate-400"
      style={{ background: isHexColor(value) ? value : "transparent" }}
    />
  );
  return (
    <>
      <MenuTrigger>
        <AriaButton className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold outline-none data-[hovered]:bg-slate-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600">
          {t("media.settings.menu")} ▾
        </AriaButton>
        <Popover placement="bottom end" className="min-w-56 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 outline-none">
          <Menu
            className="outline-none"
            disabledKeys={props.editable ? [] : ["colors"]}
            onAction={(key) => {
              if (key === "settings" || key === "toc" || key === "pages" || key === "structure" || key === "accessibility")
                return setDialog(key);
              setColor(props.colors.color);
              setHover(props.colors.hover);
              setOpen(true);
            }}
          >
            {props.dialogs.settings ? (
              <MenuItem id="settings" className={MENU_ITEM}>
                {t("settings.menuItem")}
              </MenuItem>
            ) : null}
            {props.dialogs.toc ? (
              <MenuItem id="toc" className={MENU_ITEM}>
                {t("toc.menuItem")}
              </MenuItem>
            ) : null}
            {props.dialogs.pages ? (
              <MenuItem id="pages" className={MENU_ITEM}>
                {t("pagesSettings.menuItem")}
              </MenuItem>
            ) : null}
            {props.dialogs.structure ? (
              <MenuItem id="structure" className={MENU_ITEM}>
                {t("pageStructure.menuItem")}
              </MenuItem>
            ) : null}
            <MenuItem id="accessibility" className={MENU_ITEM}>
              {t("accessibility.menuItem")}
            </MenuItem>
            <MenuItem
              id="colors"
              className="flex min-h-11 cursor-pointer items-center rounded-lg px-3 text-sm outline-none data-[focused]:bg-slate-100 data-[disabled]:opacity-50"
            >
              {t("media.settings.clickAreaColors")}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      <EpaperSettingsDialog
        epaperId={props.epaperId}
        name={props.epaperName}
        isOpen={dialog === "settings"}
        onClose={() => setDialog(null)}
      />
      <TocDialog epaperId={props.epaperId} name={props.epaperName} isOpen={dialog === "toc"} onClose={() => setDialog(null)} />
      <PagesSettingsDialog epaperId={props.epaperId} name={props.epaperName} isOpen={dialog === "pages"} onClose={() => setDialog(null)} />
      <PageStructureDialog
        epaperId={props.epaperId}
        name={props.epaperName}
        isOpen={dialog === "structure"}
        onClose={() => setDialog(null)}
        onChanged={() => void revalidator.revalidate()}
      />
      {dialog === "accessibility" ? (
        <AccessibilityDialog isOpen epaperId={props.epaperId} name={props.epaperName} onClose={() => setDialog(null)} />
      ) : null}
      <Dialog isOpen={open} onOpenChange={setOpen} title={t("media.settings.clickAreaColors")} maxWidth="480px">
        <fetcher.Form method="post" action={`/epaper/${encodeURIComponent(props.epaperId)}`} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="setClickAreaColors" />
          <div className="flex items-end gap-3">
            <div className="flex-1">
              <TextInput label={t("media.settings.color")} name="color" value={color} onChange={setColor} error={problem(color)} />
            </div>
            {swatch(color)}
          </div>
          <div className="flex items-end gap-3">
            <div className="flex-1">
              <TextInput
                label={t("media.settings.hoverColor")}
                name="hoverColor"
                value={hover}
                onChange={setHover}
                error={problem(hover)}
              />
            </div>
            {swatch(hover)}
          </div>
          <DialogButtons
            confirm={t("media.settings.save")}
            cancel={t("media.creator.cancel")}
            onCancel={() => setOpen(false)}
            isDisabled={Boolean(problem(color) || problem(hover)) || fetcher.state !== "idle"}
          />
        </fetcher.Form>
      </Dialog>
    </>
  );
}
