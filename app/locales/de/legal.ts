import type { Translation } from "../en.ts";

/** German: the default legal and help pages of a fresh installation (routes/legal.tsx). */
export default {
  legal: {
    notice:
      "Dies ist der Standardtext dieser Installation. Ihr Betreiber ersetzt ihn durch eine eigene Seite, indem er den Link in den Einstellungen des Studios ändert.",
    back: "Zurück zu ePaper Studio",
    terms: {
      title: "Allgemeine Geschäftsbedingungen",
      body: "Die Allgemeinen Geschäftsbedingungen dieses ePaper Studios sind noch nicht veröffentlicht. Bitte fragen Sie den Betreiber dieser Installation danach.",
    },
    privacy: {
      title: "Datenschutzerklärung",
      body: "ePaper Studio speichert die Daten, die Sie eingeben (Ihr Konto, die hochgeladenen PDFs und die daraus erstellten ePaper), um den Dienst zu erbringen, und ein Sitzungscookie, solange Sie angemeldet sind. Verantwortlich ist der Betreiber dieser Installation; er beantwortet Fragen zu Ihren Daten.",
      readersHeading: "Leser veröffentlichter ePaper",
      readers:
        "Sofern ihr Eigentümer es nicht ausschaltet, zählt ein veröffentlichtes ePaper seine Leser ohne Cookies: Aufrufe, gelesene Seiten und wie lange, Klicks auf Medien, Suchen, Downloads, Teilen, die verweisende Website und die Art des Geräts. IP-Adresse und Browser dienen nur einem Code, der einen Tag lebt und nie gespeichert wird; Leser, die Global Privacy Control oder Do Not Track senden, zählen nur als Aufruf. Ein Zip-Paket, das sein Eigentümer auf seiner eigenen Website hostet, sendet standardmäßig nichts. Schaltet der Eigentümer seine Statistik ein, sendet sein Reader dieselben Ereignisse entweder an die Inhaltsadresse dieses Studios, wo sie wie oben gezählt werden, oder an eine Adresse seiner Wahl, auf die dieses Studio keinen Einfluss hat.",
    },
    cookies: {
      title: "Cookies und lokaler Speicher",
      intro:
        "ePaper Studio setzt nur Cookies, die es für das braucht, worum Sie es bitten, und merkt sich Einstellungen, die Sie selbst gewählt haben. Es verwendet keine Cookies für Statistik, Werbung oder Tracking und keine anderer Anbieter. Eine Einwilligung ist deshalb nicht nötig, und kein Cookie-Banner fragt danach.",
      cookiesHeading: "Cookies",
      storageHeading: "Lokaler Speicher in Ihrem Browser",
      purpose: "Zweck",
      lifetime: "Speicherdauer",
      host: "Gesetzt von",
      basis: {
        necessary: "Unbedingt erforderlich",
        setting: "Ihre Einstellung",
      },
      hosts: {
        studio: "Diesem Studio (Erstanbieter)",
        content: "Der Inhaltsadresse des Studios, für Vorschau-Links (Erstanbieter)",
      },
      items: {
        session: {
          purpose: "Hält Sie angemeldet. Es enthält nur eine zufällige, signierte Sitzungsnummer; Ihre Daten bleiben auf dem Server.",
          lifetime: "Bis Sie sich abmelden; die Anmeldung endet nach 30 Tagen ohne Nutzung und spätestens 90 Tage nach der Anmeldung.",
        },
        toast: {
          purpose: "Überbringt die Meldung zu Ihrer letzten Aktion (etwa „Gespeichert“) an die nächste Seite.",
          lifetime: "1 Minute; gelöscht, sobald die Meldung erscheint.",
        },
        gridSize: {
          purpose:
            "Teilt dem Server mit, wie viele ePaper-Karten in Ihr Fenster passen, damit der Arbeitsbereich gleich die richtige Anzahl lädt.",
          lifetime: "1 Jahr",
        },
        language: {
          purpose:
            "Merkt sich die Oberflächensprache, die Sie mit der Sprachauswahl gewählt haben (oder die des Upload-Widgets, aus dem Sie weitergegangen sind).",
          lifetime: "1 Jahr nach Ihrem letzten Besuch",
        },
        previewLink: {
          purpose:
            "Lässt Sie in einen passwortgeschützten Vorschau-Link, nachdem Sie sein Passwort eingegeben haben; es wird nur für diesen Link gesendet.",
          lifetime: "1 Stunde",
        },
        confirmationSeen: {
          purpose: "Merkt sich, dass der Hinweis „Bitte bestätigen Sie Ihre Registrierung“ angezeigt wurde, damit er nur einmal erscheint.",
          lifetime: "Bis Sie die Daten Ihres Browsers löschen",
        },
        newsSeen: {
          purpose: "Merkt sich, welche Neuigkeiten Sie gesehen haben, damit der Neuigkeiten-Hinweis sie nicht erneut zeigt.",
          lifetime: "Bis Sie die Daten Ihres Browsers löschen",
        },
        editorZoom: {
          purpose: "Die Zoomstufe, die Sie im Editor gewählt haben.",
          lifetime: "Bis Sie die Daten Ihres Browsers löschen",
        },
        editorColumns: {
          purpose: "Die Anzahl der Seitenspalten, die Sie im Seitenbereich des Editors gewählt haben.",
          lifetime: "Bis Sie die Daten Ihres Browsers löschen",
        },
      },
      publications:
        "Veröffentlichte ePaper gehören nicht zu dieser Liste: Ihr Eigentümer entscheidet in den Einstellungen des ePapers, ob sie mit einem Cookie-Banner um Einwilligung bitten und Statistiken laden.",
      privacyLink: "Zur Datenschutzerklärung",
    },
    imprint: {
      title: "Impressum",
      body: "Das Impressum des Betreibers dieser Installation ist noch nicht veröffentlicht.",
    },
    help: {
      title: "Hilfe-Center",
      body: "Laden Sie auf der Startseite ein PDF hoch, geben Sie ihm einen Namen und eine Sprache, und das Studio wandelt jede Seite um. Über das Menü der Karte sehen Sie Ihr ePaper in der Vorschau oder laden es als Zip-Paket herunter. Bei allem anderen wenden Sie sich bitte an die Support-Adresse, die in Fehlermeldungen genannt wird.",
    },
  },
} satisfies Pick<Translation, "legal">;
