import { z } from "zod";
import { defineTemplate, displayName, httpUrl, layoutVariables, validHours, validityNote } from "./define.ts";

/*
 * Mails of the token flows (studio-core.md §4 "Token flow"): each carries one single-use link
 * to /auth/:authType/with/:token, built by the caller with the studio's public URL.
 */

const tokenLink = layoutVariables.extend({ link: httpUrl, validHours });

const IGNORE = {
  de: "Falls Sie diese Anfrage nicht gestellt haben, können Sie diese E-Mail ignorieren; es wird nichts geändert.",
  en: "If you did not ask for this, you can ignore this e-mail; nothing will be changed.",
} as const;

/** authType signup: a registered user confirms the address given at signup. */
export const signup = defineTemplate({
  variables: tokenLink,
  secret: ["link"],
  content: {
    de: (v) => ({
      subject: "Bitte bestätigen Sie Ihre Registrierung",
      paragraphs: [
        "vielen Dank für Ihre Registrierung im ePaper Studio.",
        "Bitte bestätigen Sie Ihre E-Mail-Adresse, damit Sie alle Funktionen des Studios nutzen können.",
      ],
      action: { label: "Registrierung bestätigen", url: v.link },
      notes: [...validityNote("de", v.validHours), IGNORE.de],
    }),
    en: (v) => ({
      subject: "Please confirm your registration",
      paragraphs: [
        "Thank you for registering with ePaper Studio.",
        "Please confirm your e-mail address so that you can use every feature of the studio.",
      ],
      action: { label: "Confirm registration", url: v.link },
      notes: [...validityNote("en", v.validHours), IGNORE.en],
    }),
  },
});

/** authType generated-user-signup: a try-it user registers; the link leads on to /password. */
export const generatedUserSignup = defineTemplate({
  variables: tokenLink,
  secret: ["link"],
  content: {
    de: (v) => ({
      subject: "Bestätigen Sie Ihre E-Mail-Adresse für das ePaper Studio",
      paragraphs: [
        "vielen Dank, dass Sie sich nach Ihrem Test im ePaper Studio registrieren.",
        "Bitte bestätigen Sie Ihre E-Mail-Adresse und legen Sie anschließend Ihr Passwort fest. Die ePapers aus Ihrer Testphase bleiben erhalten.",
      ],
      action: { label: "E-Mail-Adresse bestätigen", url: v.link },
      notes: [...validityNote("de", v.validHours), IGNORE.de],
    }),
    en: (v) => ({
      subject: "Confirm your e-mail address for ePaper Studio",
      paragraphs: [
        "Thank you for registering with ePaper Studio after your trial.",
        "Please confirm your e-mail address and then set your password. The ePapers from your trial are kept.",
      ],
      action: { label: "Confirm e-mail address", url: v.link },
      notes: [...validityNote("en", v.validHours), IGNORE.en],
    }),
  },
});

/** authType password-reset, requested by the user on /password. */
export const passwordReset = defineTemplate({
  variables: tokenLink,
  secret: ["link"],
  content: {
    de: (v) => ({
      subject: "Setzen Sie Ihr Passwort zurück",
      paragraphs: ["wir haben eine Anfrage erhalten, das Passwort für Ihr Benutzerkonto im ePaper Studio zurückzusetzen."],
      action: { label: "Neues Passwort festlegen", url: v.link },
      notes: [...validityNote("de", v.validHours), IGNORE.de],
    }),
    en: (v) => ({
      subject: "Reset your password",
      paragraphs: ["We received a request to reset the password of your ePaper Studio user account."],
      action: { label: "Set a new password", url: v.link },
      notes: [...validityNote("en", v.validHours), IGNORE.en],
    }),
  },
});

/**
 * authType password-reset sent by support (users table: "send password request e-mail"); the
 * user's passwordRequested flag makes /password say "set password".
 */
export const setPassword = defineTemplate({
  variables: tokenLink,
  secret: ["link"],
  content: {
    de: (v) => ({
      subject: "Legen Sie Ihr Passwort für das ePaper Studio fest",
      paragraphs: [
        "für Sie wurde ein Benutzerkonto im ePaper Studio eingerichtet bzw. ein neues Passwort angefordert.",
        "Bitte legen Sie über den folgenden Link Ihr Passwort fest.",
      ],
      action: { label: "Passwort festlegen", url: v.link },
      notes: validityNote("de", v.validHours),
    }),
    en: (v) => ({
      subject: "Set your password for ePaper Studio",
      paragraphs: [
        "A user account in ePaper Studio has been set up for you, or a new password has been requested for it.",
        "Please set your password with the following link.",
      ],
      action: { label: "Set password", url: v.link },
      notes: validityNote("en", v.validHours),
    }),
  },
});

/** "Not expected? Decline the change." with the decline link, in the mail's language (issue 44). */
const declineNote = {
  de: (url: string) => [
    "Sie erwarten diese Änderung nicht? ",
    { link: { label: "Änderung ablehnen", url } },
    " – dann bleibt alles, wie es ist.",
  ],
  en: (url: string) => ["Not expecting this change? ", { link: { label: "Decline the change", url } }, " and everything stays as it is."],
} as const;

/** "The ePaper Studio support (who) asked to change … to <new>" in the mail's language, ending with `end`. */
const supportAsked = {
  de: (requestedBy: string, newEmail: string, end = ".") =>
    [
      "Der Support des ePaper Studios (",
      requestedBy,
      ") möchte die E-Mail-Adresse Ihres Benutzerkontos ändern in ",
      { strong: newEmail },
      end,
    ] as const,
  en: (requestedBy: string, newEmail: string, end = ".") =>
    [
      "The ePaper Studio support (",
      requestedBy,
      ") asked to change the e-mail address of your user account to ",
      { strong: newEmail },
      end,
    ] as const,
};

/**
 * authType email-reset: sent to the requested (new) address; confirming makes it the login.
 * `requestedBy` names the support user when support asked for the change (issue 27); such a mail
 * goes out only after the current address approved it and carries a decline link (issue 44).
 */
export const emailReset = defineTemplate({
  variables: tokenLink.extend({ newEmail: z.email(), requestedBy: z.email().optional(), declineLink: httpUrl.optional() }),
  secret: ["link", "declineLink"],
  content: {
    de: (v) => ({
      subject: "Bestätigen Sie Ihre neue E-Mail-Adresse",
      paragraphs: [
        v.requestedBy
          ? supportAsked.de(v.requestedBy, v.newEmail, ". Die bisherige Adresse hat der Änderung zugestimmt.")
          : ["Sie möchten die E-Mail-Adresse Ihres Benutzerkontos im ePaper Studio ändern in ", { strong: v.newEmail }, "."],
        "Bitte bestätigen Sie die neue Adresse. Bis dahin melden Sie sich weiter mit Ihrer bisherigen Adresse an.",
      ],
      action: { label: "Neue E-Mail-Adresse bestätigen", url: v.link },
      notes: [...validityNote("de", v.validHours), v.declineLink ? declineNote.de(v.declineLink) : IGNORE.de],
    }),
    en: (v) => ({
      subject: "Confirm your new e-mail address",
      paragraphs: [
        v.requestedBy
          ? supportAsked.en(v.requestedBy, v.newEmail, ". The current address has approved the change.")
          : ["You asked to change the e-mail address of your ePaper Studio user account to ", { strong: v.newEmail }, "."],
        "Please confirm the new address. Until then, keep logging in with your current address.",
      ],
      action: { label: "Confirm new e-mail address", url: v.link },
      notes: [...validityNote("en", v.validHours), v.declineLink ? declineNote.en(v.declineLink) : IGNORE.en],
    }),
  },
});

/**
 * To the current address when support (below level 4) asks to change it (issue 44): nothing
 * happens unless this address approves; then the new address gets its confirmation link. Either
 * link can decline it.
 */
export const emailChangeApproval = defineTemplate({
  variables: tokenLink.extend({ newEmail: z.email(), requestedBy: z.email(), declineLink: httpUrl }),
  secret: ["link", "declineLink"],
  content: {
    de: (v) => ({
      subject: "Bitte bestätigen Sie die Änderung Ihrer E-Mail-Adresse",
      paragraphs: [
        supportAsked.de(v.requestedBy, v.newEmail),
        "Die Änderung wird erst wirksam, wenn Sie sie hier zustimmen und danach die neue Adresse bestätigt wird. Bis dahin bleibt diese Adresse Ihre Anmeldung, und alle E-Mails (auch zum Zurücksetzen des Passworts) kommen weiter hierher.",
      ],
      action: { label: "Änderung zustimmen", url: v.link },
      notes: [...validityNote("de", v.validHours), declineNote.de(v.declineLink)],
    }),
    en: (v) => ({
      subject: "Please approve the change of your e-mail address",
      paragraphs: [
        supportAsked.en(v.requestedBy, v.newEmail),
        "The change takes effect only if you approve it here and the new address is then confirmed. Until then, this address stays your login, and every e-mail (password resets included) keeps coming here.",
      ],
      action: { label: "Approve the change", url: v.link },
      notes: [...validityNote("en", v.validHours), declineNote.en(v.declineLink)],
    }),
  },
});

/**
 * The notice to the current address when support asks to change it (issue 27): who asked, for
 * which address, and that nothing changes until the new address confirms.
 */
export const emailChangeNotice = defineTemplate({
  variables: layoutVariables.extend({ newEmail: z.email(), requestedBy: z.email() }),
  secret: [],
  content: {
    de: (v) => ({
      subject: "Eine Änderung Ihrer E-Mail-Adresse wurde angefragt",
      paragraphs: [
        [
          "Der Support des ePaper Studios (",
          v.requestedBy,
          ") hat angefragt, die E-Mail-Adresse Ihres Benutzerkontos zu ändern in ",
          { strong: v.newEmail },
          ".",
        ],
        "Die neue Adresse erhält einen Bestätigungslink. Bis er aufgerufen wird, bleibt diese Adresse Ihre Anmeldung, und alle E-Mails (auch zum Zurücksetzen des Passworts) kommen weiter hierher.",
        "Falls Sie diese Änderung nicht erwarten, antworten Sie bitte nicht auf Nachrichten der neuen Adresse und wenden Sie sich an den Support.",
      ],
    }),
    en: (v) => ({
      subject: "A change of your e-mail address was requested",
      paragraphs: [
        supportAsked.en(v.requestedBy, v.newEmail),
        "The new address receives a confirmation link. Until it is followed, this address stays your login, and every e-mail (password resets included) keeps coming here.",
        "If you do not expect this change, please do not act on messages from the new address and contact the support.",
      ],
    }),
  },
});

/** authType delete-user: the user asked to delete their profile (studio-admin.md "Profile deletion needs confirmation"). */
export const deleteUser = defineTemplate({
  variables: tokenLink,
  secret: ["link"],
  content: {
    de: (v) => ({
      subject: "Bestätigen Sie das Löschen Ihres Profils",
      paragraphs: [
        "Sie möchten Ihr Profil im ePaper Studio löschen.",
        "Nach Ihrer Bestätigung wird Ihr Benutzerprofil gelöscht und Sie können sich nicht mehr anmelden. Dies kann nicht rückgängig gemacht werden.",
      ],
      action: { label: "Löschen des Profils bestätigen", url: v.link },
      notes: [...validityNote("de", v.validHours), IGNORE.de],
    }),
    en: (v) => ({
      subject: "Confirm the deletion of your profile",
      paragraphs: [
        "You asked to delete your ePaper Studio profile.",
        "Once you confirm, your user profile is deleted and you can no longer log in. This cannot be undone.",
      ],
      action: { label: "Confirm profile deletion", url: v.link },
      notes: [...validityNote("en", v.validHours), IGNORE.en],
    }),
  },
});

/** authType delete-account: the whole account (company) with its users and ePapers. */
export const deleteAccount = defineTemplate({
  variables: tokenLink.extend({ accountName: displayName }),
  secret: ["link"],
  content: {
    de: (v) => ({
      subject: "Bestätigen Sie das Löschen Ihres Kontos",
      paragraphs: [
        ["Sie möchten das Konto ", { strong: v.accountName }, " im ePaper Studio löschen."],
        "Nach Ihrer Bestätigung werden das Konto, alle seine Benutzer und alle seine ePapers gelöscht. Dies kann nicht rückgängig gemacht werden.",
      ],
      action: { label: "Löschen des Kontos bestätigen", url: v.link },
      notes: [...validityNote("de", v.validHours), IGNORE.de],
    }),
    en: (v) => ({
      subject: "Confirm the deletion of your account",
      paragraphs: [
        ["You asked to delete the account ", { strong: v.accountName }, " in ePaper Studio."],
        "Once you confirm, the account, all its users and all its ePapers are deleted. This cannot be undone.",
      ],
      action: { label: "Confirm account deletion", url: v.link },
      notes: [...validityNote("en", v.validHours), IGNORE.en],
    }),
  },
});
