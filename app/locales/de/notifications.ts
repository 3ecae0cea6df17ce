import type { Translation } from "../en.ts";

/** Deutsch: Meldungen der Echtzeit-Ereignisse (studio-admin.md §4) und die Servicemeldung des Supports. */
export default {
  notifications: {
    renderFailed: "„{{name}}“ konnte nicht verarbeitet werden. Den Grund zeigt seine Karte.",
    renderCancelled: "Die Verarbeitung von „{{name}}“ wurde abgebrochen.",
    actions: {
      download: "Zip herunterladen",
      channels: "Kanäle ansehen",
    },
    pages: {
      finished: "Die Seiten von „{{name}}“ wurden geändert.",
      failed: "Die Seiten von „{{name}}“ konnten nicht geändert werden. Das ePaper ist unverändert.",
      cancelled: "Die Seitenänderung von „{{name}}“ wurde abgebrochen. Das ePaper ist unverändert.",
    },
    previewDone: "Die Vorschau von „{{name}}“ ist fertig.",
    zipDone: "Das Zip-Paket von „{{name}}“ steht zum Herunterladen bereit.",
    publishFailed: "Das Veröffentlichen von „{{name}}“ ist fehlgeschlagen. Bitte versuchen Sie es erneut.",
    publishCancelled: "Das Veröffentlichen von „{{name}}“ wurde abgebrochen.",
    previewLinkGenerated: "Der Vorschau-Link von „{{name}}“ ist fertig.",
    publishedToChannel: "„{{name}}“ ist jetzt auf seinem Kanal veröffentlicht.",
    channelRemoved: "Der Kanal „{{name}}“ wurde entfernt.",
    channel: {
      publishing: {
        finished: "Der Kanal „{{name}}“ ist veröffentlicht.",
        failed: "Das Veröffentlichen des Kanals „{{name}}“ ist fehlgeschlagen.",
        cancelled: "Das Veröffentlichen des Kanals „{{name}}“ wurde abgebrochen.",
      },
      create: {
        finished: "Der Kanal „{{name}}“ wurde angelegt.",
        failed: "Das Anlegen des Kanals „{{name}}“ ist fehlgeschlagen.",
        cancelled: "Das Anlegen des Kanals „{{name}}“ wurde abgebrochen.",
      },
      clear: {
        finished: "Der Kanal „{{name}}“ wurde geleert.",
        failed: "Das Leeren des Kanals „{{name}}“ ist fehlgeschlagen.",
        cancelled: "Das Leeren des Kanals „{{name}}“ wurde abgebrochen.",
      },
      renew: {
        finished: "Der Kanal „{{name}}“ wurde verlängert.",
        failed: "Das Verlängern des Kanals „{{name}}“ ist fehlgeschlagen.",
        cancelled: "Das Verlängern des Kanals „{{name}}“ wurde abgebrochen.",
      },
    },
    maintenanceStarted: "Die Wartung hat begonnen. Manche Aktionen sind erst nach ihrem Ende möglich.",
    maintenanceEnded: "Die Wartung ist beendet. Bitte laden Sie die Seite neu.",
    service: "{{text}}",
  },
  serviceNotification: {
    open: "Servicemeldung",
    title: "Servicemeldung senden",
    intro:
      "Alle, die im Studio angemeldet sind, sehen diese Meldung sofort auf jeder offenen Seite, bis sie sie schließen. Nur reiner Text, {{min}} bis {{max}} Zeichen.",
    text: "Meldung",
    level: "Art der Meldung",
    levels: { info: "Information", success: "Gute Nachricht", error: "Warnung" },
    length: "{{used}} von {{max}} Zeichen",
    send: "An alle senden",
    sent: "Die Servicemeldung wurde an alle Angemeldeten gesendet.",
    errors: {
      tooShort: "Bitte schreiben Sie mindestens {{min}} Zeichen.",
      tooLong: "Die Meldung darf höchstens {{max}} Zeichen haben.",
      plainText: "Nur reiner Text: keine HTML-Tags oder Zeichencodes.",
      level: "Bitte wählen Sie die Art der Meldung.",
    },
  },
} satisfies Pick<Translation, "notifications" | "serviceNotification">;
