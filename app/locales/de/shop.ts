import type { Translation } from "../en.ts";

/** Deutsch: Shop-Seite, Kontingent-Historie und Kanal-Abonnements (Issue 13). */
export default {
  shop: {
    metaTitle: "Shop",
    epaper: {
      title: "ZIP-Pakete buchen",
      intro: "Mit jedem ZIP-Paket laden Sie ein ePaper für Ihren eigenen Webserver herunter.",
      current: "Ihr ZIP-Kontingent: {{contingent}}",
    },
    channel: {
      title: "Kanäle buchen",
      intro: "Ein Kanal stellt ein ePaper dauerhaft unter einer eigenen Adresse bereit, mit QR-Code und Subdomain.",
      current: "Gebuchte Kanäle: {{contingent}}",
    },
    offers: "Was möchten Sie buchen?",
    checkout: "Weiter zur Kasse",
    checkoutHint: "Sie bezahlen in unserem Shop (Kreditkarte, PayPal, Vorkasse oder Rechnung) und kommen danach hierher zurück.",
    noShop:
      "Mit dieser Installation ist kein Shop verbunden, daher kann hier nichts gebucht werden. Bitte wenden Sie sich an den Support: {{email}}.",
    noShopNoEmail:
      "Mit dieser Installation ist kein Shop verbunden, daher kann hier nichts gebucht werden. Bitte wenden Sie sich an den Support.",
    noOffers: "Zurzeit kann nichts gebucht werden. Bitte versuchen Sie es später noch einmal oder wenden Sie sich an den Support.",
    ordered:
      "Vielen Dank für Ihre Bestellung. Sobald der Shop die Zahlung bestätigt, wird Ihr Kontingent erhöht; diese Seite zeigt es ohne Neuladen an.",
    back: "Zurück zur Übersicht",
    errors: {
      noShop: "Mit dieser Installation ist kein Shop verbunden.",
      unknownOffer: "Bitte wählen Sie eines der Angebote.",
      chooseOffer: "Bitte wählen Sie eines der Angebote.",
    },
  },
  contingentHistory: {
    title: "Kontingentverlauf",
    loading: "Wird geladen …",
    showShopActions: "Bestellungen aus dem Shop anzeigen",
    empty: "Ihr Kontingent hat sich noch nicht geändert.",
    columns: { action: "Aktion", trigger: "Auslöser", moment: "Zeitpunkt", quantity: "Anzahl", details: "Details" },
    actions: {
      licence_increment: "Kontingent erhöht",
      licence_decrement: "Kontingent verbraucht",
      licence_order_init: "Bestellung begonnen",
      licence_order_start: "Bestellung abgeschlossen",
      licence_order_end: "Abonnement beendet",
    },
    triggers: { system: "Studio", shop: "Shop" },
    details: {
      epaper: "ePaper: {{name}}",
      user: "Von: {{name}}",
      admin: "durch einen Administrator",
      support: "durch den Support",
      orderCode: "Angebot: {{code}}",
      subscription: "Abonnement: {{id}}",
    },
    close: "Schließen",
  },
  shopChannels: {
    title: "Kanal-Abonnements",
    intro: "Jeder im Shop gebuchte Kanal hat ein Abonnement. Kündigen oder ändern Sie es im Shop.",
    empty: "Sie haben noch keine Kanäle gebucht.",
    book: "Kanäle buchen",
    columns: { channel: "Kanal", subscription: "Abonnement", booked: "Gebucht", term: "Laufzeit endet", status: "Status" },
    status: {
      active: "Aktiv",
      cancelled: "Gekündigt; der Kanal wird am {{date}} entfernt",
      rejected: "Abgelehnt: {{reason}}",
    },
    noChannel: "(Kanal entfernt)",
    close: "Schließen",
  },
} satisfies Pick<Translation, "shop" | "contingentHistory" | "shopChannels">;
