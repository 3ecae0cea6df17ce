import { createHmac } from "node:crypto";
import { expect, test } from "vitest";
import { signTimestamped, verifyTimestamped } from "./timestamped-signature.server.ts";

// The signer of the shop's webhooks and the studio's own (ADR 0040, ADR 0058).

const secret = "whsec_test-secret";
const body = '{"id":"evt_1","type":"epaper.rendered"}';
const now = new Date("2026-11-28T10:00:00.000Z");

test("a signature is t=<seconds>,v1=<HMAC-SHA256 of '<t>.<body>'>, and verifies for its exact body only", () => {
  const header = signTimestamped(secret, body, now);
  const t = Math.floor(now.getTime() / 1000);
  expect(header).toBe(`t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`);
  expect(verifyTimestamped(secret, body, header, 300, now)).toBe(true);
  expect(verifyTimestamped(secret, `${body} `, header, 300, now)).toBe(false);
  expect(verifyTimestamped("whsec_other", body, header, 300, now)).toBe(false);
  expect(verifyTimestamped(secret, body, null, 300, now)).toBe(false);
  expect(verifyTimestamped(secret, body, "t=1,v1=zz", 300, now)).toBe(false);
});

test("an old signature is refused (a captured call cannot be replayed later)", () => {
  const header = signTimestamped(secret, body, now);
  expect(verifyTimestamped(secret, body, header, 300, new Date(now.getTime() + 299_000))).toBe(true);
  expect(verifyTimestamped(secret, body, header, 300, new Date(now.getTime() + 301_000))).toBe(false);
});
