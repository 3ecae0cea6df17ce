import { describe, expect, test } from "vitest";
import { SUPPORTED_LOCALES } from "#app/utils/i18n";
import {
  EMAIL_TEMPLATES,
  EMAIL_TYPES,
  EmailTemplateError,
  type EmailType,
  type EmailVariables,
  emailConfigOf,
  escapeHtml,
  renderEmail,
  renderStoredEmail,
  secretVariablesOf,
} from "./templates.ts";

const studioUrl = "https://studio.example.test";
const person = { studioUrl, firstName: "Erika", lastName: "Müller" };
const token = (authType: string) => ({ ...person, link: `${studioUrl}/auth/${authType}/with/tok-${authType}-123`, validHours: 24 });
const notification = (name: string) => ({
  ...person,
  epaperName: "Frühjahrskatalog 2027",
  link: `${studioUrl}/${name}?epaperId=ep-1`,
  unsubscribeLink: `${studioUrl}/deactivate-email/${name}/with/tok-off-${name}`,
});

/** Every variable of every template filled in (the compiler checks that none is missing). */
const SAMPLES: { [T in EmailType]: EmailVariables<T> } = {
  signup: token("signup"),
  generatedUserSignup: token("generated-user-signup"),
  passwordReset: token("password-reset"),
  setPassword: token("password-reset"),
  emailReset: {
    ...token("email-reset"),
    newEmail: "erika.new@example.test",
    requestedBy: "support.agent@example.test",
    declineLink: `${studioUrl}/auth/email-change-decline/with/tok-decline-123`,
  },
  emailChangeApproval: {
    ...token("email-change-approve"),
    newEmail: "erika.new@example.test",
    requestedBy: "support.agent@example.test",
    declineLink: `${studioUrl}/auth/email-change-decline/with/tok-decline-123`,
  },
  emailChangeNotice: { ...person, newEmail: "erika.new@example.test", requestedBy: "support.agent@example.test" },
  deleteUser: token("delete-user"),
  deleteAccount: { ...token("delete-account"), accountName: "Müller Verlag GmbH" },
  epaperReady: notification("epaperReady"),
  zipReady: notification("zipReady"),
  channelPublicationReady: { ...notification("channelPublicationReady"), channelName: "Kundenmagazin" },
  previewLinkGenerated: {
    ...person,
    epaperName: "Frühjahrskatalog 2027",
    previewUrl: "https://content.example.test/previewlink/abc123/",
    expiresAt: "2027-03-12T13:00:00.000Z",
  },
  testEmail: person,
};

const LEFTOVERS = /\{\{|\}\}|\$\{|undefined|\bnull\b|NaN|\[object /;

function stringValues(variables: object): string[] {
  return Object.values(variables).filter((value): value is string => typeof value === "string" && !/^\d{4}-\d\d-\d\dT/.test(value));
}

describe.each(EMAIL_TYPES)("template %s", (type) => {
  test.each(SUPPORTED_LOCALES)("renders in %s with subject, HTML and text holding every variable", (locale) => {
    const variables = SAMPLES[type];
    const mail = renderEmail(type, locale, variables as never);
    for (const part of [mail.subject, mail.html, mail.text]) {
      expect(part.trim()).not.toBe("");
      expect(part).not.toMatch(LEFTOVERS);
    }
    expect(mail.html).toContain(`<html lang="${locale}">`);
    expect(mail.text).not.toMatch(/<[a-z]+[ >]/i);
    for (const value of stringValues(variables)) {
      expect(mail.text).toContain(value);
      expect(mail.html).toContain(escapeHtml(value));
    }
    if ("link" in variables) expect(mail.html).toContain(`href="${variables.link}"`);
    expect(mail.text).toContain(locale === "de" ? "Guten Tag Erika Müller," : "Hello Erika Müller,");
    expect(mail.html).toContain(locale === "de" ? "Mit freundlichen Grüßen" : "Kind regards");
  });

  test("German and English texts differ", () => {
    const de = renderEmail(type, "de", SAMPLES[type] as never);
    const en = renderEmail(type, "en", SAMPLES[type] as never);
    expect(de.subject).not.toBe(en.subject);
    expect(de.text).not.toBe(en.text);
  });

  test("escapes HTML in every user-given variable", () => {
    const evil = `<script>alert("x")</script> & 'q'`;
    const variables: Record<string, unknown> = { ...SAMPLES[type], firstName: evil };
    for (const key of ["epaperName", "channelName", "accountName"]) if (key in variables) variables[key] = evil;
    for (const locale of SUPPORTED_LOCALES) {
      const mail = renderStoredEmail(type, locale, variables);
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;");
      // The text part is plain text: it keeps the characters as typed.
      expect(mail.text).toContain(evil);
    }
  });
});

test("links are absolute http(s) URLs; quotes in them cannot leave the href attribute", () => {
  const link = `${studioUrl}/auth/signup/with/abc?x="><img src=x onerror=alert(1)>`;
  const mail = renderEmail("signup", "en", { studioUrl, link });
  expect(mail.html).not.toContain("<img");
  expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
  expect(() => renderStoredEmail("signup", "en", { studioUrl, link: "javascript:alert(1)" })).toThrow(EmailTemplateError);
  expect(() => renderStoredEmail("signup", "en", { studioUrl, link: "/auth/signup/with/abc" })).toThrow(EmailTemplateError);
});

test("missing variables, unknown types and unknown languages are refused with the reason", () => {
  expect(() => renderStoredEmail("zipReady", "de", { studioUrl, epaperName: "X", link: `${studioUrl}/zip-ready` })).toThrow(
    /unsubscribeLink/,
  );
  expect(() => renderStoredEmail("newsletter", "de", { studioUrl })).toThrow(/unknown e-mail type "newsletter"/);
  expect(() => renderStoredEmail("testEmail", "fr", { studioUrl })).toThrow(/unsupported e-mail language "fr"/);
});

test("a name or greeting with line breaks cannot add a header line to the subject", () => {
  const mail = renderEmail("epaperReady", "en", { ...SAMPLES.epaperReady, epaperName: "Spring\r\nBcc: someone@example.test" });
  expect(mail.subject).toBe("Your ePaper “Spring Bcc: someone@example.test” is ready");
});

test("without a name the greeting is neutral", () => {
  expect(renderEmail("testEmail", "de", { studioUrl }).text.startsWith("Guten Tag,\n")).toBe(true);
  expect(renderEmail("testEmail", "en", { studioUrl }).text.startsWith("Hello,\n")).toBe(true);
});

test("notifications carry their e-mail config and an unsubscribe link; the preview link mail names its expiry", () => {
  expect(EMAIL_TYPES.filter((type) => emailConfigOf(type))).toEqual(["epaperReady", "zipReady", "channelPublicationReady"]);
  for (const type of ["epaperReady", "zipReady", "channelPublicationReady"] as const) {
    expect(emailConfigOf(type)).toBe(type);
    expect(renderEmail(type, "de", SAMPLES[type] as never).unsubscribeUrl).toBe(SAMPLES[type].unsubscribeLink);
  }
  expect(renderEmail("previewLinkGenerated", "de", SAMPLES.previewLinkGenerated).text).toContain("12. März 2027 um 14:00 MEZ");
  expect(renderEmail("previewLinkGenerated", "en", SAMPLES.previewLinkGenerated).text).toContain("12 March 2027 at 14:00 CET");
  expect(Object.keys(EMAIL_TEMPLATES)).toHaveLength(14);
});

test("every link that carries a token is declared secret (sealed at rest, redacted for support; issue 44)", () => {
  for (const type of EMAIL_TYPES) {
    const tokenLinks = Object.entries(SAMPLES[type])
      .filter(([, value]) => typeof value === "string" && /\/with\/|\/previewlink\//.test(value))
      .map(([name]) => name);
    expect(secretVariablesOf(type), type).toEqual(expect.arrayContaining(tokenLinks));
  }
});

test("escapeHtml escapes the five special characters and nothing else", () => {
  expect(escapeHtml(`<a href="x">'Ä' & b</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;Ä&#39; &amp; b&lt;/a&gt;");
});
