import { AppError } from "#app/errors/app-error";
import { markRepublishingRequired } from "#app/publish/republishing.server";
import { isHexColor } from "#app/rules/enrichment";
import type { PermissionSubject } from "#app/rules/permissions";
import { requirePermission, requireWriteAllowed } from "#app/rules/permissions";
import { EpaperLocked } from "#app/lifecycle/epaper-process.server";
import { findAccountEpaper } from "./epaper-pages.server.ts";
import type { MediaDeps } from "./page-media.server.ts";

/**
 * The editor's settings menu (studio-core.md §3 'ePaper settings (click-area part)', §7 'ePaper
 * settings'; issue 11): the click-area colour and its hover colour, hex with an optional alpha
 * pair (#C0C0C026). The reader shows them, so a change needs republishing.
 */
export async function updateClickAreaColors(
  deps: MediaDeps,
  subject: PermissionSubject,
  input: { epaperId: string; color: string; hoverColor: string },
) {
  requirePermission(subject, "epaperDetails");
  const epaper = await findAccountEpaper(deps.db, subject.accountId, input.epaperId);
  requireWriteAllowed(subject, { resource: "epaperSetting", targetIsDemo: epaper.isDemo });
  if (epaper.isLocked) throw new EpaperLocked();
  const color = input.color.trim();
  const hoverColor = input.hoverColor.trim();
  if (!isHexColor(color) || !isHexColor(hoverColor)) throw new AppError("media.validation.hexColorNotValid", { status: 400 });
  const result = await deps.db
    .updateTable("epaperSetting")
    .set({ clickAreaColor: color.toUpperCase(), clickAreaHoverColor: hoverColor.toUpperCase() })
    .where("epaperId", "=", epaper.id)
    .executeTakeFirst();
  if (Number(result.numChangedRows ?? result.numUpdatedRows) > 0) await markRepublishingRequired(deps, epaper.id);
}
