import type { Translation } from "../en.ts";

/** Deutsch: das Entwickler-Kit (Issue 14). */
export default {
  devkit: {
    title: "Entwickler-Kit",
    tabs: { label: "Bereiche des Entwickler-Kits", service: "Service", developer: "Entwickler" },
    loading: "Wird geladen …",
    migrations: { title: "Migrationen", pending: "ausstehend", columns: { name: "Migration", executedAt: "Angewendet" } },
    redis: {
      title: "Redis-Schlüssel",
      pattern: "Schlüsselmuster",
      patternHint: "Glob-Muster, zum Beispiel bull:email:* (höchstens 200 Schlüssel werden gelistet).",
      find: "Suchen",
      remove: "Passende Schlüssel entfernen",
      removeTitle: "Alle Schlüssel entfernen, die auf {{pattern}} passen?",
      removeText: "Die Schlüssel werden sofort gelöscht. Warteschlangen und Sitzungen, die sie nutzen, verlieren ihre Daten.",
      found: "{{count}} Schlüssel gefunden",
      more: "Es passen mehr Schlüssel, als gelistet sind.",
      none: "Kein Schlüssel passt.",
    },
    testEmail: {
      title: "Test-E-Mail",
      text: "Sendet eine Test-E-Mail an Ihre eigene Adresse ({{email}}).",
      send: "Auf {{language}} senden",
    },
    forceError: {
      title: "Fehler erzwingen",
      text: "Jeder Aufruf Ihrer eigenen Sitzung antwortet mit dem gewählten Fehler, außer An- und Abmelden und den Systemeinstellungen. Andere Benutzer sind nicht betroffen.",
      label: "Fehler",
      start: "Diesen Fehler erzwingen",
      stop: "Nicht mehr erzwingen",
      active: "Erzwungen: {{name}}",
    },
    banner: "Entwickler-Kit: Jeder Aufruf Ihrer Sitzung antwortet mit dem Fehler {{name}}.",
    bannerStop: "Beenden",
    done: {
      forced: "Der Fehler wird in Ihrer Sitzung erzwungen.",
      stopped: "Der erzwungene Fehler ist beendet.",
      removed: "{{count}} Schlüssel entfernt.",
      testEmail: "Die Test-E-Mail ist unterwegs an {{email}}.",
    },
    errors: {
      unknownError: "Bitte einen der gelisteten Fehler wählen.",
      pattern: "Bitte ein Schlüsselmuster mit 1 bis 200 Zeichen eingeben.",
      language: "Bitte eine Sprache des Studios wählen.",
    },
  },
} satisfies Pick<Translation, "devkit">;
