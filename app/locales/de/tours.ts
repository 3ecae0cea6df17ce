import type { Translation } from "../en.ts";

/** Deutsch: die geführten Touren (Issues 12 und 14). */
export default {
  tours: {
    next: "Weiter",
    previous: "Zurück",
    done: "Fertig",
    close: "Tour schließen",
    progress: "{{current}} von {{total}}",
    reset: {
      menu: "Touren erneut zeigen",
      done: "Die geführten Touren werden wieder gezeigt, beginnend mit der dieses Bildschirms.",
      failed: "Die Touren konnten nicht zurückgesetzt werden. Bitte versuchen Sie es erneut.",
    },
    media: {
      tabsTitle: "Galerien und Bilder",
      tabsText:
        "Ihre Galerien und alle Bilder Ihres Kontos, in zwei Reitern. Der Reiter Bilder filtert nach Verwendung: Galerien, Vorschaubilder, Hintergründe, Logos oder nicht zugeordnet.",
      newTitle: "Eine Galerie anlegen",
      newText:
        "Geben Sie hier einen Namen ein und legen Sie die Galerie an. Öffnen Sie sie, um Bilder hochzuladen und zu ordnen; ein Galerie-Medienelement zeigt sie als Diashow.",
    },
    gallery: {
      uploadTitle: "Mehrere Bilder auf einmal hochladen",
      uploadText: "Wählen Sie PNG-, JPG- oder GIF-Dateien; Sie erfahren, wie viele hinzugefügt wurden und wie viele nicht.",
      orderTitle: "Bilder ordnen",
      orderText: "Schieben Sie ein Bild nach vorn oder hinten oder entfernen Sie es aus der Galerie. In der Mediathek bleibt es.",
      addTitle: "Bilder wiederverwenden",
      addText: "Fügen Sie früher hochgeladene Bilder hinzu, aus anderen Galerien oder nicht zugeordnete.",
    },
    subdomain: {
      newTitle: "Ihre eigene Adresse",
      newText:
        "Geben Sie einen Namen aus Buchstaben, Ziffern und Bindestrichen ein und legen Sie ihn an: Er wird zur Adresse Ihrer Kanäle, etwa news.example.com.",
      listTitle: "Kanäle zuordnen",
      listText:
        "Ordnen Sie einer Subdomain einen Kanal zu; ihre Adresse zeigt dann diesen Kanal. Bei mehreren Kanälen listet sie sie auf. Mit × entfernen Sie einen Kanal.",
    },
    workspace: {
      welcomeTitle: "Willkommen in Ihrem Arbeitsbereich",
      welcomeText: "Hier werden Ihre PDFs zu ePapern. Diese kurze Tour zeigt Ihnen alles Wichtige; Sie können sie jederzeit schließen.",
      uploadTitle: "Ein PDF hochladen",
      uploadText:
        "Ziehen Sie ein PDF auf diese Karte oder wählen Sie eines aus. Geben Sie ihm einen Namen und eine Sprache; die Render-Farm macht dann aus jeder Seite eine scharfe, schnelle Leseseite.",
      foldersTitle: "Ordner",
      foldersText:
        "Sortieren Sie Ihre ePaper in Ordner: Ziehen Sie eine Karte auf einen Ordner. Die Suche über dem Baum findet Ordner und ePaper.",
      gridTitle: "Ihre ePaper",
      gridText:
        "Jedes ePaper hat eine Karte mit Titelbild, Zustand und Seitenzahl, das neueste zuerst. Während ein PDF verarbeitet wird, sehen Sie seine Seiten ankommen.",
      cardTitle: "Den Editor öffnen",
      cardText: "Klicken Sie auf ein Titelbild, um seine Seiten mit Links, Videos, Galerien und eigenem HTML anzureichern.",
      actionsTitle: "Alles Weitere zu einem ePaper",
      actionsText:
        "Vorschau, als Vorschau-Link, auf einem Kanal oder als Zip veröffentlichen, umbenennen und löschen: alles in diesem Menü.",
      epaperMenuTitle: "Ihr Zip-Kontingent",
      epaperMenuText: "Wie viele Zip-Downloads Sie noch haben, ihr Verlauf und mehr buchen.",
      channelMenuTitle: "Kanäle",
      channelMenuText:
        "Ein Kanal hält ein ePaper dauerhaft online, mit eigener Adresse und QR-Code. Hier buchen und verwalten Sie Kanäle und Subdomains.",
      languageTitle: "Sprache",
      languageText: "Stellen Sie das Studio auf Deutsch oder Englisch um. Ihre E-Mails folgen der gewählten Sprache.",
      mainMenuTitle: "Ihr Menü",
      mainMenuText: "Neuigkeiten, Ihr Konto, Ihr Profil, die Mediathek und Abmelden. Von hier aus starten Sie die Touren auch erneut.",
    },
    epaper: {
      selectorTitle: "ePaper wechseln",
      selectorText: "Tippen Sie einen Namen, um ein anderes Ihrer ePaper im Editor zu öffnen.",
      pagesTitle: "Seiten",
      pagesText: "Alle Seiten des ePapers; wählen Sie eine aus, um sie zu bearbeiten. Seiten mit Links sind markiert.",
      toolbarTitle: "Zoomen und blättern",
      toolbarText: "Zoomen Sie hinein, um Klickbereiche genau zu setzen, oder passen Sie die Seite ans Fenster an.",
      canvasTitle: "Einen Klickbereich zeichnen",
      canvasText:
        "Ziehen Sie über die Seite, um einen Bereich zu zeichnen, und wählen Sie dann, was er tut: ein Link, ein Video, eine Galerie oder eigenes HTML. Verschieben Sie ihn durch Ziehen; seine Griffe ändern die Größe.",
      mediaTitle: "Medien dieser Seite",
      mediaText:
        "Alles auf dieser Seite, in einer Liste, die Sie auch mit der Tastatur bedienen. Hier fügen Sie Medien hinzu; wählen Sie eines, um es zu bearbeiten.",
      previewTitle: "Vorschau",
      previewText: "Sehen Sie das ePaper so, wie Ihre Leser es sehen, auf genau dieser Seite.",
    },
  },
} satisfies Pick<Translation, "tours">;
