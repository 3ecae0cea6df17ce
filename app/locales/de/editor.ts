import type { Translation } from "../en.ts";

/** German: the ePaper editor (detail workspace). */
export default {
  editor: {
    metaTitle: "{{name}} – Editor",
    back: "Zurück zu meinen ePapern",
    pages: "Seiten",
    openPages: "Seiten: {{page}} von {{count}}",
    columns: "Größe der Vorschaubilder",
    columnsOption_one: "{{count}} Spalte",
    columnsOption_other: "{{count}} Spalten",
    page: "Seite {{page}}",
    pageHidden: "Seite {{page}} (ausgeblendet)",
    loadingPages: "Seiten werden geladen …",
    toolbar: "Seitenansicht",
    zoomOut: "Verkleinern",
    zoomIn: "Vergrößern",
    zoom: "Zoom {{zoom}} %",
    fit: "Einpassen (100 %)",
    pageNumber: "Seitenzahl",
    ofPages: "von {{count}}",
    previous: "Vorherige Seite",
    next: "Nächste Seite",
    canvasArea: "Seitenbereich",
    canvas: "Seite {{page}} mit ihren Klickbereichen",
    mediaList: "Medienelemente von Seite {{page}}",
    noMedia: "Diese Seite hat noch keine Medienelemente.",
    clickArea: "Klickbereich: {{name}}",
    kinds: {
      internalLink: "Interner Link",
      externalLink: "Externer Link",
      mailtoLink: "E-Mail-Link",
      video: "Video",
      gallery: "Galerie",
      customHtml: "Eigenes HTML",
    },
  },
} satisfies Pick<Translation, "editor">;
