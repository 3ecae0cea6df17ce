import { type ReaderManifest, type ReaderSettings, SERVED_STATS_ENDPOINT, type ShareTarget } from "@ep/publisher/src/manifest.ts";
import type { Database } from "#db/client";
import { readableControls } from "@ep/publisher/src/contrast.ts";

const SHARE_FLAGS: [ShareTarget, keyof SettingsRow][] = [
  ["email", "shareEmail"],
  ["facebook", "shareFacebook"],
  ["linkedin", "shareLinkedin"],
  ["reddit", "shareReddit"],
  ["telegram", "shareTelegram"],
  ["twitter", "shareTwitter"],
  ["whatsapp", "shareWhatsapp"],
  ["xing", "shareXing"],
];

type SettingsRow = NonNullable<Awaited<ReturnType<typeof loadSettings>>>;

export const loadSettings = (db: Database, epaperId: string) =>
  db.selectFrom("epaperSetting").selectAll().where("epaperId", "=", epaperId).executeTakeFirst();

/**
 * The ePaper settings as the reader needs them (studio-admin.md §3): each look setting falls back
 * to its default* twin, overlays only when switched on and written, share targets only when
 * sharing is on. `mediaPathOf` puts a media file into the bundle and answers its path.
 */
export function toSettings(
  row: SettingsRow | undefined,
  mediaPathOf: (id: string | null) => string | null,
  firstImage: string | null,
): ReaderSettings {
  const overlay = (
    active: boolean | undefined,
    html: string | null | undefined,
    width: number | null | undefined,
    height: number | null | undefined,
  ) => (active && html ? { html, width: width ?? null, height: height ?? null } : null);
  const useImage = row?.background ?? false;
  const logoId = row?.logoImageId ?? row?.defaultLogoImageId ?? null;
  const logo = mediaPathOf(logoId);
  const interfaceColor = row?.interfaceBackgroundColor ?? row?.defaultInterfaceBackgroundColor ?? "#ffffff";
  // Controls always reach 4.5:1 against the interface colour: a pick that would not is switched
  // to the other variant (the settings form says so with the same rule).
  const controls = readableControls(interfaceColor, row?.darkControlsActive ?? true);
  return {
    interfaceColor,
    darkControls: controls.dark,
    backgroundColor: row?.backgroundColor ?? row?.defaultBackgroundColor ?? null,
    backgroundImage: useImage ? mediaPathOf(row?.backgroundImageId ?? row?.defaultBackgroundImageId ?? null) : null,
    logo: logo ? { src: logo, link: row?.logoImageLink ?? row?.defaultLogoImageLink ?? null } : null,
    clickAreaColor: row?.clickAreaColor ?? "#C0C0C026",
    clickAreaHoverColor: row?.clickAreaHoverColor ?? "#C0C0C080",
    cookieBanner: row?.cookieBannerActive ? { text: row.cookieBannerText, button: row.cookieBannerButton } : null,
    analyticsTagId: row?.trackingGoogleTagId ?? null,
    seo: {
      author: row?.seoMetaTagAuthor ?? null,
      keywords: row?.seoMetaTagKeywords ?? null,
      description: row?.seoMetaTagDescription ?? null,
      robots: row?.seoMetaTagRobots ?? "index,follow",
    },
    openGraph: { title: row?.openGraphTitle ?? null, description: row?.openGraphDescription ?? null, image: firstImage },
    share: row?.sharingActive ? SHARE_FLAGS.filter(([, flag]) => row[flag] === true).map(([target]) => target) : [],
    imprint: overlay(row?.imprintActive, row?.imprintText, row?.imprintOverlayWidth, row?.imprintOverlayHeight),
    privacyPolicy: overlay(
      row?.privacyPolicyActive,
      row?.privacyPolicyText,
      row?.privacyPolicyOverlayWidth,
      row?.privacyPolicyOverlayHeight,
    ),
    toc: { enabled: row?.tocEnabled ?? true, autostart: row?.tocAutostartActive ?? false, thumbs: row?.tocThumbsActive ?? false },
    custom: { headHtml: row?.customPlayerHtml ?? null, css: row?.customPlayerCss ?? null, javascript: row?.customPlayerJavascript ?? null },
  };
}

/**
 * Whether the reader collects readership statistics (issue 31): the ePaper setting
 * `statisticsActive`, on unless switched off (an ePaper without a settings row collects).
 */
export function statisticsOn(row: SettingsRow | undefined): boolean {
  return row?.statisticsActive ?? true;
}

/**
 * The manifest's statistics fields for one form of a bundle: nothing collected when the setting
 * is off; the studio's own endpoint in the forms it serves; in a zip package (self-hosted) only the
 * endpoint the customer entered, and without one nothing is collected.
 */
export function statsManifestFields(input: {
  on: boolean;
  form: "files" | "zip";
  /** The customer's own endpoint URL for a zip package (a studio setting still to come). */
  zipEndpoint?: string | null;
}): Pick<ReaderManifest, "stats" | "statsEndpoint"> {
  if (!input.on) return { stats: false };
  if (input.form === "files") return { statsEndpoint: SERVED_STATS_ENDPOINT };
  return input.zipEndpoint ? { statsEndpoint: input.zipEndpoint } : {};
}
