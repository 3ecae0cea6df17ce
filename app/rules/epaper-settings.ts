import { z } from "zod";

/*
 * The ePaper settings dialog's rules (studio-admin.md §2 'ePaper settings dialog', §3 'ePaper
 * settings', §4 'Settings behaviour', §5; issue 12), shared by the dialog and the server: the
 * fields a user changes, their types and limits, and the §5 messages. Images (background, logo)
 * are uploaded separately and are not part of a patch.
 */

export const ROBOTS_OPTIONS = ["index,follow", "index,nofollow", "noindex,follow", "noindex,nofollow"] as const;
export const SHARE_FLAGS = [
  "shareEmail",
  "shareFacebook",
  "shareLinkedin",
  "shareReddit",
  "shareTelegram",
  "shareTwitter",
  "shareWhatsapp",
  "shareXing",
] as const;
export type ShareFlag = (typeof SHARE_FLAGS)[number];

/**
 * Where a zip package's readers are counted when its statistics are on (ADR 0053 'Zip packages'):
 * in this studio (source `zip`), or at an https endpoint of the customer's own.
 */
export const ZIP_STATISTICS_TARGETS = ["studio", "endpoint"] as const;
export type ZipStatisticsTarget = (typeof ZIP_STATISTICS_TARGETS)[number];

export const SETTINGS_TABS = ["general", "appearance", "menuBar", "statistics", "advanced"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** §5 limits; the column sizes of epaper_setting where §5 names none. */
export const SETTINGS_LIMITS = {
  short: 250,
  long: 999,
  cookieText: 5000,
  imprintText: { min: 3, max: 20_000 },
  privacyText: { min: 3, max: 16_777_215 },
  code: 1_000_000,
  link: 2048,
  overlay: { min: 1, max: 10_000 },
  /** Advice, not a rule: search engines cut longer descriptions. */
  seoDescriptionAdvice: 250,
  /** Uploads in KB (§5: 'ePaper background max 10000', 'logo max 5000'). */
  backgroundKb: 10_000,
  logoKb: 5000,
} as const;

export const SETTINGS_IMAGE_ACCEPT = ".png,.jpg,.jpeg,.gif,.webp";
export const SETTINGS_IMAGE_TYPES = ["png", "jpeg", "gif", "webp"] as const;

const text = (max: number) => z.string().max(max).nullable();
const flag = z.boolean();

const shape = {
  cookieBannerActive: flag,
  cookieBannerButton: text(SETTINGS_LIMITS.short),
  cookieBannerText: text(SETTINGS_LIMITS.cookieText),
  seoMetaTagAuthor: text(SETTINGS_LIMITS.short),
  seoMetaTagKeywords: text(SETTINGS_LIMITS.long),
  seoMetaTagDescription: text(SETTINGS_LIMITS.long),
  seoMetaTagRobots: z.enum(ROBOTS_OPTIONS),
  darkControlsActive: flag,
  interfaceBackgroundColor: text(9),
  background: flag,
  backgroundColor: text(9),
  logoImageLink: text(SETTINGS_LIMITS.link),
  sharingActive: flag,
  openGraphTitle: text(SETTINGS_LIMITS.short),
  openGraphDescription: text(SETTINGS_LIMITS.long),
  ...(Object.fromEntries(SHARE_FLAGS.map((name) => [name, flag])) as Record<ShareFlag, typeof flag>),
  imprintActive: flag,
  imprintOverlayWidth: z.number().int().nullable(),
  imprintOverlayHeight: z.number().int().nullable(),
  imprintText: text(SETTINGS_LIMITS.imprintText.max),
  privacyPolicyActive: flag,
  privacyPolicyOverlayWidth: z.number().int().nullable(),
  privacyPolicyOverlayHeight: z.number().int().nullable(),
  privacyPolicyText: text(SETTINGS_LIMITS.privacyText.max),
  trackingGoogleTagId: text(32),
  /** The studio's own readership statistics (ADR 0053); on by default. */
  statisticsActive: flag,
  /** Statistics in a zip package (self-hosted): off by default, sent only where the customer chose. */
  zipStatisticsActive: flag,
  zipStatisticsTarget: z.enum(ZIP_STATISTICS_TARGETS),
  // Bounded like the code fields: the address's own limit (SETTINGS_LIMITS.link) is a rule with its
  // own message (zipEndpointProblem), not a refused request.
  zipStatisticsEndpoint: text(SETTINGS_LIMITS.code),
  customPlayerHtml: text(SETTINGS_LIMITS.code),
  customPlayerCss: text(SETTINGS_LIMITS.code),
  customPlayerJavascript: text(SETTINGS_LIMITS.code),
};

/** What the dialog may change; unknown fields are no request the dialog makes. */
export const settingsPatchSchema = z.object(shape).partial().strict();
export type SettingsValues = z.output<z.ZodObject<typeof shape>>;
export type SettingsPatch = Partial<SettingsValues>;
export type SettingsField = keyof SettingsValues;

/** The settings as the dialog shows them, with the uploaded images and the default* fallbacks. */
export type EpaperSettingsView = {
  values: SettingsValues;
  backgroundImage: { id: string; name: string } | null;
  logoImage: { id: string; name: string } | null;
  defaults: { interfaceBackgroundColor: string; backgroundColor: string; darkControlsActive: boolean; logoImageLink: string | null };
  editable: boolean;
};

export type SettingsProblem = { key: string; params?: Record<string, number | string> };

/** §5 colours: hex with 3 or 6 digits (#d5bca2). */
export const isSettingsColor = (value: string) => /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim());
/** A web address of one of `protocols` on a named host (with a dot), or null. */
const webUrl = (value: string, protocols: readonly string[] = ["http:", "https:"]) => {
  try {
    const url = new URL(value.trim());
    return protocols.includes(url.protocol) && url.hostname.includes(".") ? url : null;
  } catch {
    return null;
  }
};
const isWebUrl = (value: string) => webUrl(value) !== null;

/**
 * The customer's statistics endpoint for a zip package: required while that choice is on, an
 * https address (the package is served over https, and a beacon to http would be mixed content,
 * or readable on the way), no user name or password (the manifest is public), at most
 * SETTINGS_LIMITS.link characters as stored (its normalised form).
 */
export function zipEndpointProblem(value: string | null): SettingsProblem | null {
  if (!value?.trim()) return { key: "zipEndpointMissing" };
  if (webUrl(value, ["http:"])) return { key: "zipEndpointNotHttps" };
  const url = webUrl(value, ["https:"]);
  if (!url || url.username || url.password) return { key: "zipEndpointNotValid" };
  if (url.href.length > SETTINGS_LIMITS.link) return { key: "zipEndpointTooLong", params: { max: SETTINGS_LIMITS.link } };
  return null;
}
const overlayProblem = (value: number | null): SettingsProblem | null =>
  value === null || !Number.isInteger(value) || value < SETTINGS_LIMITS.overlay.min || value > SETTINGS_LIMITS.overlay.max
    ? { key: "overlaySizeNotValid", params: SETTINGS_LIMITS.overlay }
    : null;
const lengthProblem = (value: string | null, limits: { min: number; max: number }): SettingsProblem | null => {
  const length = value?.trim().length ?? 0;
  return length < limits.min || length > limits.max ? { key: "textLength", params: limits } : null;
};

/** The imprint's or privacy policy's problems: its switch stays off until there are none (§4). */
export function overlayProblems(
  values: SettingsValues,
  kind: "imprint" | "privacyPolicy",
): Partial<Record<SettingsField, SettingsProblem>> {
  const problems: Partial<Record<SettingsField, SettingsProblem>> = {};
  const width = overlayProblem(values[`${kind}OverlayWidth`]);
  const height = overlayProblem(values[`${kind}OverlayHeight`]);
  const body = lengthProblem(values[`${kind}Text`], kind === "imprint" ? SETTINGS_LIMITS.imprintText : SETTINGS_LIMITS.privacyText);
  if (width) problems[`${kind}OverlayWidth`] = width;
  if (height) problems[`${kind}OverlayHeight`] = height;
  if (body) problems[`${kind}Text`] = body;
  return problems;
}

/** Every §5 problem of the values, by field; keys are under settings.validation. */
export function settingsProblems(values: SettingsValues): Partial<Record<SettingsField, SettingsProblem>> {
  const problems: Partial<Record<SettingsField, SettingsProblem>> = {};
  for (const field of ["interfaceBackgroundColor", "backgroundColor"] as const) {
    const value = values[field];
    if (value?.trim() && !isSettingsColor(value)) problems[field] = { key: "colorNotValid" };
  }
  if (values.logoImageLink?.trim() && !isWebUrl(values.logoImageLink)) problems.logoImageLink = { key: "urlNotValid" };
  if (values.trackingGoogleTagId?.trim() && !/^G-[A-Z0-9]{4,20}$/i.test(values.trackingGoogleTagId.trim()))
    problems.trackingGoogleTagId = { key: "googleTagNotValid" };
  if (values.customPlayerCss && /<\/?\s*style\b/i.test(values.customPlayerCss)) problems.customPlayerCss = { key: "cssWithStyleTag" };
  if (values.customPlayerJavascript && /<\/?\s*script\b/i.test(values.customPlayerJavascript))
    problems.customPlayerJavascript = { key: "javascriptWithScriptTag" };
  // An address typed in is checked even while another choice is on; one is needed only for its choice.
  if (values.zipStatisticsEndpoint?.trim() || (values.zipStatisticsActive && values.zipStatisticsTarget === "endpoint")) {
    const problem = zipEndpointProblem(values.zipStatisticsEndpoint);
    if (problem) problems.zipStatisticsEndpoint = problem;
  }
  // §4: validation is silent while the imprint or privacy policy is off.
  if (values.imprintActive) Object.assign(problems, overlayProblems(values, "imprint"));
  if (values.privacyPolicyActive) Object.assign(problems, overlayProblems(values, "privacyPolicy"));
  return problems;
}

/** What the server stores: texts trimmed (empty becomes null), colours lowercase. */
export function normalizedPatch(patch: SettingsPatch): SettingsPatch {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch)) {
    if (typeof value !== "string") {
      out[field] = value;
      continue;
    }
    // Code keeps its whitespace; every other text is trimmed.
    const kept = field.startsWith("customPlayer") ? value : value.trim();
    out[field] = kept.trim() === "" ? null : field.endsWith("Color") ? kept.toLowerCase() : kept;
    // The endpoint as browsers send to it (host in punycode, path escaped): what the rule checks and the manifest carries.
    if (field === "zipStatisticsEndpoint" && out[field]) out[field] = webUrl(kept, ["https:"])?.href ?? kept;
  }
  return out as SettingsPatch;
}
