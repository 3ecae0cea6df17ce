import core from "./en/core.ts";
import accounts from "./en/accounts.ts";
import workspace from "./en/workspace.ts";
import folders from "./en/folders.ts";
import legal from "./en/legal.ts";
import publishing from "./en/publishing.ts";
import shell from "./en/shell.ts";
import notifications from "./en/notifications.ts";
import editor from "./en/editor.ts";
import media from "./en/media.ts";
import settings from "./en/settings.ts";
import toc from "./en/toc.ts";
import pagesSettings from "./en/pages-settings.ts";
import pageStructure from "./en/page-structure.ts";
import mediaLibrary from "./en/media-library.ts";
import sharing from "./en/sharing.ts";
import channels from "./en/channels.ts";
import shop from "./en/shop.ts";
import support from "./en/support.ts";
import news from "./en/news.ts";
import devkit from "./en/devkit.ts";
import tours from "./en/tours.ts";
import stats from "./en/stats.ts";
import channelStats from "./en/channel-stats.ts";
import api from "./en/api.ts";
import webhooks from "./en/webhooks.ts";
import accessibility from "./en/accessibility.ts";

/**
 * English interface texts, one file per feature under en/ (de/ mirrors it; a unit test compares
 * the keys). English is also the fallback when a German text is missing.
 */
const en = {
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
} as const;

export default en;

type DeepStringRecord<T> = { [K in keyof T]: T[K] extends string ? string : DeepStringRecord<T[K]> };
/** The shape every language file must have: the same keys as English, any text. */
export type Translation = DeepStringRecord<typeof en>;
