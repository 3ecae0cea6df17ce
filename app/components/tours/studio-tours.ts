import type { TourStep } from "#app/components/hooks/use-tour";

/*
 * The guided tours of the studio's two main screens (studio-core.md §2 'ePaper grid workspace',
 * studio-admin.md §4 'Tours and news'). A step whose element is not on screen (no folders
 * without the tree permission, no card menu without an ePaper, a phone's hidden labels) is left
 * out; the order follows the screen from the title through the grid to the header.
 */

/** epaper-grid-starting-tour: ten steps over the workspace and the header. */
export const WORKSPACE_TOUR: TourStep[] = [
  { target: "workspace-title", title: "tours.workspace.welcomeTitle", text: "tours.workspace.welcomeText" },
  { target: "upload-card", title: "tours.workspace.uploadTitle", text: "tours.workspace.uploadText" },
  { target: "folders", title: "tours.workspace.foldersTitle", text: "tours.workspace.foldersText" },
  { target: "epaper-grid", title: "tours.workspace.gridTitle", text: "tours.workspace.gridText" },
  { target: "epaper-cover", title: "tours.workspace.cardTitle", text: "tours.workspace.cardText" },
  { target: "epaper-actions", title: "tours.workspace.actionsTitle", text: "tours.workspace.actionsText" },
  { target: "epaper-menu", title: "tours.workspace.epaperMenuTitle", text: "tours.workspace.epaperMenuText" },
  { target: "channel-menu", title: "tours.workspace.channelMenuTitle", text: "tours.workspace.channelMenuText" },
  { target: "language-menu", title: "tours.workspace.languageTitle", text: "tours.workspace.languageText" },
  { target: "main-menu", title: "tours.workspace.mainMenuTitle", text: "tours.workspace.mainMenuText" },
];

/** The ePaper tutorial (epaper-tour): the editor from the ePaper selector to the preview. */
export const EDITOR_TOUR: TourStep[] = [
  { target: "editor-selector", title: "tours.epaper.selectorTitle", text: "tours.epaper.selectorText" },
  { target: "editor-pages", title: "tours.epaper.pagesTitle", text: "tours.epaper.pagesText" },
  { target: "editor-toolbar", title: "tours.epaper.toolbarTitle", text: "tours.epaper.toolbarText" },
  { target: "editor-canvas", title: "tours.epaper.canvasTitle", text: "tours.epaper.canvasText" },
  { target: "editor-media", title: "tours.epaper.mediaTitle", text: "tours.epaper.mediaText" },
  { target: "editor-preview", title: "tours.epaper.previewTitle", text: "tours.epaper.previewText" },
];

/** Page tours have no dialog around them. */
export const noContainer = () => null;
