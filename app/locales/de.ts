import type { Translation } from "./en.ts";

/** German interface texts (the default language). */
const de: Translation = {
  app: {
    name: "ePaper Studio",
    skipToContent: "Zum Inhalt springen",
  },
  language: {
    label: "Sprache",
    de: "Deutsch",
    en: "English",
  },
  notFound: {
    metaTitle: "Seite nicht gefunden",
    title: "Diese Seite gibt es nicht",
    text: "Die Adresse ist vielleicht falsch geschrieben, oder die Seite wurde verschoben oder entfernt.",
    toLandingPage: "Zur Startseite",
    backToStudio: "Zurück zum Studio",
  },
  login: {
    metaTitle: "Anmelden",
    title: "Anmelden",
    email: "E-Mail-Adresse",
    password: "Passwort",
    showPassword: "Passwort anzeigen",
    hidePassword: "Passwort verbergen",
    submit: "Anmelden",
    forgotPassword: "Passwort vergessen?",
    noAccount: "Noch kein Konto?",
    signup: "Registrieren",
    notYetAvailable: "Die Anmeldung ist noch nicht verfügbar: Konten kommen mit der nächsten Version des Studios.",
  },
  validation: {
    emailRequired: "Bitte geben Sie Ihre E-Mail-Adresse ein",
    validEmailRequired: "Die E-Mail-Adresse ist ungültig",
    passwordRequired: "Bitte geben Sie Ihr Passwort ein",
    passwordTooShort: "Passwort zu kurz (mindestens {{min}} Zeichen)",
  },
  render: {
    progress: "{{ready}} von {{total}} Seiten verarbeitet",
    downloading: "Download",
    splitting: "Aufteilen",
    rendering: "Rendern",
    errors: {
      pdfPasswordProtected: "Dieses PDF ist passwortgeschützt. Entfernen Sie das Passwort und laden Sie es erneut hoch.",
      pdfNotAPdf: "Diese Datei ist kein PDF. Bitte laden Sie eine PDF-Datei hoch.",
      pdfDamaged:
        "Dieses PDF ist beschädigt und kann nicht gelesen werden. Bitte exportieren Sie es erneut und laden Sie die neue Datei hoch.",
      pdfTooLarge: "Dieses PDF ist zu groß, um verarbeitet zu werden.",
      renderProcessFailed: "Das ePaper konnte nicht gerendert werden. Bitte versuchen Sie es erneut oder wenden Sie sich an den Support.",
      renderingCancelled: "Das Rendern wurde abgebrochen.",
    },
  },
  errors: {
    title: "Etwas ist schiefgelaufen",
    unexpected: "Ein unerwarteter Fehler ist aufgetreten. Bitte wenden Sie sich an den Support.",
    notFound: "Diese Seite gibt es nicht.",
    forbidden: "Diese Aktion ist nicht erlaubt.",
    tryAgain: "Erneut versuchen",
    status: "Fehler {{status}}",
  },
};

export default de;
