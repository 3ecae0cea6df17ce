/** English: texts every page may show: the app's name, the language switch, not found, toasts, the global errors. */
export default {
  app: {
    name: "ePaper Studio",
    description:
      "Turn your PDFs into fast, accessible ePapers for every screen: upload, enrich with links and media, publish as a link, a download or your own channel.",
    skipToContent: "Skip to content",
  },
  language: {
    label: "Language",
    de: "Deutsch",
    en: "English",
  },
  notFound: {
    metaTitle: "Page not found",
    title: "This page does not exist",
    text: "The address may be mistyped, or the page has moved or been removed.",
    toLandingPage: "To the landing page",
    backToStudio: "Back to the studio",
  },
  toast: {
    region: "Notifications",
    close: "Close notification",
    sendErrorReport: "Send error report",
  },
  errors: {
    invalidRequest: "This request is not valid.",
    itemNotFound: "This item does not exist (any more).",
    conflict: "This could not be saved because it changed in the meantime. Please reload and try again.",
    unprocessable: "This action cannot be carried out.",
    tooManyRequests: "Too many requests. Please wait a moment and try again.",
    failedDependency: "A service this action needs is not available. Please try again later.",
    notImplemented: "This function has not been implemented yet",
    userNotConfirmed: "You do not have authorisation for this action. Please check your email inbox and confirm your registration.",
    demoContent: "This action cannot be applied to demo content",
    activeShopSubscriptions: "Action cannot be executed because active subscriptions are still running",
    tooManyAttempts: "Too many attempts. Please wait {{minutes}} minutes and try again.",
    sessionExpired: "Session expired. Please log in again.",
    title: "Something went wrong",
    unexpected: "An unexpected error has occurred. Please contact the support.",
    notFound: "This page does not exist.",
    forbidden: "This action is not allowed.",
    tryAgain: "Try again",
    unavailableTitle: "Back in a moment",
    unavailableRetry: "The studio cannot reach one of its services right now. Please try again in a moment.",
    unavailable:
      "The studio cannot reach one of its services right now. Nothing you saved is lost; this page tries again by itself in a few seconds.",
    status: "Error {{status}}",
  },
} as const;
