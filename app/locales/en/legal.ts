/** English: the default legal and help pages of a fresh installation (routes/legal.tsx). */
export default {
  legal: {
    notice:
      "This is the default text of this installation. Its operator replaces it with their own page by changing the link in the studio's settings.",
    back: "Back to ePaper Studio",
    terms: {
      title: "Terms and conditions",
      body: "The terms and conditions of this ePaper Studio have not been published yet. Please ask the operator of this installation for them.",
    },
    privacy: {
      title: "Privacy policy",
      body: "ePaper Studio stores the data you enter (your account, the PDFs you upload and the ePapers made from them) to provide the service, and a session cookie while you are logged in. The operator of this installation is responsible for it and answers questions about your data.",
      readersHeading: "Readers of published ePapers",
      readers:
        "Unless its owner switches it off, a published ePaper counts its readers without cookies: opens, pages read and for how long, media clicks, searches, downloads, shares, the referring site and the kind of device. The IP address and browser only feed a code that lives one day and is never stored; readers who send Global Privacy Control or Do Not Track count as a view only. A zip package, which its owner hosts on their own site, sends nothing by default. When its owner switches its statistics on, its reader sends the same events either to this studio's content address, where they are counted as above, or to an address of the owner's choosing, which this studio does not control.",
    },
    cookies: {
      title: "Cookies and local storage",
      intro:
        "ePaper Studio sets only cookies that it needs for what you ask of it, and remembers settings that you chose yourself. It uses no cookies for statistics, advertising or tracking and none of other providers. So there is nothing to consent to, and no cookie banner asks you to.",
      cookiesHeading: "Cookies",
      storageHeading: "Local storage in your browser",
      purpose: "Purpose",
      lifetime: "Lifetime",
      host: "Set by",
      basis: {
        necessary: "Strictly necessary",
        setting: "Your setting",
      },
      hosts: {
        studio: "This studio (first-party)",
        content: "The studio's content address, for preview links (first-party)",
      },
      items: {
        session: {
          purpose: "Keeps you logged in. It holds only a random, signed session number; your data stays on the server.",
          lifetime: "Until you log out; the login ends after 30 days without use and at the latest 90 days after logging in.",
        },
        toast: {
          purpose: "Carries the message about your last action (such as 'Saved') to the next page.",
          lifetime: "1 minute; removed as soon as the message shows.",
        },
        gridSize: {
          purpose: "Tells the server how many ePaper cards fit into your window, so the workspace loads the right number at once.",
          lifetime: "1 year",
        },
        language: {
          purpose: "Remembers the interface language you chose with the language switch (or that of the upload widget you continued from).",
          lifetime: "1 year after your last visit",
        },
        previewLink: {
          purpose: "Lets you into a password-protected preview link after you entered its password; it is sent for that link only.",
          lifetime: "1 hour",
        },
        confirmationSeen: {
          purpose: "Remembers that the notice 'Please confirm your registration' was shown, so it shows only once.",
          lifetime: "Until you clear your browser's data",
        },
        newsSeen: {
          purpose: "Remembers which news you have seen, so the news prompt does not show them again.",
          lifetime: "Until you clear your browser's data",
        },
        editorZoom: {
          purpose: "The zoom you chose in the editor.",
          lifetime: "Until you clear your browser's data",
        },
        editorColumns: {
          purpose: "The number of page columns you chose in the editor's page panel.",
          lifetime: "Until you clear your browser's data",
        },
      },
      publications:
        "Published ePapers are not part of this list: their owner decides in the ePaper's settings whether they ask for consent with a cookie banner and load statistics.",
      privacyLink: "Read the privacy policy",
    },
    imprint: {
      title: "Imprint",
      body: "The legal notice of the operator of this installation has not been published yet.",
    },
    help: {
      title: "Help centre",
      body: "Upload a PDF on the start page, give it a name and a language, and the studio renders every page. Open the card's menu to preview your ePaper or download it as a zip package. For anything else, please contact the support address shown in the error messages.",
    },
  },
} as const;
