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
