import { describe, expect, test } from "vitest";
import { checkHoneypot, HONEYPOT_FIELD, isHoneypotFilled } from "./honeypot.ts";

function form(entries: Record<string, string | Blob>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(entries)) formData.append(name, value);
  return formData;
}

describe("honeypot", () => {
  test("uses the account forms' field", () => {
    expect(HONEYPOT_FIELD).toBe("website");
  });

  test("an absent or empty field passes", () => {
    expect(isHoneypotFilled(form({ email: "max@example.com" }))).toBe(false);
    expect(isHoneypotFilled(form({ website: "" }))).toBe(false);
    expect(isHoneypotFilled(new URLSearchParams("website="))).toBe(false);
    expect(() => checkHoneypot(form({ website: "" }))).not.toThrow();
  });

  test("anything in it, blanks or a file included, is refused with a 400", () => {
    expect(isHoneypotFilled(form({ website: "https://spam.example" }))).toBe(true);
    expect(isHoneypotFilled(form({ website: " " }))).toBe(true);
    expect(isHoneypotFilled(form({ website: new Blob(["x"]) }))).toBe(true);
    expect(isHoneypotFilled(new URLSearchParams("website=x"))).toBe(true);
    let thrown: unknown;
    try {
      checkHoneypot(form({ website: "bot" }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 400 }, data: { formErrors: ["validation.formRejected"] } });
  });
});
