import type { Translation } from "../en.ts";

/** German: login, signup, passwords, token links, try-it, the welcome panel, test phase, validation messages. */
export default {
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
    maintenanceTitle: "Anmeldung während der Wartung",
    maintenanceText: "Das Studio wird gewartet. Hier können sich nur Support und Administratoren anmelden.",
    maintenanceActive: "Das Studio wird gewartet. Sie können sich anmelden, die meisten Funktionen ruhen aber bis zum Ende der Wartung.",
    notices: {
      sessionExpired: "Sitzung abgelaufen. Bitte melden Sie sich erneut an.",
      accountDeactivated: "Ihr Konto wurde deaktiviert. Bitte wenden Sie sich an den Support.",
      tryItFailed: "Ihr Testkonto konnte nicht angelegt werden. Bitte versuchen Sie es später noch einmal oder registrieren Sie sich.",
    },
  },
  signup: {
    metaTitle: "Registrieren",
    title: "Konto anlegen",
    accountName: "Firmenname",
    firstname: "Vorname",
    lastname: "Nachname",
    email: "E-Mail-Adresse",
    password: "Passwort",
    passwordConfirmation: "Passwort wiederholen",
    strengthLabel: "Passwortstärke",
    strength: { "0": "sehr schwach", "1": "schwach", "2": "gut", "3": "stark" },
    strengthUnavailable: "Die Passwortstärke kann gerade nicht eingeschätzt werden; sie wird beim Absenden geprüft.",
    termsFallback: "Ich akzeptiere die Allgemeinen Geschäftsbedingungen.",
    readTerms: "Allgemeine Geschäftsbedingungen lesen",
    submit: "Registrieren",
    haveAccount: "Schon registriert?",
    login: "Anmelden",
    generatedIntro:
      "Registrieren Sie sich kostenlos, um Ihr Testkonto und seine ePaper zu behalten. Wir senden Ihnen eine E-Mail, mit der Sie Ihre Adresse bestätigen und Ihr Passwort festlegen.",
    generatedSent:
      "Vielen Dank! Wir haben eine E-Mail an {{email}} gesendet. Bitte bestätigen Sie Ihre Adresse mit dem Link darin und legen Sie Ihr Passwort fest.",
  },
  password: {
    resetTitle: "Passwort zurücksetzen",
    setTitle: "Passwort festlegen",
    requestIntro: "Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort festlegen.",
    requestSubmit: "Link senden",
    emailSent: "Wir haben eine E-Mail mit einem Link an {{email}} gesendet. Bitte sehen Sie in Ihrem Postfach nach.",
    newPassword: "Neues Passwort",
    setSubmit: "Passwort speichern",
    changed: "Ihr Passwort wurde geändert.",
    backToLogin: "Zurück zur Anmeldung",
  },
  auth: {
    flows: {
      signup: { title: "Registrierung bestätigen", working: "Ihre Registrierung wird bestätigt …" },
      "generated-user-signup": { title: "Registrierung bestätigen", working: "Ihre Registrierung wird bestätigt …" },
      "password-reset": { title: "Passwort zurücksetzen", working: "Ihr Link wird geprüft …" },
      "email-reset": { title: "Neue E-Mail-Adresse bestätigen", working: "Ihre neue E-Mail-Adresse wird bestätigt …" },
      "delete-user": {
        title: "Benutzer löschen",
        working: "Ihr Benutzer wird gelöscht …",
        question: "Ihren Benutzer endgültig löschen? Sie werden überall abgemeldet und können sich damit nicht mehr anmelden.",
        press: "Meinen Benutzer löschen",
      },
      "delete-account": {
        title: "Konto löschen",
        working: "Das Konto wird gelöscht …",
        question:
          "Das Konto endgültig löschen, mit allen Benutzern, ePapers und Veröffentlichungen? Das kann nicht rückgängig gemacht werden.",
        press: "Konto löschen",
      },
      "email-change-approve": {
        title: "Änderung Ihrer E-Mail-Adresse",
        working: "Ihre Antwort wird geprüft …",
        question:
          "Der Support des ePaper Studios möchte die E-Mail-Adresse Ihres Benutzerkontos ändern in {{email}}. Stimmen Sie zu? Erst dann erhält die neue Adresse einen Link zur Bestätigung.",
        press: "Änderung zustimmen",
      },
      "email-change-decline": {
        title: "Änderung Ihrer E-Mail-Adresse",
        working: "Ihre Antwort wird geprüft …",
        question: "Die Änderung Ihrer E-Mail-Adresse in {{email}} ablehnen? Ihre bisherige Adresse bleibt Ihre Anmeldung.",
        press: "Änderung ablehnen",
      },
    },
    continue: "Weiter",
    toLogin: "Zur Anmeldung",
    backToStudio: "Zurück zum Studio",
    signupConfirmed: "Vielen Dank! Ihre Registrierung ist bestätigt.",
    done: {
      emailChanged: "Ihre E-Mail-Adresse wurde in {{email}} geändert. Bitte melden Sie sich damit an.",
      userDeleted: "Ihr Benutzer wurde gelöscht.",
      accountDeleted: "Ihr Konto wurde gelöscht.",
    },
    failed: {
      invalid:
        "Ein unerwarteter Fehler ist aufgetreten: Dieser Link ist ungültig. Bitte fordern Sie einen neuen an oder wenden Sie sich an den Support.",
      expired: "Dieser Link ist abgelaufen. Bitte fordern Sie einen neuen an.",
      used: "Dieser Link wurde bereits verwendet.",
      unprocessable: "Ein unerwarteter Fehler ist aufgetreten. Bitte wenden Sie sich an den Support.",
      lastUser: "Sie sind der letzte Benutzer dieses Kontos und können nicht gelöscht werden. Bitte löschen Sie stattdessen das Konto.",
      activeShopSubscriptions: "Die Aktion kann nicht ausgeführt werden, da noch aktive Abonnements laufen.",
      notApproved:
        "Diese Änderung der E-Mail-Adresse wurde von der bisherigen Adresse noch nicht bestätigt. Erst danach kann die neue Adresse bestätigt werden.",
      noChangePending: "Es gibt keine offene Änderung Ihrer E-Mail-Adresse mehr: Sie wurde bereits beantwortet, abgelehnt oder ersetzt.",
    },
    noted: {
      emailChangeApproved:
        "Danke, Sie haben der Änderung zugestimmt. {{email}} erhält jetzt einen Link zur Bestätigung; bis dahin bleibt Ihre bisherige Adresse Ihre Anmeldung.",
      emailChangeDeclined: "Die Änderung in {{email}} wurde abgelehnt. Ihre E-Mail-Adresse bleibt unverändert.",
    },
  },
  deactivateEmail: {
    metaTitle: "E-Mail-Benachrichtigungen",
    title: "E-Mail-Benachrichtigungen",
    working: "Sie werden abgemeldet …",
    done: "Sie erhalten die E-Mail „{{notification}}“ nicht mehr. Sie wurden abgemeldet.",
    notifications: {
      epaperReady: "ePaper fertig",
      zipReady: "Zip fertig",
      channelPublicationReady: "Kanal-Veröffentlichung fertig",
    },
  },
  tryIt: {
    metaTitle: "ePaper Studio ausprobieren",
    title: "ePaper Studio ausprobieren",
    preparing: "Ihr Testkonto wird vorbereitet …",
    loggedIn: "Sie sind als {{email}} angemeldet. Wenn Sie das Studio mit einem Testkonto ausprobieren, werden Sie abgemeldet.",
    start: "Abmelden und ausprobieren",
    userName: "Testkonto",
  },
  welcome: {
    headline: "Willkommen im ePaper Studio!",
    paragraph1:
      "Laden Sie ein PDF hoch und sehen Sie in wenigen Sekunden, wie daraus ein schnelles, interaktives ePaper wird: mit Links, Videos und Galerien und einer Vorschau auf jedem Gerät.",
    paragraph2:
      "Dies ist ein Testkonto: Ihre ePaper werden {{days}} Tage aufbewahrt. Registrieren Sie sich kostenlos, um sie zu behalten und zu veröffentlichen.",
    deleteAll: "Alle ePaper löschen",
    deleteAllConfirmTitle: "Alle ePaper löschen?",
    deleteAllConfirmText: "Alle ePaper dieses Testkontos werden gelöscht. Das kann nicht rückgängig gemacht werden.",
    deleteAllConfirm: "Alle löschen",
    deleted: "Alle ePaper wurden gelöscht.",
    cancel: "Abbrechen",
    signup: "Registrieren",
    backTo: "Zurück zu {{site}}",
  },
  testPhase: {
    title: "Ihre Testphase ist abgelaufen",
    text: "Registrieren Sie sich kostenlos, um Ihre ePaper zu behalten und weiter damit zu arbeiten. Wenn Sie abbrechen, werden Ihre ePaper gelöscht und der Test endet.",
    signup: "Registrieren",
    cancel: "Abbrechen und löschen",
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
    currentPasswordRequired: "Bitte geben Sie Ihr aktuelles Passwort ein",
    currentPasswordWrong: "Das ist nicht Ihr aktuelles Passwort",
    companyNameRequired: "Bitte geben Sie einen Firmennamen ein",
    firstnameRequired: "Bitte geben Sie einen Vornamen ein",
    lastnameRequired: "Bitte geben Sie einen Nachnamen ein",
    nameTooLong: "Höchstens {{max}} Zeichen",
    pleaseConfirmTermsAndConditions: "Bitte bestätigen Sie die Allgemeinen Geschäftsbedingungen",
    maintenanceStaffOnly: "Während der Wartung können sich nur Support und Administratoren anmelden.",
    formRejected: "Das Formular konnte nicht gesendet werden. Bitte laden Sie die Seite neu und versuchen Sie es erneut.",
    returnUrlInvalid:
      "Bitte geben Sie eine vollständige Webadresse ein, die mit https:// oder http:// beginnt, oder lassen Sie das Feld leer",
    widgetLocaleInvalid: "Bitte wählen Sie Deutsch oder Englisch",
  },
} satisfies Pick<
  Translation,
  "login" | "signup" | "password" | "auth" | "deactivateEmail" | "tryIt" | "welcome" | "testPhase" | "validation"
>;
