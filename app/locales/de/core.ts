import type { Translation } from "../en.ts";

/** German: texts every page may show: the app's name, the language switch, not found, toasts, the global errors. */
export default {
  app: {
    name: "ePaper Studio",
    description:
      "Machen Sie aus Ihren PDFs schnelle, barrierefreie ePaper für jeden Bildschirm: hochladen, mit Links und Medien anreichern, als Link, Download oder eigenen Kanal veröffentlichen.",
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
  toast: {
    region: "Benachrichtigungen",
    close: "Benachrichtigung schließen",
    sendErrorReport: "Fehlerbericht senden",
  },
  errors: {
    invalidRequest: "Diese Anfrage ist ungültig.",
    itemNotFound: "Dieses Element existiert nicht (mehr).",
    conflict: "Das konnte nicht gespeichert werden, weil es sich inzwischen geändert hat. Bitte laden Sie neu und versuchen Sie es erneut.",
    unprocessable: "Diese Aktion kann nicht ausgeführt werden.",
    tooManyRequests: "Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
    failedDependency: "Ein Dienst, den diese Aktion braucht, ist nicht erreichbar. Bitte versuchen Sie es später erneut.",
    notImplemented: "Diese Funktion ist noch nicht umgesetzt",
    userNotConfirmed:
      "Für diese Aktion fehlt Ihnen die Berechtigung. Bitte prüfen Sie Ihr E-Mail-Postfach und bestätigen Sie Ihre Registrierung.",
    demoContent: "Diese Aktion kann nicht auf Demo-Inhalte angewendet werden",
    activeShopSubscriptions: "Die Aktion kann nicht ausgeführt werden, weil noch aktive Abonnements laufen",
    tooManyAttempts: "Zu viele Versuche. Bitte warten Sie {{minutes}} Minuten und versuchen Sie es dann erneut.",
    sessionExpired: "Sitzung abgelaufen. Bitte melden Sie sich erneut an.",
    title: "Etwas ist schiefgelaufen",
    unexpected: "Ein unerwarteter Fehler ist aufgetreten. Bitte wenden Sie sich an den Support.",
    notFound: "Diese Seite gibt es nicht.",
    forbidden: "Diese Aktion ist nicht erlaubt.",
    tryAgain: "Erneut versuchen",
    unavailableTitle: "Gleich wieder da",
    unavailableRetry: "Das Studio erreicht gerade einen seiner Dienste nicht. Bitte versuchen Sie es gleich noch einmal.",
    unavailable:
      "Das Studio erreicht gerade einen seiner Dienste nicht. Nichts Gespeichertes geht verloren; diese Seite versucht es in wenigen Sekunden von selbst erneut.",
    status: "Fehler {{status}}",
  },
} satisfies Pick<Translation, "app" | "language" | "notFound" | "toast" | "errors">;
