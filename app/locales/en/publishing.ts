/** English: rendering failures and the publishing forms (preview, zip). */
export default {
  render: {
    progress: "{{ready}} of {{total}} pages processed",
    downloading: "Download",
    splitting: "Split",
    rendering: "Render",
    errors: {
      pdfPasswordProtected: "This PDF is password-protected. Remove the password and upload it again.",
      pdfNotAPdf: "This file is not a PDF. Please upload a PDF file.",
      pdfDamaged: "This PDF is damaged and cannot be read. Please export it again and upload the new file.",
      pdfTooLarge: "This PDF is too large to be processed.",
      renderProcessFailed: "The ePaper could not be rendered. Please try again or contact the support.",
      renderingCancelled: "Rendering was cancelled.",
    },
  },
  publish: {
    failed: "Publishing failed. Please try again.",
    republishRequired: "Changed since publishing: publish again",
    progress: {
      preview: "Preparing the preview …",
      zip: "Building the zip package …",
    },
    preview: {
      menu: "Preview",
      title: "Preview of {{name}}",
      frame: "ePaper {{name}}",
      back: "Back to editing",
      openTab: "Open in a new tab",
    },
    zip: {
      menu: "Zip package",
      title: "Zip package of {{name}}",
      current: "Published {{date}}, {{size}} MB. Unzipped, it runs on any web server and from a folder.",
      download: "Download zip",
      free: "Publishing again is free until {{date}} (post-processing time).",
      unlimited: "Your zip contingent is unlimited.",
      order: "Your zip contingent is used up. Order more zip packages to publish this ePaper.",
      orderButton: "Order zip packages",
      confirm_one: "Publishing uses one zip package. You have {{count}} left.",
      confirm_other: "Publishing uses one zip package. You have {{count}} left.",
      publish: "Publish zip",
      republish: "Publish again",
      cancel: "Cancel",
    },
    errors: {
      zipContingentExhausted: "Your zip contingent is used up.",
      zipChargeNotConfirmed: "Please confirm that a zip package is used.",
      notRendered: "This ePaper is not rendered yet.",
    },
  },
} as const;
