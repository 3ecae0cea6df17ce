/**
 * Reference data every installation needs. Changing a value here and running the seed again
 * updates it; rows that operators own (preference values, the demo admin's password) are
 * created once and never overwritten.
 */

export const SYSTEM_LANGUAGES = [
  { code: "de", name: "Deutsch", position: 0 },
  { code: "en", name: "English", position: 1 },
] as const;

/** The 29 ePaper languages of studio-core.md §1, in the order the spec lists them. */
export const EPAPER_LANGUAGES = [
  { code: "ar", name: "Arabic", nativeName: "العربية", isRtl: true },
  { code: "bg", name: "Bulgarian", nativeName: "Български", isRtl: false },
  { code: "cs", name: "Czech", nativeName: "Čeština", isRtl: false },
  { code: "da", name: "Danish", nativeName: "Dansk", isRtl: false },
  { code: "de", name: "German", nativeName: "Deutsch", isRtl: false },
  { code: "en", name: "English", nativeName: "English", isRtl: false },
  { code: "es", name: "Spanish", nativeName: "Español", isRtl: false },
  { code: "el", name: "Greek", nativeName: "Ελληνικά", isRtl: false },
  { code: "fi", name: "Finnish", nativeName: "Suomi", isRtl: false },
  { code: "fr", name: "French", nativeName: "Français", isRtl: false },
  { code: "hr", name: "Croatian", nativeName: "Hrvatski", isRtl: false },
  { code: "hu", name: "Hungarian", nativeName: "Magyar", isRtl: false },
  { code: "it", name: "Italian", nativeName: "Italiano", isRtl: false },
  { code: "ja", name: "Japanese", nativeName: "日本語", isRtl: false },
  { code: "ko", name: "Korean", nativeName: "한국어", isRtl: false },
  { code: "lv", name: "Latvian", nativeName: "Latviešu", isRtl: false },
  { code: "nl", name: "Dutch", nativeName: "Nederlands", isRtl: false },
  { code: "no", name: "Norwegian", nativeName: "Norsk", isRtl: false },
  { code: "pl", name: "Polish", nativeName: "Polski", isRtl: false },
  { code: "pt", name: "Portuguese", nativeName: "Português", isRtl: false },
  { code: "ro", name: "Romanian", nativeName: "Română", isRtl: false },
  { code: "ru", name: "Russian", nativeName: "Русский", isRtl: false },
  { code: "sk", name: "Slovak", nativeName: "Slovenčina", isRtl: false },
  { code: "sl", name: "Slovenian", nativeName: "Slovenščina", isRtl: false },
  { code: "sq", name: "Albanian", nativeName: "Shqip", isRtl: false },
  { code: "sr", name: "Serbian", nativeName: "Српски", isRtl: false },
  { code: "sv", name: "Swedish", nativeName: "Svenska", isRtl: false },
  { code: "tr", name: "Turkish", nativeName: "Türkçe", isRtl: false },
  { code: "zh_Hans", name: "Chinese (Simplified)", nativeName: "简体中文", isRtl: false },
] as const;

/** Priorities are the permission levels '1'–'4' of both specs (3 and 4 are support/admin). */
export const PERMISSION_TYPES = [
  { name: "admin", priority: "4" },
  { name: "support", priority: "3" },
  { name: "owner", priority: "2" },
  { name: "manager", priority: "2" },
  { name: "editor", priority: "1" },
] as const;

export const EMAIL_CONFIGS = ["epaperReady", "zipReady", "channelPublicationReady"] as const;

export const PAGE_MEDIA_TYPES = ["internalLink", "externalLink", "mailtoLink", "video", "gallery", "customHtml"] as const;

/** Icon names of studio-core.md §4 (default icon by media type) plus the catch-all readme. */
export const PLAYER_ICONS = ["linkintern", "link", "email", "video", "gallery", "pdf", "readme"] as const;

/**
 * The terms and footer links of a fresh installation point at the default pages the studio serves
 * (`/legal/:page`, app/routes/legal.tsx; issue 15): no link of a new installation is a 404. An
 * operator points them at their own pages by changing the rows.
 */
export const LEGAL_PAGES = ["terms", "privacy", "imprint", "help"] as const;

export const TERMS = {
  de: { confirmationText: "Ich akzeptiere die Allgemeinen Geschäftsbedingungen.", path: "/legal/terms" },
  en: { confirmationText: "I accept the terms and conditions.", path: "/legal/terms" },
} as const;

const DEFAULT_FOOTER_LINKS = {
  imprint: "/legal/imprint",
  helpcenter: "/legal/help",
  terms: "/legal/terms",
  privacy_policy: "/legal/privacy",
} as const;
export const FOOTER_LINKS = { de: DEFAULT_FOOTER_LINKS, en: DEFAULT_FOOTER_LINKS } as const;

const flag = (description: string) => ({
  type: "object",
  required: ["active"],
  additionalProperties: false,
  properties: { active: { type: "boolean", description } },
});

/**
 * The names of the error catalogue (architecture.md "Errors"; studio-core.md §8): written once
 * here, where the seed needs them for the DevKit preference's forced-error list, and mapped to
 * status and message by app/errors/catalogue.ts (db/ never imports the app).
 */
export const ERROR_NAMES = [
  "NotImplemented",
  "Unavailable",
  "NotAuthenticated",
  "UserNotConfirmed",
  "DemoError",
  "ActiveShopSubscriptionsDetected",
  "Forbidden",
  "NotFound",
  "Conflict",
  "Unprocessable",
  "TooManyRequests",
  "FailedDependency",
  "GeneralError",
] as const;

/**
 * The six system preferences of studio-admin.md §3 with their JSON schemas. `attrs` is the
 * spec's extra keyword for a minimum and a maximum (validated by app/preferences/preference-schema.ts).
 */
export const SYSTEM_PREFERENCES = [
  {
    name: "Cronjob",
    json: { cronjobsActive: { active: true }, intervalMinutes: 15 },
    jsonSchema: {
      type: "object",
      required: ["cronjobsActive", "intervalMinutes"],
      additionalProperties: false,
      properties: {
        cronjobsActive: flag("Scheduled clean-ups run"),
        intervalMinutes: { type: "integer", attrs: { min: 1, max: 1440 } },
      },
    },
  },
  {
    name: "Maintenance",
    json: { maintenanceActive: { active: false } },
    jsonSchema: {
      type: "object",
      required: ["maintenanceActive"],
      additionalProperties: false,
      properties: { maintenanceActive: flag("Only levels 3 and 4 may use the studio") },
    },
  },
  {
    name: "DevKit",
    json: { forceError: { active: false, errorName: "Unprocessable" } },
    jsonSchema: {
      type: "object",
      required: ["forceError"],
      additionalProperties: false,
      properties: {
        forceError: {
          type: "object",
          required: ["active", "errorName"],
          additionalProperties: false,
          properties: {
            active: { type: "boolean" },
            errorName: {
              type: "string",
              enum: [...ERROR_NAMES],
            },
          },
        },
      },
    },
  },
  {
    name: "Support",
    json: { supportEmail: { email: "support@epaper.test" } },
    jsonSchema: {
      type: "object",
      required: ["supportEmail"],
      additionalProperties: false,
      properties: {
        supportEmail: {
          type: "object",
          required: ["email"],
          additionalProperties: false,
          properties: { email: { type: "string", pattern: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$" } },
        },
      },
    },
  },
  {
    name: "Tour",
    json: { tour: { active: true }, startDelayMs: 1000 },
    jsonSchema: {
      type: "object",
      required: ["tour", "startDelayMs"],
      additionalProperties: false,
      properties: { tour: flag("Guided tours start for new users"), startDelayMs: { type: "integer", attrs: { min: 0, max: 10000 } } },
    },
  },
  {
    name: "Email",
    json: { mailer: { sandboxMode: false } },
    jsonSchema: {
      type: "object",
      required: ["mailer"],
      additionalProperties: false,
      properties: {
        mailer: {
          type: "object",
          required: ["sandboxMode"],
          additionalProperties: false,
          properties: { sandboxMode: { type: "boolean", description: "Record mails without delivering them" } },
        },
      },
    },
  },
] as const;

/**
 * The offers of a fresh installation (docs/decisions/0040-shop.md): order code = the shop's
 * product code, text = the product's name as the shop page lists it. They belong to the operator
 * once they exist (support edits, adds and removes them in the shop tab); the seed writes them into an empty table only.
 */
export const SHOP_ORDER_CODES = {
  epaper: { "zip-1": "1 ZIP package · €19", "zip-5": "5 ZIP packages · €79", "zip-10": "10 ZIP packages · €139" },
  channel: { "channel-1": "1 channel for 12 months · €99", "channel-3": "3 channels for 12 months · €249" },
} as const;

export const DEMO_ACCOUNT = { name: "ePaper Studio Demo", firstname: "Demo", lastname: "Admin" } as const;
