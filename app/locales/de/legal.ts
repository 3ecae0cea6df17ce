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
