import { expect, test } from "vitest";
import { studioSecurityHeaders } from "./security-headers.server.ts";

test("HSTS only when the studio is served over https", () => {
  expect(studioSecurityHeaders("https://studio.example.org")["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
  expect(studioSecurityHeaders("http://localhost:3000")).not.toHaveProperty("Strict-Transport-Security");
});
