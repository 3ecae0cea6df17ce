import { z } from "zod";
import type { Locale } from "#app/utils/i18n";
import { defineTemplate, displayName, httpUrl, layoutVariables } from "./define.ts";

/*
 * Mails about finished work. The first three are notifications a user can switch off
 * (user_email_config epaperReady, zipReady, channelPublicationReady); their `unsubscribeLink`
 * is the /deactivate-email/:authType/with/:token link for that setting.
 */

const notification = layoutVariables.extend({ epaperName: displayName, link: httpUrl, unsubscribeLink: httpUrl });

const UNSUBSCRIBE = {
  de: "Sie möchten diese Benachrichtigung nicht mehr erhalten? Hier abbestellen",
  en: "Don't want this notification any more? Turn it off here",
} as const;

/** Rendering finished: the link leads to /epaper-ready (studio-core.md §2, redirects to /epaper). */
export const epaperReady = defineTemplate({
  variables: notification,
  emailConfig: "epaperReady",
  secret: ["unsubscribeLink"],
  content: {
    de: (v) => ({
      subject: `Ihr ePaper „${v.epaperName}“ ist fertig`,
      paragraphs: [
        ["Ihr ePaper ", { strong: `„${v.epaperName}“` }, " ist fertig aufbereitet und kann jetzt bearbeitet und veröffentlicht werden."],
      ],
      action: { label: "ePaper öffnen", url: v.link },
      unsubscribe: { label: UNSUBSCRIBE.de, url: v.unsubscribeLink },
    }),
    en: (v) => ({
      subject: `Your ePaper “${v.epaperName}” is ready`,
      paragraphs: [["Your ePaper ", { strong: `“${v.epaperName}”` }, " has been processed and can now be edited and published."]],
      action: { label: "Open ePaper", url: v.link },
      unsubscribe: { label: UNSUBSCRIBE.en, url: v.unsubscribeLink },
    }),
  },
});

/** Zip publishing finished: the link leads to /zip-ready. */
export const zipReady = defineTemplate({
  variables: notification,
  emailConfig: "zipReady",
  secret: ["unsubscribeLink"],
  content: {
    de: (v) => ({
      subject: `Ihr Zip-Paket für „${v.epaperName}“ ist fertig`,
      paragraphs: [
        ["Das Zip-Paket Ihres ePapers ", { strong: `„${v.epaperName}“` }, " steht zum Herunterladen bereit."],
        "Sie können es auf Ihrem eigenen Server veröffentlichen.",
      ],
      action: { label: "Zip-Paket ansehen", url: v.link },
      unsubscribe: { label: UNSUBSCRIBE.de, url: v.unsubscribeLink },
    }),
    en: (v) => ({
      subject: `Your zip package for “${v.epaperName}” is ready`,
      paragraphs: [
        ["The zip package of your ePaper ", { strong: `“${v.epaperName}”` }, " is ready to download."],
        "You can publish it on your own server.",
      ],
      action: { label: "View zip package", url: v.link },
      unsubscribe: { label: UNSUBSCRIBE.en, url: v.unsubscribeLink },
    }),
  },
});

/** Channel publishing finished: the link leads to /channel-publication-ready (redirects to /channel). */
export const channelPublicationReady = defineTemplate({
  variables: notification.extend({ channelName: displayName }),
  emailConfig: "channelPublicationReady",
  secret: ["unsubscribeLink"],
  content: {
    de: (v) => ({
      subject: `„${v.epaperName}“ ist im Kanal „${v.channelName}“ veröffentlicht`,
      paragraphs: [
        ["Ihr ePaper ", { strong: `„${v.epaperName}“` }, " wurde im Kanal ", { strong: `„${v.channelName}“` }, " veröffentlicht."],
        "Leserinnen und Leser sehen ab sofort die neue Ausgabe.",
      ],
      action: { label: "Kanal öffnen", url: v.link },
      unsubscribe: { label: UNSUBSCRIBE.de, url: v.unsubscribeLink },
    }),
    en: (v) => ({
      subject: `“${v.epaperName}” has been published to channel “${v.channelName}”`,
      paragraphs: [
        ["Your ePaper ", { strong: `“${v.epaperName}”` }, " has been published to the channel ", { strong: `“${v.channelName}”` }, "."],
        "Readers now see the new issue.",
      ],
      action: { label: "Open channel", url: v.link },
      unsubscribe: { label: UNSUBSCRIBE.en, url: v.unsubscribeLink },
    }),
  },
});

// NOTE: a fixed zone, because the studio does not know a user's time zone (the spec has none).
const TIME_ZONE = "Europe/Berlin";

function formatDate(locale: Locale, iso: string): string {
  return new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: TIME_ZONE,
    timeZoneName: "short",
  }).format(new Date(iso));
}

/**
 * A preview link was generated (studio-admin.md: "an e-mail is sent unless the user is
 * generated"). The link is password-protected; the password is never put in a mail.
 */
export const previewLinkGenerated = defineTemplate({
  // The preview's address is its capability (with the password): support has no need to read it.
  secret: ["previewUrl"],
  variables: layoutVariables.extend({
    epaperName: displayName,
    previewUrl: httpUrl,
    /** When the link stops working (ISO 8601); left out when it does not expire. */
    expiresAt: z.iso.datetime({ offset: true }).optional(),
  }),
  content: {
    de: (v) => ({
      subject: `Ihr Vorschau-Link für „${v.epaperName}“`,
      paragraphs: [
        ["Für Ihr ePaper ", { strong: `„${v.epaperName}“` }, " wurde ein Vorschau-Link erstellt."],
        "Der Link ist passwortgeschützt: Wer ihn öffnet, muss das Passwort der Vorschau eingeben. Geben Sie Link und Passwort nur an Personen weiter, die die Vorschau sehen sollen.",
      ],
      action: { label: "Vorschau öffnen", url: v.previewUrl },
      notes: v.expiresAt ? [`Der Vorschau-Link ist gültig bis ${formatDate("de", v.expiresAt)}.`] : [],
    }),
    en: (v) => ({
      subject: `Your preview link for “${v.epaperName}”`,
      paragraphs: [
        ["A preview link has been created for your ePaper ", { strong: `“${v.epaperName}”` }, "."],
        "The link is password-protected: whoever opens it must enter the preview's password. Share the link and the password only with people who should see the preview.",
      ],
      action: { label: "Open preview", url: v.previewUrl },
      notes: v.expiresAt ? [`The preview link is valid until ${formatDate("en", v.expiresAt)}.`] : [],
    }),
  },
});
