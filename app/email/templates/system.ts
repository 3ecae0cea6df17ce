import { defineTemplate, layoutVariables } from "./define.ts";

/** Support's "send test e-mail" (studio-admin.md: send-test-email {lang}): proves SMTP works. */
export const testEmail = defineTemplate({
  variables: layoutVariables,
  secret: [],
  content: {
    de: () => ({
      subject: "Test-E-Mail aus dem ePaper Studio",
      paragraphs: ["dies ist eine Test-E-Mail aus dem ePaper Studio.", "Wenn Sie diese Nachricht lesen, funktioniert der E-Mail-Versand."],
    }),
    en: () => ({
      subject: "Test e-mail from ePaper Studio",
      paragraphs: ["This is a test e-mail from ePaper Studio.", "If you can read this message, sending e-mail works."],
    }),
  },
});
