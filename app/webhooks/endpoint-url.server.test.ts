import { expect, test } from "vitest";
import { endpointUrlProblem } from "./endpoint-url.server.ts";

// Which endpoint addresses may be saved (ADR 0058): https to a public name or address; plain http
// and private addresses only where OUTBOUND_ALLOW_PRIVATE allows them (the tests' receivers).

test("https to a public host is accepted; http, credentials and private networks are refused", () => {
  expect(endpointUrlProblem("https://hooks.example.com/in?x=1", [])).toBeNull();
  expect(endpointUrlProblem("https://93.184.215.14/in", [])).toBeNull();
  expect(endpointUrlProblem("http://hooks.example.com/in", [])).toBe("webhooks.validation.httpsRequired");
  expect(endpointUrlProblem("https://user:secret@hooks.example.com/", [])).toBe("webhooks.validation.urlCredentials");
  expect(endpointUrlProblem("ftp://hooks.example.com/", [])).toBe("webhooks.validation.urlInvalid");
  expect(endpointUrlProblem("not an address", [])).toBe("webhooks.validation.urlInvalid");
  for (const address of [
    "https://127.0.0.1/",
    "https://10.1.2.3/",
    "https://169.254.169.254/latest",
    "https://[::1]/",
    "https://[::ffff:192.168.0.1]/",
    "https://localhost/",
    // A trailing dot names the same host (issue 44's outside test).
    "https://localhost./",
    "https://localhost../",
    "https://printer.local./",
    "https://intranet./",
    "https://printer.local/",
    "https://db.internal/",
    "https://intranet/",
  ]) {
    expect(endpointUrlProblem(address, []), address).toBe("webhooks.validation.privateAddress");
  }
});

test("an allowed host:port passes, over http too (a test's local receiver)", () => {
  expect(endpointUrlProblem("http://127.0.0.1:3108/hooks", ["127.0.0.1:3108"])).toBeNull();
  expect(endpointUrlProblem("http://127.0.0.1:3109/hooks", ["127.0.0.1:3108"])).toBe("webhooks.validation.httpsRequired");
});
