import { type ReaderManifest, type ReaderSettings, SERVED_STATS_ENDPOINT, type ShareTarget } from "@ep/publisher/src/manifest.ts";
import type { Database } from "#db/client";
import { readableControls } from "@ep/publisher/src/contrast.ts";
import { STATS_SEGMENT } from "#app/stats/stats-events";

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
  /** Where a zip package's reader sends them (zipStatsEndpoint); none: it collects nothing. */
  zipEndpoint?: string | null;
}): Pick<ReaderManifest, "stats" | "statsEndpoint"> {
  if (!input.on) return { stats: false };
  if (input.form === "files") return { statsEndpoint: SERVED_STATS_ENDPOINT };
  return input.zipEndpoint ? { statsEndpoint: input.zipEndpoint } : {};
}

/**
 * A zip package's statistics as its ePaper's settings choose them (ADR 0053 'Zip packages'): null
 * while off (the default), else counted in this studio or sent to the customer's endpoint (null
 * until one is entered).
 */
export type ZipStatistics = { target: "studio" } | { target: "endpoint"; endpoint: string | null } | null;

export function zipStatisticsOf(row: SettingsRow | undefined): ZipStatistics {
  if (!row?.zipStatisticsActive) return null;
  return row.zipStatisticsTarget === "endpoint" ? { target: "endpoint", endpoint: row.zipStatisticsEndpoint } : { target: "studio" };
}

/** The first segment of a zip package's statistics address on the content origin. */
export const ZIP_STATS_SEGMENT = "zip";

/**
 * The content origin's statistics address for an ePaper's zip packages, absolute (the package is
 * served by the customer's site): `<content origin>/zip/<epaperId>/_stats` (content-stats.server.ts).
 */
export const zipStatsAddress = (contentOrigin: string, epaperId: string) =>
  `${contentOrigin.replace(/\/+$/, "")}/${ZIP_STATS_SEGMENT}/${encodeURIComponent(epaperId)}/${STATS_SEGMENT}`;

/**
 * Where a zip package's reader sends its statistics: this studio's content origin, the customer's
 * endpoint, or nowhere (off, or no endpoint entered). A zip counted here needs the content origin:
 * a worker started without one fails the build rather than ship a package that silently counts nothing.
 */
export function zipStatsEndpoint(zip: ZipStatistics, input: { epaperId: string; contentOrigin?: string }): string | null {
  if (!zip) return null;
  if (zip.target === "endpoint") return zip.endpoint;
  if (!input.contentOrigin) throw new Error("a zip package counted in this studio needs the content origin (CONTENT_URL)");
  return zipStatsAddress(input.contentOrigin, input.epaperId);
}
