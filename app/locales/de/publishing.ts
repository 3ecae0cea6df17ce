import type { Translation } from "../en.ts";

/** German: rendering failures and the publishing forms (preview, zip). */
export default {
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
      pdfTooComplex:
        "Dieses PDF ist zu komplex zum Rendern: Keine Seite ließ sich innerhalb der Zeit- und Speichergrenzen zeichnen (ein viel zu großes Bild oder eine Zeichnung). Exportieren Sie es erneut mit kleineren Bildern und laden Sie die neue Datei hoch.",
      pdfTooLarge: "Dieses PDF ist zu groß, um verarbeitet zu werden.",
      renderProcessFailed: "Das ePaper konnte nicht gerendert werden. Bitte versuchen Sie es erneut oder wenden Sie sich an den Support.",
      renderingCancelled: "Das Rendern wurde abgebrochen.",
      pagesNotInserted: "Seite(n) konnten nicht eingefügt werden. Das ePaper ist unverändert.",
      pageNotMoved: "Die Seite konnte nicht verschoben werden. Das ePaper ist unverändert.",
      pageNotReplaced: "Die Seite konnte nicht ersetzt werden. Das ePaper ist unverändert.",
      pageNotRemoved: "Die Seite konnte nicht entfernt werden. Das ePaper ist unverändert.",
    },
  },
  publish: {
    failed: "Veröffentlichen fehlgeschlagen. Bitte versuchen Sie es erneut.",
    republishRequired: "Seit dem Veröffentlichen geändert: erneut veröffentlichen",
    outdated: "Geändert seit Veröffentlichung: {{list}}",
    outdatedKinds: { preview: "Vorschau", zip: "Zip", previewLink: "Vorschau-Link" },
    noToc:
      "Diese Veröffentlichung hat kein Inhaltsverzeichnis. Fügen Sie im Editor unter Einstellungen → Inhaltsverzeichnis Einträge hinzu oder schalten Sie es ein.",
    progress: {
      preview: "Vorschau wird erstellt …",
      zip: "Zip-Paket wird erstellt …",
      previewlink: "Vorschau-Link wird veröffentlicht …",
      channel: "Wird im Kanal veröffentlicht …",
    },
    preview: {
      menu: "Vorschau",
      title: "Vorschau von {{name}}",
      frame: "ePaper {{name}}",
      back: "Zurück zur Bearbeitung",
      openTab: "In neuem Tab öffnen",
    },
    zip: {
      menu: "Zip-Paket",
      title: "Zip-Paket von {{name}}",
      current: "Veröffentlicht am {{date}}, {{size}} MB. Entpackt läuft es auf jedem Webserver und aus einem Ordner.",
      download: "Zip herunterladen",
      free: "Erneutes Veröffentlichen ist bis {{date}} kostenlos (Nachbearbeitungszeit).",
      unlimited: "Ihr Zip-Kontingent ist unbegrenzt.",
      order:
        "Sie haben noch keine Zip-Pakete. Ein Zip-Paket ist dieses ePaper als Website, die Sie selbst bereitstellen: Es läuft auf jedem Webserver und aus einem Ordner, ohne laufende Kosten. Der Shop zeigt die Pakete und ihre Preise; ein Paket veröffentlicht ein ePaper, und erneutes Veröffentlichen ist danach eine Zeit lang kostenlos.",
      orderButton: "Zip-Pakete bestellen",
      offers: "Im Shop:",
      confirm_one: "Das Veröffentlichen verbraucht ein Zip-Paket. Sie haben noch {{count}}.",
      confirm_other: "Das Veröffentlichen verbraucht ein Zip-Paket. Sie haben noch {{count}}.",
      publish: "Zip veröffentlichen",
      republish: "Erneut veröffentlichen",
      cancel: "Abbrechen",
    },
    errors: {
      zipContingentExhausted: "Sie haben keine Zip-Pakete mehr. Bestellen Sie Zip-Pakete, um dieses ePaper als Zip zu veröffentlichen.",
      zipChargeNotConfirmed: "Bitte bestätigen Sie, dass ein Zip-Paket verbraucht wird.",
      notRendered: "Dieses ePaper ist noch nicht gerendert.",
      publicationNotFound: "Diese Veröffentlichung gibt es nicht mehr.",
    },
  },
} satisfies Pick<Translation, "render" | "publish">;
