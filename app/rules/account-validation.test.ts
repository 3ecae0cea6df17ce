import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import type { z } from "zod";
import de from "#app/locales/de";
import en from "#app/locales/en";
import {
  AccountSchema,
  createChangeEmailSchema,
  createChangePasswordSchema,
  createProfileSchema,
  createSetPasswordSchema,
  createSignupSchema,
  emailTakenFieldErrors,
  GeneratedSignupSchema,
  HONEYPOT_FIELD,
  isEmailChange,
  LoginSchema,
  meetsPasswordComposition,
  type PasswordStrengthEstimator,
  PasswordRequestSchema,
  SupportUserSchema,
  validationMessageParams,
} from "./account-validation.ts";
import { strengthUserInputs, toSpecStrength } from "./password-strength.ts";
import { passwordStrength, STRENGTH_MAX_CHECKED_LENGTH } from "./password-strength.server.ts";

// Expected keys and bounds are written out by hand from studio-core.md §5, studio-admin.md §5
// and docs/decisions/0012-account-validation.md; nothing is derived from the module under test.

const STRONG = "Hund&Katze42-Ufer"; // meets composition, zxcvbn 4
const VALID_SIGNUP = {
  accountName: "Druckerei Beispiel GmbH",
  firstname: "Johanna",
  lastname: "Schmitz",
  email: "johanna.schmitz@example.com",
  password: STRONG,
  passwordConfirmation: STRONG,
  termsAccepted: "on",
};

type Entries = Record<string, string | undefined>;

/** Parses like the browser and the action do: FormData through Conform. */
function submit(schema: z.ZodType, entries: Entries) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(entries)) if (value !== undefined) formData.append(name, value);
  const submission = parseWithZod(formData, { schema });
  const errors = (submission.status === "error" ? submission.error : {}) ?? {};
  for (const [field, keys] of Object.entries(errors)) {
    for (const key of keys ?? []) {
      // Every key must have a text in both languages.
      const bare = field === "" ? key.replace(/^validation\./, "") : key;
      expect(en.validation, `${field}: ${key}`).toHaveProperty(bare);
      expect(de.validation, `${field}: ${key}`).toHaveProperty(bare);
    }
  }
  return { status: submission.status, errors };
}

/** The error keys of one field ("" = form errors); [] when the field passes. */
function fieldErrors(schema: z.ZodType, entries: Entries, field: string): string[] {
  return submit(schema, entries).errors[field] ?? [];
}

const fixedStrength =
  (score: 0 | 1 | 2 | 3): PasswordStrengthEstimator =>
  () =>
    score;
const signup = createSignupSchema({ strength: passwordStrength });

describe("signup (studio-core.md §5)", () => {
  test("a complete, valid signup passes and yields typed values", () => {
    const formData = new FormData();
    for (const [name, value] of Object.entries(VALID_SIGNUP)) formData.append(name, value);
    const submission = parseWithZod(formData, { schema: signup });
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(submission.value).toMatchObject({ ...VALID_SIGNUP, termsAccepted: true });
    }
  });

  const cases: { rule: string; field: string; value: string | undefined; expected: string[] }[] = [
    // Company, first and last name: required, at least 1 character (trimmed), at most 250.
    { rule: "company required", field: "accountName", value: undefined, expected: ["companyNameRequired"] },
    { rule: "company blank", field: "accountName", value: "   ", expected: ["companyNameRequired"] },
    { rule: "company 1 char", field: "accountName", value: "A", expected: [] },
    { rule: "company 250 chars", field: "accountName", value: "a".repeat(250), expected: [] },
    { rule: "company 251 chars", field: "accountName", value: "a".repeat(251), expected: ["nameTooLong"] },
    { rule: "first name required", field: "firstname", value: undefined, expected: ["firstnameRequired"] },
    { rule: "first name blank", field: "firstname", value: " ", expected: ["firstnameRequired"] },
    { rule: "first name 1 char", field: "firstname", value: "J", expected: [] },
    { rule: "first name 251 chars", field: "firstname", value: "j".repeat(251), expected: ["nameTooLong"] },
    { rule: "last name required", field: "lastname", value: undefined, expected: ["lastnameRequired"] },
    { rule: "last name blank", field: "lastname", value: "\t", expected: ["lastnameRequired"] },
    { rule: "last name 1 char", field: "lastname", value: "S", expected: [] },
    { rule: "last name 251 chars", field: "lastname", value: "s".repeat(251), expected: ["nameTooLong"] },
    // E-mail: required, valid, no plus sign, at most 254.
    { rule: "email required", field: "email", value: undefined, expected: ["emailRequired"] },
    { rule: "email invalid", field: "email", value: "johanna.example.com", expected: ["validEmailRequired"] },
    { rule: "email without domain", field: "email", value: "johanna@", expected: ["validEmailRequired"] },
    { rule: "email trimmed", field: "email", value: "  johanna@example.com ", expected: [] },
    { rule: "email with plus", field: "email", value: "johanna+news@example.com", expected: ["emailMustNotContainPlusSign"] },
    { rule: "email invalid with plus: one message", field: "email", value: "jo+hanna", expected: ["validEmailRequired"] },
    {
      rule: "email 254 chars",
      field: "email",
      value: `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.de`,
      expected: [],
    },
    {
      rule: "email 255 chars",
      field: "email",
      value: `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(59)}.de`,
      expected: ["validEmailRequired"],
    },
    // Password: required; at least 10; at most 128; one of !@#$%&, digit, upper, lower; strength >= 2.
    { rule: "password required", field: "password", value: undefined, expected: ["passwordRequired"] },
    { rule: "password 9 chars", field: "password", value: "Qz7!xw9#R", expected: ["passwordTooShort"] },
    { rule: "password 10 chars", field: "password", value: "Qz7!xw9#Rk", expected: [] },
    { rule: "password 129 chars", field: "password", value: `Qz7!xw9#Rk${"x".repeat(119)}`, expected: ["passwordTooLong"] },
    { rule: "password 128 chars", field: "password", value: `Qz7!xw9#Rk${"x".repeat(118)}`, expected: [] },
    { rule: "password without special", field: "password", value: "Qz7kxw9pRkTu", expected: ["passwordRequirements"] },
    { rule: "password with other special only", field: "password", value: "Qz7*xw9?Rk_u", expected: ["passwordRequirements"] },
    { rule: "password without digit", field: "password", value: "Qzx!xwq#RkTu", expected: ["passwordRequirements"] },
    { rule: "password without upper case", field: "password", value: "qz7!xw9#rktu", expected: ["passwordRequirements"] },
    { rule: "password without lower case", field: "password", value: "QZ7!XW9#RKTU", expected: ["passwordRequirements"] },
    { rule: "password too short and no digit: one message", field: "password", value: "Abc!", expected: ["passwordTooShort"] },
    { rule: "password common", field: "password", value: "Password123!", expected: ["passwordTooWeak"] },
    { rule: "password season and year", field: "password", value: "Summer2024!", expected: ["passwordTooWeak"] },
    { rule: "password German common word", field: "password", value: "Passwort123!", expected: ["passwordTooWeak"] },
    // Terms switch must be on.
    { rule: "terms off", field: "termsAccepted", value: undefined, expected: ["pleaseConfirmTermsAndConditions"] },
    { rule: "terms on", field: "termsAccepted", value: "on", expected: [] },
  ];
  test.each(cases)("$rule", ({ field, value, expected }) => {
    const entries: Entries = { ...VALID_SIGNUP, [field]: value };
    if (field === "password") entries.passwordConfirmation = value;
    expect(fieldErrors(signup, entries, field)).toEqual(expected);
    expect(submit(signup, entries).status).toBe(expected.length ? "error" : "success");
  });

  test("password built from the user's own data is too weak", () => {
    const password = "Johanna!2024";
    expect(passwordStrength(password)).toBeGreaterThanOrEqual(2);
    expect(fieldErrors(signup, { ...VALID_SIGNUP, password, passwordConfirmation: password }, "password")).toEqual(["passwordTooWeak"]);
  });

  test("the estimator receives the password and the user's e-mail, names and company", () => {
    const seen: { password: string; inputs: readonly string[] }[] = [];
    const spy: PasswordStrengthEstimator = (password, inputs = []) => {
      seen.push({ password, inputs });
      return 3;
    };
    expect(submit(createSignupSchema({ strength: spy }), VALID_SIGNUP).status).toBe("success");
    expect(seen).toEqual([
      { password: STRONG, inputs: [VALID_SIGNUP.email, VALID_SIGNUP.firstname, VALID_SIGNUP.lastname, VALID_SIGNUP.accountName] },
    ]);
  });

  test("strength boundary: 1 fails, 2 passes", () => {
    expect(fieldErrors(createSignupSchema({ strength: fixedStrength(1) }), VALID_SIGNUP, "password")).toEqual(["passwordTooWeak"]);
    expect(fieldErrors(createSignupSchema({ strength: fixedStrength(2) }), VALID_SIGNUP, "password")).toEqual([]);
  });

  test("strength is checked even while other fields fail, but not before length and composition pass", () => {
    const weak = createSignupSchema({ strength: fixedStrength(0) });
    expect(fieldErrors(weak, { ...VALID_SIGNUP, firstname: undefined }, "password")).toEqual(["passwordTooWeak"]);
    expect(fieldErrors(weak, { ...VALID_SIGNUP, password: "short", passwordConfirmation: "short" }, "password")).toEqual([
      "passwordTooShort",
    ]);
  });

  test("without an estimator the strength rule is left to the server", () => {
    const browser = createSignupSchema({ strength: null });
    expect(submit(browser, { ...VALID_SIGNUP, password: "Password123!", passwordConfirmation: "Password123!" }).status).toBe("success");
  });

  test("an estimator without an answer yet (the browser before the server answered) leaves the rule to the server", () => {
    const unknown = createSignupSchema({ strength: () => null });
    expect(submit(unknown, { ...VALID_SIGNUP, password: "Password123!", passwordConfirmation: "Password123!" }).status).toBe("success");
  });

  test("confirmation: required, must equal the password, checked even when the password fails", () => {
    expect(fieldErrors(signup, { ...VALID_SIGNUP, passwordConfirmation: undefined }, "passwordConfirmation")).toEqual([
      "passwordConfirmationRequired",
    ]);
    expect(fieldErrors(signup, { ...VALID_SIGNUP, passwordConfirmation: `${STRONG}x` }, "passwordConfirmation")).toEqual([
      "passwordDoesNotMatch",
    ]);
    expect(fieldErrors(signup, { ...VALID_SIGNUP, password: "short", passwordConfirmation: "other" }, "passwordConfirmation")).toEqual([
      "passwordDoesNotMatch",
    ]);
    expect(fieldErrors(signup, VALID_SIGNUP, "passwordConfirmation")).toEqual([]);
  });

  test("honeypot: empty passes, filled fails the whole form even when everything else is valid", () => {
    expect(submit(signup, { ...VALID_SIGNUP, [HONEYPOT_FIELD]: "" }).status).toBe("success");
    expect(fieldErrors(signup, { ...VALID_SIGNUP, [HONEYPOT_FIELD]: "https://spam.example" }, "")).toEqual(["validation.formRejected"]);
    expect(fieldErrors(signup, { [HONEYPOT_FIELD]: "x" }, "")).toEqual(["validation.formRejected"]);
  });

  test("browser constraints: visible fields required, the hidden honeypot not (it would block submitting)", () => {
    const constraint = getZodConstraint(createSignupSchema({ strength: null }));
    for (const field of ["accountName", "firstname", "lastname", "email", "password", "passwordConfirmation", "termsAccepted"]) {
      expect(constraint[field]?.required, field).toBe(true);
    }
    expect(constraint[HONEYPOT_FIELD]?.required).toBe(false);
  });

  test("terms: plain objects (outside Conform) need true", () => {
    const values = { ...VALID_SIGNUP, termsAccepted: true };
    expect(signup.safeParse(values).success).toBe(true);
    const refused = signup.safeParse({ ...values, termsAccepted: false });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(["pleaseConfirmTermsAndConditions"]);
  });
});

describe("login (studio-core.md §5: email valid, password required, min 10)", () => {
  const valid = { email: "max@example.com", password: "any10chars" };
  test.each([
    { field: "email", value: undefined, expected: ["emailRequired"] },
    { field: "email", value: "max@", expected: ["validEmailRequired"] },
    { field: "email", value: " max+tag@example.com ", expected: [] },
    { field: "password", value: undefined, expected: ["passwordRequired"] },
    { field: "password", value: "123456789", expected: ["passwordTooShort"] },
    { field: "password", value: "1234567890", expected: [] },
  ])("$field = $value", ({ field, value, expected }) => {
    expect(fieldErrors(LoginSchema, { ...valid, [field]: value }, field)).toEqual(expected);
  });
});

describe("signup of a try-it user (dialog: no password)", () => {
  const VALID = { accountName: "Druckerei", firstname: "Jo", lastname: "Schmitz", email: "jo@example.com", termsAccepted: "on" };

  test("the valid form passes without any password field", () => {
    expect(submit(GeneratedSignupSchema, VALID).status).toBe("success");
  });

  test.each([
    { field: "accountName", value: undefined, expected: ["companyNameRequired"] },
    { field: "firstname", value: "", expected: ["firstnameRequired"] },
    { field: "lastname", value: undefined, expected: ["lastnameRequired"] },
    { field: "email", value: "jo.example.com", expected: ["validEmailRequired"] },
    { field: "email", value: "jo+trial@example.com", expected: ["emailMustNotContainPlusSign"] },
    { field: "termsAccepted", value: undefined, expected: ["pleaseConfirmTermsAndConditions"] },
  ])("$field = $value", ({ field, value, expected }) => {
    expect(fieldErrors(GeneratedSignupSchema, { ...VALID, [field]: value }, field)).toEqual(expected);
  });

  test("honeypot", () => {
    expect(fieldErrors(GeneratedSignupSchema, { ...VALID, [HONEYPOT_FIELD]: "bot" }, "")).toEqual(["validation.formRejected"]);
  });
});

describe("password request", () => {
  test.each([
    { value: undefined, expected: ["emailRequired"] },
    { value: "max.example.com", expected: ["validEmailRequired"] },
    { value: "max@example.com", expected: [] },
    { value: "max+tag@example.com", expected: [] },
  ])("email = $value", ({ value, expected }) => {
    expect(fieldErrors(PasswordRequestSchema, { email: value }, "email")).toEqual(expected);
  });

  test("honeypot", () => {
    expect(submit(PasswordRequestSchema, { email: "max@example.com" }).status).toBe("success");
    expect(fieldErrors(PasswordRequestSchema, { email: "max@example.com", [HONEYPOT_FIELD]: "bot" }, "")).toEqual([
      "validation.formRejected",
    ]);
  });
});

describe("set new password", () => {
  const schema = createSetPasswordSchema({ strength: passwordStrength, userInputs: ["johanna.schmitz@example.com", "Johanna", "Schmitz"] });
  test.each([
    { password: undefined, confirmation: undefined, field: "password", expected: ["passwordRequired"] },
    { password: "Qz7!xw9#R", confirmation: "Qz7!xw9#R", field: "password", expected: ["passwordTooShort"] },
    { password: "qz7!xw9#rktu", confirmation: "qz7!xw9#rktu", field: "password", expected: ["passwordRequirements"] },
    { password: "Password123!", confirmation: "Password123!", field: "password", expected: ["passwordTooWeak"] },
    { password: "Johanna!2024", confirmation: "Johanna!2024", field: "password", expected: ["passwordTooWeak"] },
    { password: STRONG, confirmation: STRONG, field: "password", expected: [] },
    { password: STRONG, confirmation: undefined, field: "passwordConfirmation", expected: ["passwordConfirmationRequired"] },
    { password: STRONG, confirmation: "Hund&Katze42", field: "passwordConfirmation", expected: ["passwordDoesNotMatch"] },
    { password: STRONG, confirmation: STRONG, field: "passwordConfirmation", expected: [] },
  ])("$field: $password / $confirmation", ({ password, confirmation, field, expected }) => {
    expect(fieldErrors(schema, { password, passwordConfirmation: confirmation }, field)).toEqual(expected);
  });
});

describe("change password in the profile drawer", () => {
  const schema = createChangePasswordSchema({ strength: passwordStrength, userInputs: ["johanna.schmitz@example.com", "Johanna"] });
  const valid = { currentPassword: "old password", password: STRONG, passwordConfirmation: STRONG };
  test.each([
    { entries: { ...valid, currentPassword: undefined }, field: "currentPassword", expected: ["currentPasswordRequired"] },
    // Any stored password may be the current one: no composition or length rule for it.
    { entries: valid, field: "currentPassword", expected: [] },
    {
      entries: { ...valid, password: "Password123!", passwordConfirmation: "Password123!" },
      field: "password",
      expected: ["passwordTooWeak"],
    },
    {
      entries: { ...valid, password: "Johanna!2024", passwordConfirmation: "Johanna!2024" },
      field: "password",
      expected: ["passwordTooWeak"],
    },
    { entries: { ...valid, password: "short!A1" }, field: "password", expected: ["passwordTooShort"] },
    { entries: { ...valid, passwordConfirmation: "Hund&Katze42" }, field: "passwordConfirmation", expected: ["passwordDoesNotMatch"] },
    { entries: valid, field: "password", expected: [] },
  ])("$field: $expected", ({ entries, field, expected }) => {
    expect(fieldErrors(schema, entries, field)).toEqual(expected);
  });
});

describe("profile and e-mail change (studio-admin.md §5)", () => {
  const current = "old+legacy@example.com"; // set before the plus-sign rule, e.g. by support
  const profile = createProfileSchema({ currentEmail: current });
  const changeEmail = createChangeEmailSchema({ currentEmail: current });
  const valid = { firstname: "Johanna", lastname: "Schmitz", email: current };

  test.each([
    { rule: "unchanged address passes as it is", value: current, expected: [] },
    { rule: "unchanged apart from case and spaces", value: " OLD+legacy@Example.com ", expected: [] },
    { rule: "new valid address", value: "new@example.com", expected: [] },
    { rule: "new invalid address", value: "new@", expected: ["validEmailRequired"] },
    { rule: "new address with plus", value: "new+tag@example.com", expected: ["emailMustNotContainPlusSign"] },
    { rule: "empty", value: undefined, expected: ["emailRequired"] },
  ])("$rule", ({ value, expected }) => {
    expect(fieldErrors(profile, { ...valid, email: value }, "email")).toEqual(expected);
    expect(fieldErrors(changeEmail, { email: value }, "email")).toEqual(expected);
  });

  test.each([
    { field: "firstname", value: undefined, expected: ["firstnameRequired"] },
    { field: "firstname", value: "J", expected: [] },
    { field: "lastname", value: "  ", expected: ["lastnameRequired"] },
    { field: "lastname", value: "S", expected: [] },
  ])("$field = '$value'", ({ field, value, expected }) => {
    expect(fieldErrors(profile, { ...valid, [field]: value }, field)).toEqual(expected);
  });

  test("isEmailChange ignores case and surrounding spaces", () => {
    expect(isEmailChange(current, " OLD+LEGACY@example.com")).toBe(false);
    expect(isEmailChange(current, "new@example.com")).toBe(true);
  });
});

describe("account and support user list", () => {
  test.each([
    { value: undefined, expected: ["companyNameRequired"] },
    { value: " ", expected: ["companyNameRequired"] },
    { value: "a".repeat(251), expected: ["nameTooLong"] },
    { value: "Acme", expected: [] },
  ])("account name '$value'", ({ value, expected }) => {
    expect(fieldErrors(AccountSchema, { name: value }, "name")).toEqual(expected);
  });

  const user = { email: "max@example.com", firstname: "Max", lastname: "Muster" };
  test.each([
    { field: "email", value: undefined, expected: ["emailRequired"] },
    { field: "email", value: "max", expected: ["validEmailRequired"] },
    { field: "email", value: "max@example.com", expected: [] },
    { field: "firstname", value: "", expected: ["firstnameRequired"] },
    { field: "lastname", value: "", expected: ["lastnameRequired"] },
    { field: "lastname", value: "M", expected: [] },
  ])("support user $field = '$value'", ({ field, value, expected }) => {
    expect(fieldErrors(SupportUserSchema, { ...user, [field]: value }, field)).toEqual(expected);
  });
});

describe("helpers", () => {
  test("composition rule", () => {
    expect(meetsPasswordComposition("Ää1!ßüöxyz")).toBe(true);
    expect(meetsPasswordComposition("aa1!ßüöxyz")).toBe(false);
  });

  test("uniqueness answers of the server", () => {
    expect(emailTakenFieldErrors("signup")).toEqual({ email: ["emailAlreadyExist"] });
    expect(emailTakenFieldErrors("emailChange")).toEqual({ email: ["emailAlreadyExistOrAlreadyRequested"] });
  });

  test("message parameters name the bounds", () => {
    expect(validationMessageParams("passwordTooShort")).toEqual({ min: 10 });
    expect(validationMessageParams("passwordRequirements")).toEqual({ min: 10 });
    expect(validationMessageParams("passwordTooLong")).toEqual({ max: 128 });
    expect(validationMessageParams("nameTooLong")).toEqual({ max: 250 });
    expect(validationMessageParams("validEmailRequired")).toEqual({});
  });
});

describe("password strength (0 to 3; at least 2 required)", () => {
  test("zxcvbn's 0 to 4 maps onto 0 to 3", () => {
    expect([0, 1, 2, 3, 4].map((score) => toSpecStrength(score as 0 | 1 | 2 | 3 | 4))).toEqual([0, 0, 1, 2, 3]);
  });

  test.each(["Password123!", "Passwort123!", "Summer2024!", "Qwertz123!", "P@ssw0rd123!", "Welcome2024!", "Hallo12345!"])(
    "weak common password %s scores below 2",
    (password) => {
      expect(passwordStrength(password)).toBeLessThan(2);
    },
  );

  test.each(["correct-Horse7!battery", "Violet-Tractor-97-Lagoon!", "G7#tmX2qLw", STRONG])(
    "random passphrase %s scores at least 2",
    (password) => {
      expect(passwordStrength(password)).toBeGreaterThanOrEqual(2);
    },
  );

  test("the inputs sent with a password are trimmed, lower case, unique, sorted and bounded", () => {
    expect(strengthUserInputs([" Johanna ", "schmitz", "", "JOHANNA", "a@example.com", "x".repeat(255)])).toEqual([
      "a@example.com",
      "johanna",
      "schmitz",
    ]);
    expect(strengthUserInputs(Array.from({ length: 12 }, (_, index) => `input-${String(index).padStart(2, "0")}`))).toHaveLength(8);
  });

  test("empty scores 0", () => {
    expect(passwordStrength("")).toBe(0);
  });

  test("the user's own data lower the score, also parts of the e-mail", () => {
    expect(passwordStrength("Johanna!2024")).toBeGreaterThanOrEqual(2);
    expect(passwordStrength("Johanna!2024", ["Johanna", "Schmitz"])).toBeLessThan(2);
    expect(passwordStrength("Johanna!2024", ["johanna.schmitz@example.com"])).toBeLessThan(2);
  });

  test("long passwords are estimated on their first 32 characters only (the work stays bounded; its speed is a bench's matter)", () => {
    expect(STRENGTH_MAX_CHECKED_LENGTH).toBe(32);
    expect(passwordStrength("Password123!".repeat(10))).toBeLessThan(2);
    expect(passwordStrength(`G7#tmX2qLw${"Ab1!".repeat(29)}`)).toBe(3);
    // What follows the 32nd character changes nothing: it is not examined.
    const head = `G7#tmX2qLw${"Ab1!".repeat(29)}`.slice(0, STRENGTH_MAX_CHECKED_LENGTH);
    for (const tail of ["", "a".repeat(500), "Zq9$Wv4^Kp".repeat(50), "password".repeat(60)]) {
      expect(passwordStrength(head + tail), tail.slice(0, 12)).toBe(passwordStrength(head));
    }
    const weakHead = "Password123!".repeat(3).slice(0, STRENGTH_MAX_CHECKED_LENGTH);
    expect(passwordStrength(`${weakHead}Zq9$Wv4^Kp#Lm7&Rt2*`)).toBe(passwordStrength(weakHead));
  });
});
