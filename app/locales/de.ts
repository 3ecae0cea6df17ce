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
  },
  workspace: {
    metaTitle: "Meine ePaper",
    title: "Meine ePaper",
    logout: "Abmelden",
    comingSoon: "Ihr ePaper-Arbeitsbereich (Upload, Übersicht und Ordner) kommt mit der nächsten Version des Studios.",
  },
  validation: {
    emailRequired: "Bitte geben Sie Ihre E-Mail-Adresse ein",
    validEmailRequired: "Die E-Mail-Adresse ist ungültig",
    passwordRequired: "Bitte geben Sie Ihr Passwort ein",
    passwordTooShort: "Passwort zu kurz (mindestens {{min}} Zeichen)",
    passwordTooLong: "Passwort zu lang (höchstens {{max}} Zeichen)",
    passwordRequirements:
      "Bitte verwenden Sie ein Passwort mit mindestens {{min}} Zeichen, darunter ein Sonderzeichen (!@#$%&), eine Ziffer, ein Groß- und ein Kleinbuchstabe",
    passwordTooWeak:
      "Dieses Passwort ist zu leicht zu erraten. Bitte wählen Sie ein stärkeres, zum Beispiel aus mehreren Wörtern ohne Zusammenhang.",
    passwordConfirmationRequired: "Bitte wiederholen Sie Ihr Passwort",
    passwordDoesNotMatch: "Die Passwörter stimmen nicht überein",
    emailMustNotContainPlusSign: "Die E-Mail-Adresse darf kein Pluszeichen (+) enthalten",
    emailAlreadyExist: "Es gibt bereits ein Konto mit dieser E-Mail-Adresse",
    emailAlreadyExistOrAlreadyRequested: "Diese E-Mail-Adresse wird bereits verwendet oder wurde bereits angefordert",
    notFoundEmail: "Es gibt kein Konto mit der E-Mail-Adresse {{email}}",
    invalidCredentials: "Ungültige Zugangsdaten",
    accountDeactivated: "Ihr Konto wurde deaktiviert. Bitte wenden Sie sich an den Support: {{supportEmail}}",
    passwordCouldNotBeSaved: "Das Passwort konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.",
    companyNameRequired: "Bitte geben Sie einen Firmennamen ein",
    firstnameRequired: "Bitte geben Sie einen Vornamen ein",
    lastnameRequired: "Bitte geben Sie einen Nachnamen ein",
    nameTooLong: "Höchstens {{max}} Zeichen",
    pleaseConfirmTermsAndConditions: "Bitte bestätigen Sie die Allgemeinen Geschäftsbedingungen",
    formRejected: "Das Formular konnte nicht gesendet werden. Bitte laden Sie die Seite neu und versuchen Sie es erneut.",
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
    tooManyAttempts: "Zu viele Versuche. Bitte warten Sie {{minutes}} Minuten und versuchen Sie es dann erneut.",
    sessionExpired: "Sitzung abgelaufen. Bitte melden Sie sich erneut an.",
    title: "Etwas ist schiefgelaufen",
    unexpected: "Ein unerwarteter Fehler ist aufgetreten. Bitte wenden Sie sich an den Support.",
    notFound: "Diese Seite gibt es nicht.",
    forbidden: "Diese Aktion ist nicht erlaubt.",
    tryAgain: "Erneut versuchen",
    status: "Fehler {{status}}",
  },
};

export default de;
