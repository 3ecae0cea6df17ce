import type { Translation } from "./en.ts";
import core from "./de/core.ts";
import accounts from "./de/accounts.ts";
import workspace from "./de/workspace.ts";
import folders from "./de/folders.ts";
import legal from "./de/legal.ts";
import publishing from "./de/publishing.ts";
import shell from "./de/shell.ts";
import notifications from "./de/notifications.ts";
import editor from "./de/editor.ts";
import media from "./de/media.ts";
import settings from "./de/settings.ts";
import toc from "./de/toc.ts";
import pagesSettings from "./de/pages-settings.ts";
import pageStructure from "./de/page-structure.ts";
import mediaLibrary from "./de/media-library.ts";
import sharing from "./de/sharing.ts";
import channels from "./de/channels.ts";
import shop from "./de/shop.ts";
import support from "./de/support.ts";
import news from "./de/news.ts";
import devkit from "./de/devkit.ts";
import tours from "./de/tours.ts";
import stats from "./de/stats.ts";
import channelStats from "./de/channel-stats.ts";
import api from "./de/api.ts";
import webhooks from "./de/webhooks.ts";
import accessibility from "./de/accessibility.ts";

/** German interface texts (the default language), one file per feature under de/. */
const de: Translation = {
  ...core,
  ...accounts,
  ...workspace,
  ...folders,
  ...legal,
  ...publishing,
  ...shell,
  ...notifications,
  ...editor,
  ...media,
  ...settings,
  ...toc,
  ...pagesSettings,
  ...pageStructure,
  ...mediaLibrary,
  ...sharing,
  ...channels,
  ...shop,
  ...support,
  ...news,
  ...devkit,
  ...tours,
  ...stats,
  ...channelStats,
  ...api,
  ...webhooks,
  ...accessibility,
};

export default de;
