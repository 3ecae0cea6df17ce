import { expect, test } from "vitest";
import { openVariables, sealVariables, splitSecretVariables } from "./sealed-variables.server.ts";

const link = "https://studio.test/auth/password-reset/with/abc";

test("sealed variables open with the key, with a rotated-in key, and not otherwise", () => {
  const sealed = sealVariables({ link }, ["first-secret-0123456789abcdefghijklmnop"]);
  expect(sealed).not.toContain("password-reset");
  expect(openVariables(sealed, ["first-secret-0123456789abcdefghijklmnop"])).toEqual({ link });
  // Rotation: a new first key seals, the old one still opens what it sealed.
  expect(openVariables(sealed, ["second-secret-0123456789abcdefghijklmno", "first-secret-0123456789abcdefghijklmnop"])).toEqual({ link });
  expect(openVariables(sealed, ["another-secret-0123456789abcdefghijklmn"])).toBeNull();
  // Tampering fails the tag.
  const [version, iv, body, tag] = sealed.split(".");
  const flipped = `${(body ?? "").startsWith("A") ? "B" : "A"}${(body ?? "").slice(1)}`;
  expect(openVariables([version, iv, flipped, tag].join("."), ["first-secret-0123456789abcdefghijklmnop"])).toBeNull();
  expect(openVariables("not sealed", ["first-secret-0123456789abcdefghijklmnop"])).toBeNull();
});

test("only the declared names are split off to be sealed", () => {
  expect(splitSecretVariables({ link, firstName: "Erika" }, ["link"])).toEqual({ open: { firstName: "Erika" }, secret: { link } });
  expect(splitSecretVariables({ firstName: "Erika" }, ["link"])).toEqual({ open: { firstName: "Erika" }, secret: null });
});
