import type { Translation } from "../en.ts";

/** German: the preview link (card dialog) and the protected sharing page. */
export default {
  previewLink: {
    menu: "Vorschau-Link",
    title: "Vorschau-Link von {{name}}",
    intro:
      "Ein Vorschau-Link zeigt dieses ePaper Personen außerhalb Ihres Teams. Er ist mit einem Passwort geschützt: Geben Sie Link und Passwort nur an die Personen weiter, die die Vorschau sehen sollen.",
    create: "Vorschau-Link erstellen",
    creating: "Der Vorschau-Link wird veröffentlicht …",
    passwordLabel: "Passwort",
    passwordOnce:
      "Kopieren Sie das Passwort jetzt: Es wird nur dieses eine Mal angezeigt. Ein neues Passwort können Sie jederzeit vergeben.",
    linkLabel: "Link",
    copy: "Kopieren",
    copied: "Kopiert",
    validUntil: "Der Link funktioniert bis {{date}}. Jede Person gibt das Passwort ein und kann dann eine Stunde lang lesen.",
    storageUntil: "Ihr Test-ePaper wird noch {{time}} gespeichert; so lange funktioniert der Link höchstens.",
    expired: "Der Link ist am {{date}} abgelaufen. Veröffentlichen Sie ihn erneut, damit er wieder funktioniert.",
    outdated: "Seit der Veröffentlichung geändert: Veröffentlichen Sie den Link erneut, damit die Änderungen zu sehen sind.",
    republish: "Erneut veröffentlichen",
    newPassword: "Neues Passwort",
    newAddress: "Neue Adresse",
    newAddressTitle: "Dem Vorschau-Link eine neue Adresse geben?",
    newAddressText: "Der bisherige Link funktioniert sofort nicht mehr, für alle, die ihn haben. Das Passwort bleibt.",
    newAddressConfirm: "Neue Adresse",
    newAddressDone: "Der Vorschau-Link hat eine neue Adresse.",
    open: "Öffnen",
    close: "Schließen",
  },
  protectedSharing: {
    metaTitle: "Geschützte Vorschau",
    title: "Geschützte Vorschau",
    text: "Diese Vorschau ist mit einem Passwort geschützt. Bitte geben Sie das Passwort ein, das Sie mit dem Link erhalten haben.",
    password: "Passwort",
    submit: "Geschützten Inhalt ansehen",
    errors: {
      wrongPassword:
        "Falsches Passwort. Bitte prüfen Sie das Passwort, das Sie mit dem Link erhalten haben, oder bitten Sie den Absender um ein neues.",
      somethingWentWrong: "Etwas ist schiefgelaufen. Bitte wenden Sie sich an den Support.",
    },
  },
} satisfies Pick<Translation, "previewLink" | "protectedSharing">;
