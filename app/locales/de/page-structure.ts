import type { Translation } from "../en.ts";

/** Deutsch: der Dialog Seitenreihenfolge und -struktur und seine Vorgänge (Issue 12). */
export default {
  pageStructure: {
    menuItem: "Seitenreihenfolge und -struktur",
    title: "Seitenreihenfolge und -struktur von {{name}}",
    intro:
      "Seiten hinzufügen, verschieben, ersetzen oder löschen: über das Menü einer Seite, oder ziehen Sie eine Seite auf eine andere, um sie zu verschieben. Nur neue Seiten werden gerendert; Medienelemente, interne Links und das Inhaltsverzeichnis ziehen mit.",
    caption: "Seiten {{from}} bis {{to}} von {{total}}",
    page: "Seite {{number}}",
    hidden: "ausgeblendet",
    linkInfo: { from: "{{count}} interne(r) Link(s) darauf", to: "{{count}} interne(r) Link(s) dorthin" },
    actions: {
      menu: "Aktionen für Seite {{number}}",
      insertBefore: "Seiten davor einfügen",
      insertAfter: "Seiten danach einfügen",
      move: "Verschieben",
      replace: "Ersetzen",
      delete: "Löschen",
    },
    needsTwoPages: "Verschieben und Löschen brauchen mindestens zwei Seiten.",
    insert: {
      title: "Seiten hinzufügen",
      position: "Position",
      before: "Vor Seite {{number}}",
      after: "Nach Seite {{number}}",
      submit: "Seiten hinzufügen",
    },
    upload: {
      label: "PDF-Datei",
      choose: "PDF auswählen",
      hint: "Höchstens {{max}} Seiten.",
      uploading: "{{fileName}} wird hochgeladen …",
      uploaded: "{{fileName}}: {{count}} Seite(n)",
      required: "Bitte laden Sie zuerst ein PDF hoch.",
      failed: "Das Hochladen ist fehlgeschlagen. Bitte versuchen Sie es erneut.",
    },
    move: {
      title: "Seite {{number}} verschieben",
      target: "Zielseite",
      place: "Platz",
      before: "Vor der Zielseite",
      behind: "Hinter der Zielseite",
      unchanged: "Die Seite steht bereits dort.",
      submit: "Seite verschieben",
    },
    replace: {
      title: "Seite {{number}} ersetzen",
      sourcePage: "Seite des hochgeladenen PDFs",
      sourcePageRange: "Geben Sie eine Seite zwischen 1 und {{max}} ein.",
      confirm:
        "Seite {{number}} durch Seite {{source}} von {{fileName}} ersetzen? Ihre Medienelemente und Links bleiben auf der neuen Seite.",
      submit: "Seite ersetzen",
    },
    delete: {
      title: "Seite {{number}} löschen",
      none: "Seite {{number}} löschen? Das kann nicht rückgängig gemacht werden.",
      source:
        "Seite {{number}} enthält {{count}} interne(n) Link(s), die mit ihr gelöscht werden. Das kann nicht rückgängig gemacht werden.",
      target:
        "{{count}} interne(r) Link(s) führen zu Seite {{number}} (auf Seite(n) {{pages}}). Sie werden mit der Seite gelöscht. Das kann nicht rückgängig gemacht werden.",
      both: "Seite {{number}} enthält interne Links, und {{count}} interne(r) Link(s) auf Seite(n) {{pages}} führen zu ihr. Alle werden mit der Seite gelöscht. Das kann nicht rückgängig gemacht werden.",
      submit: "Seite löschen",
    },
    cancel: "Abbrechen",
    close: "Schließen",
    progress: {
      inserting_pages: "Seiten werden hinzugefügt: {{ready}} von {{total}} gerendert",
      replacing_page: "Seite wird ersetzt: die neue Seite wird gerendert",
      moving_page: "Seite wird verschoben …",
      deleting_page: "Seite wird gelöscht …",
    },
    cancelProcess: "Abbrechen",
    reset: "Zurücksetzen",
    done: {
      inserting_pages: "Die Seiten wurden hinzugefügt.",
      moving_page: "Die Seite wurde verschoben.",
      replacing_page: "Die Seite wurde ersetzt.",
      deleting_page: "Die Seite wurde gelöscht.",
    },
    errors: {
      pageNotFound: "Diese Seite gibt es nicht mehr. Die Liste wurde neu geladen.",
      uploadNotFound: "Das hochgeladene PDF ist nicht mehr verfügbar. Bitte laden Sie es erneut hoch.",
      needsTwoPages: "Verschieben und Löschen brauchen mindestens zwei Seiten.",
      moveChangesNothing: "Die Seite steht bereits an diesem Platz.",
      lastVisiblePage: "Die letzte sichtbare Seite kann nicht gelöscht werden.",
      tooManyPages: "Dieses PDF hat zu viele Seiten. Höchstens {{max}} Seiten können auf einmal hinzugefügt oder getauscht werden.",
      sourcePageMissing: "Das hochgeladene PDF hat nur {{max}} Seite(n).",
    },
  },
} satisfies Pick<Translation, "pageStructure">;
