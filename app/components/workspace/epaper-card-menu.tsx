import type { TFunction } from "i18next";
import { MenuItem } from "react-aria-components";
import { href } from "react-router";
import { cardMenuItemClass } from "#app/components/ui/card-menu";

/** The card menu's items: rendered only while the menu is open, so a grid of closed menus costs no translations. */
export function EpaperMenuItems({
  t,
  isDemo,
  publishing,
  demoManagement,
  statisticsOf,
}: {
  t: TFunction;
  isDemo: boolean;
  publishing: { canPreviewLink: boolean; canChannel: boolean; canZip: boolean };
  demoManagement: boolean;
  /** The ePaper whose statistics (issue 31 item 4) the user may see: who may open the editor, of a rendered one; else null. */
  statisticsOf: string | null;
}) {
  return (
    <>
      <MenuItem id="preview" className={cardMenuItemClass}>
        {t("publish.preview.menu")}
      </MenuItem>
      {publishing.canPreviewLink ? (
        <MenuItem id="previewLink" className={cardMenuItemClass}>
          {t("previewLink.menu")}
        </MenuItem>
      ) : null}
      {publishing.canChannel ? (
        <MenuItem id="channel" className={cardMenuItemClass}>
          {t("channel.select.menu")}
        </MenuItem>
      ) : null}
      {publishing.canZip ? (
        <MenuItem id="zip" className={cardMenuItemClass}>
          {t("publish.zip.menu")}
        </MenuItem>
      ) : null}
      {statisticsOf ? (
        <MenuItem id="statistics" href={href("/epaper/:epaperId/statistics", { epaperId: statisticsOf })} className={cardMenuItemClass}>
          {t("stats.screen.menu")}
        </MenuItem>
      ) : null}
      {statisticsOf ? (
        <MenuItem id="accessibility" className={cardMenuItemClass}>
          {t("accessibility.menuItem")}
        </MenuItem>
      ) : null}
      <MenuItem id="rename" className={cardMenuItemClass}>
        {t("epaper.card.rename")}
      </MenuItem>
      <MenuItem id="delete" className={cardMenuItemClass}>
        {t("epaper.card.delete")}
      </MenuItem>
      {demoManagement ? (
        <MenuItem id="demo" className={cardMenuItemClass}>
          {isDemo ? t("epaper.card.unmarkDemo") : t("epaper.card.markDemo")}
        </MenuItem>
      ) : null}
    </>
  );
}
