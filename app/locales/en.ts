/**
 * English interface texts. NOTE: de.ts must have the same keys (a unit test compares them);
 * English is also the fallback when a German text is missing.
 */
const en = {
  app: {
    name: "ePaper Studio",
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
  login: {
    metaTitle: "Log in",
    title: "Log in",
    email: "E-mail address",
    password: "Password",
    showPassword: "Show password",
    hidePassword: "Hide password",
    submit: "Log in",
    forgotPassword: "Forgot your password?",
    noAccount: "No account yet?",
    signup: "Sign up",
  },
  workspace: {
    metaTitle: "My ePaper",
    title: "My ePaper",
    logout: "Log out",
    comingSoon: "Your ePaper workspace (upload, grid and folders) arrives with the next release of the studio.",
  },
  validation: {
    emailRequired: "Please enter your e-mail address",
    validEmailRequired: "Email address is not valid",
    passwordRequired: "Please enter your password",
    passwordTooShort: "Password too short (at least {{min}} characters)",
    passwordTooLong: "Password too long (at most {{max}} characters)",
    passwordRequirements:
      "Please use a password with at least {{min}} characters incl. one special character (!@#$%&), one number, one upper and one lower case letter",
    passwordTooWeak: "This password is too easy to guess. Please choose a stronger one, for example several unrelated words.",
    passwordConfirmationRequired: "Please repeat your password",
    passwordDoesNotMatch: "Password does not match",
    emailMustNotContainPlusSign: "The e-mail address must not contain a plus sign (+)",
    emailAlreadyExist: "An account with this e-mail address already exists",
    emailAlreadyExistOrAlreadyRequested: "This e-mail address is already in use or has already been requested",
    notFoundEmail: "There is no account with the e-mail address {{email}}",
    invalidCredentials: "Invalid credentials",
    accountDeactivated: "Your account has been deactivated. Please contact the support: {{supportEmail}}",
    passwordCouldNotBeSaved: "The password could not be saved. Please try again.",
    companyNameRequired: "Please enter a company name",
    firstnameRequired: "Please enter a first name",
    lastnameRequired: "Please enter a last name",
    nameTooLong: "At most {{max}} characters",
    pleaseConfirmTermsAndConditions: "Please confirm the terms and conditions",
    formRejected: "The form could not be sent. Please reload the page and try again.",
  },
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
  errors: {
    tooManyAttempts: "Too many attempts. Please wait {{minutes}} minutes and try again.",
    sessionExpired: "Session expired. Please log in again.",
    title: "Something went wrong",
    unexpected: "An unexpected error has occurred. Please contact the support.",
    notFound: "This page does not exist.",
    forbidden: "This action is not allowed.",
    tryAgain: "Try again",
    status: "Error {{status}}",
  },
} as const;

export default en;

type DeepStringRecord<T> = { [K in keyof T]: T[K] extends string ? string : DeepStringRecord<T[K]> };
/** The shape every language file must have: the same keys as English, any text. */
export type Translation = DeepStringRecord<typeof en>;
