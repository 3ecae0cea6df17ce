import type { Translation } from "../en.ts";

/** German: the pages settings dialog (issue 12). */
export default {
  pagesSettings: {
    menuItem: "Seitenanzeige und Download",
    title: "Seitenanzeige und Download von {{name}}",
    caption: "Seiten {{from}} bis {{to}} von {{total}}",
    columns: {
      page: "Seite",
      hidden: "Ausgeblendet",
      numberHidden: "Ohne Seitenzahl",
      displayName: "Eigene Seitenzahl",
      pdfDownload: "PDF-Download",
    },
    hide: "Seite {{page}} ausblenden",
    hideNumber: "Seitenzahl von Seite {{page}} ausblenden",
    displayName: "Eigene Seitenzahl von Seite {{page}}",
    pdfDownload: "PDF-Download von Seite {{page}}",
    thumb: "Seite {{page}}",
    allPdfOn: "PDF-Download für alle Seiten",
    allPdfOff: "Kein PDF-Download für alle Seiten",
    pageSize: "Seiten pro Ansicht",
    pageSizeTotal: "Alle",
    previous: "Vorherige Seiten",
    next: "Nächste Seiten",
    saved: "Gespeichert.",
    lastVisiblePage: "Die letzte sichtbare Seite kann nicht ausgeblendet werden.",
    republishHint: "Änderungen erscheinen im Reader nach der nächsten Veröffentlichung.",
    validation: { displayNameTooLong: "Höchstens {{max}} Zeichen." },
    errors: { notFound: "Diese Seite gibt es nicht mehr." },
  },
} satisfies Pick<Translation, "pagesSettings">;
