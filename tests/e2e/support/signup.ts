import { expect, type Locator, type Page } from "@playwright/test";

/** The sign-up form's labels in both languages (account flows, the first-run journey). */
export const SIGNUP_LABELS = {
  en: {
    company: "Company name",
    firstname: "First name",
    lastname: "Last name",
    email: "E-mail address",
    password: "Password",
    confirmation: "Repeat password",
    terms: "I accept the terms and conditions.",
    submit: "Sign up",
  },
  de: {
    company: "Firmenname",
    firstname: "Vorname",
    lastname: "Nachname",
    email: "E-Mail-Adresse",
    password: "Passwort",
    confirmation: "Passwort wiederholen",
    terms: "Ich akzeptiere die Allgemeinen Geschäftsbedingungen.",
    submit: "Registrieren",
  },
} as const;

export type SignupLabels = (typeof SIGNUP_LABELS)[keyof typeof SIGNUP_LABELS];

/** Fills the open sign-up form as a person does (the terms by their visible label unless `terms` is false). */
export async function fillSignup(page: Page, labels: SignupLabels, email: string, password: string, options: { terms?: false } = {}) {
  await page.getByLabel(labels.company).fill("Druckerei Beispiel GmbH");
  await page.getByLabel(labels.firstname).fill("Johanna");
  await page.getByLabel(labels.lastname).fill("Schmitz");
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByLabel(labels.confirmation, { exact: true }).fill(password);
  if (options.terms !== false) await acceptTerms(page, labels);
}

/** Turns the terms switch on the way a person does: by its visible label. */
export async function acceptTerms(scope: Page | Locator, labels: SignupLabels) {
  const terms = scope.getByRole("switch", { name: labels.terms });
  // A click while React is still hydrating the dialog can get lost: look again and click again.
  await expect(async () => {
    if (!(await terms.isChecked())) await scope.getByText(labels.terms, { exact: true }).click();
    await expect(terms).toBeChecked({ timeout: 1500 });
  }).toPass();
}
