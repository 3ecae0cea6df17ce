import type { Translation } from "../en.ts";

/** German: a channel's readership statistics (issue 31 item 4, ADR 0053 'Channel statistics'): its screen, its CSV export, its refusal. */
export default {
  channelStats: {
    metaTitle: "Kanalstatistik: {{name}}",
    menu: "Statistik",
    channels: "Kanäle",
    showsNow: "Zeigt jetzt: {{name}}",
    showsNothing: "Zeigt zurzeit kein ePaper.",
    empty: "Zwischen {{from}} und {{to}} hat niemand diesen Kanal geöffnet.",
    emptyHint:
      "Gezählt werden Aufrufe der Adresse dieses Kanals, gleich welches ePaper er zeigte; neue Aufrufe erscheinen hier nach wenigen Minuten.",
    epapers: {
      title: "Gezeigte ePaper",
      description:
        "Jedes ePaper, das in diesem Zeitraum auf diesem Kanal gelesen wurde, das zuletzt gelesene zuerst, mit seinen Aufrufen auf diesem Kanal. Wer an einem Tag zwei davon las, zählt bei beiden.",
      inBin: "im Papierkorb",
    },
    scope: {
      title: "Was die Kanalstatistik zeigt",
      text: "Aufrufe, Seitenansichten, eindeutige Leser pro Tag, Downloads, Nutzungen des Inhaltsverzeichnisses und wie oft geteilt wurde, werden je Adresse gezählt: Diese Zahlen gehören diesem Kanal. Seiten, Medienelemente, Suchbegriffe, verweisende Seiten und Geräte werden je ePaper über alle seine Adressen gezählt (Kanäle, Vorschau-Links, Vorschau): Sie finden sie in der Statistik des jeweiligen ePapers.",
    },
    csv: {
      title: "Kanalstatistik",
      channel: "Kanal",
      epapers: "Gezeigte ePaper",
      columns: {
        epaper: "ePaper",
        inBin: "Im Papierkorb",
        firstDay: "Erster Aufruf",
        lastDay: "Letzter Aufruf",
      },
      yes: "ja",
      no: "nein",
    },
    errors: {
      channelNotFound: "Diesen Kanal gibt es nicht, oder er gehört nicht zu Ihrem Konto.",
    },
  },
} satisfies Pick<Translation, "channelStats">;
