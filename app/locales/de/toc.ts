import type { Translation } from "../en.ts";

/** German: the table-of-contents dialog (issue 12). */
export default {
  toc: {
    menuItem: "Inhaltsverzeichnis",
    title: "Inhaltsverzeichnis von {{name}}",
    entries: "Einträge",
    empty: "Noch keine Einträge. Das PDF hatte keine Gliederung; legen Sie unten den ersten Eintrag an.",
    entry: "Eintrag {{number}}",
    fields: {
      title: "Titel",
      description: "Beschreibung",
      author: "Autor",
      indent: "Einrückung",
      page: "Seite",
      enabled: "Angezeigt",
    },
    indentOption: "Ebene {{level}}",
    pageThumb: "Seite {{page}}",
    add: "Eintrag hinzufügen",
    newEntry: "Neuer Eintrag",
    remove: "Eintrag {{number}} löschen",
    removed: "Eintrag gelöscht.",
    saved: "Gespeichert.",
    settings: "Einstellungen",
    tocEnabled: "Inhaltsverzeichnis im Reader zeigen",
    tocAutostartActive: "Beim Start des Readers öffnen",
    tocThumbsActive: "Vorschaubilder der Seiten neben den Einträgen zeigen",
    offHint: "Der Reader zeigt diese Einträge nicht: Das Inhaltsverzeichnis ist ausgeschaltet.",
    republishHint: "Änderungen erscheinen im Reader nach der nächsten Veröffentlichung.",
    validation: {
      titleRequired: "Bitte einen Titel eingeben.",
      pageNotValid: "Bitte eine Seitenzahl dieses ePapers eingeben.",
    },
    errors: { notFound: "Diesen Eintrag gibt es nicht mehr." },
  },
} satisfies Pick<Translation, "toc">;
