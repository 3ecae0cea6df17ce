import type { Translation } from "../en.ts";

/** German: the ePaper editor (detail workspace). */
export default {
  editor: {
    metaTitle: "{{name}} – Editor",
    back: "Zurück zu meinen ePapern",
    switchEpaper: {
      label: "Anderes ePaper öffnen",
      placeholder: "Tippen, um ein ePaper zu finden",
      none: "Kein ePaper passt.",
      current: "Gerade geöffnet",
      pages_one: "{{count}} Seite",
      pages_other: "{{count}} Seiten",
    },
    pages: "Seiten",
    openPages: "Seiten: {{page}} von {{count}}",
    columns: "Größe der Vorschaubilder",
    columnsShort: "Spalten",
    columnsOption_one: "{{count}} Spalte",
    columnsOption_other: "{{count}} Spalten",
    page: "Seite {{page}}",
    pageHidden: "Seite {{page}} (ausgeblendet)",
    loadingPages: "Seiten werden geladen …",
    toolbar: "Seitenansicht",
    rendering:
      "{{ready}} von {{total}} Seiten sind fertig; die übrigen erscheinen hier, sobald sie gerendert sind. Die Seitendialoge öffnen sich, wenn alle da sind; die Vorschau, jetzt gedrückt, öffnet sich dann von selbst.",
    pagesToCheck: {
      title: "Zu prüfende Seiten",
      blank_one:
        "Diese Seite konnte nicht innerhalb der Zeit- oder Speichergrenze gezeichnet werden (sie ist zu komplex); eine leere Seite steht an ihrer Stelle. Vereinfachen Sie sie im PDF und ersetzen Sie die Seite:",
      blank_other:
        "Diese {{count}} Seiten konnten nicht innerhalb der Zeit- oder Speichergrenze gezeichnet werden (sie sind zu komplex); leere Seiten stehen an ihrer Stelle. Vereinfachen Sie sie im PDF und ersetzen Sie die Seiten:",
      degraded_one:
        "Diese Seite sieht womöglich anders aus als im PDF (eine Schrift, die nicht geladen werden konnte, verkleinert oder ohne Text):",
      degraded_other:
        "Diese {{count}} Seiten sehen womöglich anders aus als im PDF (Schriften, die nicht geladen werden konnten, verkleinert oder ohne Text):",
      goTo: "Zu Seite {{page}}",
      more: "Nur die ersten {{count}} sind genannt.",
    },
    zoomOut: "Verkleinern",
    zoomIn: "Vergrößern",
    zoom: "{{zoom}} %",
    zoomGroup: "Zoom",
    fitLabel: "Originalgröße (100 %)",
    fit: "Originalgröße",
    pageNumber: "Seitenzahl",
    ofPages: "von {{count}}",
    previous: "Vorherige Seite",
    next: "Nächste Seite",
    canvasArea: "Seitenbereich",
    canvas: "Seite {{page}} mit ihren Klickbereichen",
    mediaList: "Medienelemente von Seite {{page}}",
    noMedia: "Diese Seite hat noch keine Medienelemente.",
    pdfLink: "Link im PDF: {{target}}",
    pdfLinkPage: "Seite {{page}}",
    pdfLinks: "Links im PDF",
    preview: "Vorschau",
    previewPublishing: "Vorschau wird erstellt …",
    previewQueued: "Vorschau öffnet sich, wenn alle Seiten fertig sind …",
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
