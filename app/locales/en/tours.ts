/** English: the guided tours (issues 12 and 14). */
export default {
  tours: {
    next: "Next",
    previous: "Back",
    done: "Done",
    close: "Close the tour",
    progress: "{{current}} of {{total}}",
    reset: {
      menu: "Show guided tours again",
      done: "The guided tours will show again, starting with this screen's.",
      failed: "The guided tours could not be reset. Please try again.",
    },
    media: {
      tabsTitle: "Galleries and images",
      tabsText:
        "Your galleries and every image of your account, in two tabs. The images tab filters by use: galleries, preview images, backgrounds, logos, or unassigned.",
      newTitle: "Create a gallery",
      newText:
        "Name a gallery here and create it. Open it to upload images and put them in order; a gallery media element shows it as a slideshow.",
    },
    gallery: {
      uploadTitle: "Upload several images at once",
      uploadText: "Choose PNG, JPG or GIF files; you are told how many were added and how many could not be.",
      orderTitle: "Put them in order",
      orderText: "Move an image forward or back, or remove it from the gallery. It stays in your library.",
      addTitle: "Reuse images",
      addText: "Add images you uploaded before, from other galleries or unassigned ones.",
    },
    subdomain: {
      newTitle: "Your own address",
      newText:
        "Type a name of letters, digits and hyphens and create it: it becomes the address of your channels, such as news.example.com.",
      listTitle: "Give it channels",
      listText:
        "Assign a channel to a subdomain; its address then shows that channel. With several channels, it lists them. Remove a channel with ×.",
    },
    workspace: {
      welcomeTitle: "Welcome to your workspace",
      welcomeText: "Here your PDFs become ePapers. This short tour shows you around; you can close it at any time.",
      uploadTitle: "Upload a PDF",
      uploadText:
        "Drop a PDF on this card or choose one. Give it a name and a language; the render farm then turns every page into a sharp, fast reader page.",
      foldersTitle: "Folders",
      foldersText: "Sort your ePapers into folders: drag a card onto a folder. The search above the tree finds folders and ePapers.",
      gridTitle: "Your ePapers",
      gridText:
        "Every ePaper has a card with its cover, its state and its page count, the newest first. While a PDF is processed, you watch its pages arrive.",
      cardTitle: "Open the editor",
      cardText: "Click a cover to enrich its pages with links, videos, galleries and your own HTML.",
      actionsTitle: "Everything else about an ePaper",
      actionsText: "Preview, publish as a preview link, on a channel or as a zip, rename and delete: all in this menu.",
      epaperMenuTitle: "Your zip contingent",
      epaperMenuText: "How many zip downloads you have left, their history, and booking more.",
      channelMenuTitle: "Channels",
      channelMenuText:
        "A channel keeps an ePaper online for good, with its own address and QR code. Book and manage channels and subdomains here.",
      languageTitle: "Language",
      languageText: "Switch the studio between German and English. Your e-mails follow the language you choose.",
      mainMenuTitle: "Your menu",
      mainMenuText: "News, your account, your profile, the media library and logging out. You can start the guided tours again from here.",
    },
    epaper: {
      selectorTitle: "Switch ePapers",
      selectorText: "Type a name to open another of your ePapers in the editor.",
      pagesTitle: "Pages",
      pagesText: "Every page of the ePaper; choose one to edit it. Pages that hold links are marked.",
      toolbarTitle: "Zoom and turn pages",
      toolbarText: "Zoom in to place click areas exactly, or fit the page to the window.",
      canvasTitle: "Draw a click area",
      canvasText:
        "Drag across the page to draw an area, then choose what it does: a link, a video, a gallery or your own HTML. Drag an area to move it; its handles resize it.",
      mediaTitle: "Media of this page",
      mediaText: "Everything on this page, in a list you can also use with the keyboard. Add media here, choose one to edit it.",
      previewTitle: "Preview",
      previewText: "See the ePaper as your readers will, on this very page.",
    },
  },
} as const;
