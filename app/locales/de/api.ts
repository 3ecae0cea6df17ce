import type { Translation } from "../en.ts";

/** Deutsch: die API-Schlüssel der Konto-Schublade, die Sicht des Supports darauf und die Fehlertexte der öffentlichen API (Issue 32, ADR 0056). */
export default {
  apiKeys: {
    title: "API-Schlüssel",
    hint: "Andere Systeme lesen die ePaper, Vorschaulinks und Kanäle dieses Kontos über die öffentliche API mit einem Schlüssel. Ein Schlüssel handelt für das ganze Konto.",
    docs: "API-Referenz",
    name: "Name",
    scopes: "Berechtigungen",
    scope: {
      read: "Lesen",
      write: "Schreiben",
      publish: "Veröffentlichen",
    },
    create: "Schlüssel erstellen",
    created: "Der Schlüssel wurde erstellt.",
    secretOnce: "Kopieren Sie den Schlüssel jetzt: Er wird nur dieses eine Mal angezeigt.",
    secretLabel: "Neuer API-Schlüssel {{name}}",
    copy: "Schlüssel kopieren",
    copied: "Kopiert",
    done: "Fertig",
    prefix: "Schlüssel",
    createdAt: "Erstellt",
    lastUsedAt: "Zuletzt benutzt",
    never: "nie",
    revoke: "Widerrufen",
    revokeLabel: "Schlüssel {{name}} widerrufen",
    revokeTitle: "Diesen Schlüssel widerrufen?",
    revokeText: "Systeme, die den Schlüssel {{name}} benutzen, verlieren sofort den Zugriff. Das lässt sich nicht rückgängig machen.",
    cancel: "Abbrechen",
    revoked: "Der Schlüssel wurde widerrufen.",
    none: "Noch keine API-Schlüssel.",
    administered: "API-Schlüssel erstellen die Inhaber und Manager des Kontos selbst.",
    limitReached: "Dieses Konto hat bereits {{max}} Schlüssel. Widerrufen Sie zuerst einen.",
    notFound: "Dieser Schlüssel existiert nicht (mehr).",
    support: {
      open: "Schlüssel",
      title: "API-Schlüssel von {{name}}",
      revokedAt: "Widerrufen",
    },
    validation: {
      nameRequired: "Bitte geben Sie einen Namen ein",
      nameTooLong: "Höchstens {{max}} Zeichen",
      scopeRequired: "Bitte wählen Sie mindestens eine Berechtigung",
    },
  },
  api: {
    errors: {
      missingKey: "Dieser Aufruf braucht einen API-Schlüssel: Senden Sie ihn als Authorization: Bearer <Schlüssel>.",
      invalidKey: "Dieser API-Schlüssel ist ungültig oder wurde widerrufen.",
      accountDeactivated: "Das Konto dieses API-Schlüssels ist deaktiviert.",
      scope: "Dieser API-Schlüssel darf das nicht: Ihm fehlt die Berechtigung '{{scope}}'.",
      maintenance: "Das Studio wird gerade gewartet. Bitte versuchen Sie es später erneut.",
      invalidQuery: "Ein Parameter dieser Anfrage ist ungültig: {{problem}}",
      notFound: "Dieses Element existiert nicht (mehr).",
    },
  },
} satisfies Pick<Translation, "apiKeys" | "api">;
