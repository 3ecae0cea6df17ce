import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { SIGNATURE_HEADER, ShopEventSchema } from "#app/rules/shop";
import { verifyShopCall } from "#app/shop/shop-signature.server";
import { sandboxLocale, startSandboxShop } from "./sandbox-shop.ts";

// The sandbox shop npm start runs without SHOP_URL (issue 30; ADR 0040), over real HTTP: its
// checkout page says in the buyer's language that nothing is paid, and completing an order sends
// the studio a correctly signed webhook call. What the studio does with the call is proven in
// tests/integration/shop.test.ts and, through this very process, in tests/e2e/shop.test.ts.

const SECRET = "sandbox-shop-test-secret-0123456789abcdef";
type Received = { signature: string | null; body: string };
const received: Received[] = [];
let studioAnswer = { status: 200, body: { received: true, replayed: false } as Record<string, unknown> };
let studio: Server;
let shop: Server;
let shopUrl: string;

const portOf = (server: Server) => (server.address() as AddressInfo).port;

beforeAll(async () => {
  // Stands in for the studio's POST /webhooks/shop: keeps each call, answers as told.
  studio = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const signature = request.headers[SIGNATURE_HEADER];
    received.push({ signature: typeof signature === "string" ? signature : null, body });
    response.writeHead(studioAnswer.status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(studioAnswer.body));
  });
  await new Promise<void>((resolve) => studio.listen(0, "127.0.0.1", resolve));
  shop = await startSandboxShop({
    port: 0,
    webhookUrl: `http://127.0.0.1:${portOf(studio)}/webhooks/shop`,
    studioUrl: "http://localhost:3000",
    secret: SECRET,
  });
  shopUrl = `http://127.0.0.1:${portOf(shop)}`;
});
afterAll(async () => {
  await new Promise((resolve) => shop.close(resolve));
  await new Promise((resolve) => studio.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  studioAnswer = { status: 200, body: { received: true, replayed: false } };
});

const checkout = (params: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${shopUrl}/checkout?${new URLSearchParams(params)}`, { headers });
const order = {
  type: "epaper",
  code: "zip-5",
  reference: "signed-reference-of-the-studio",
  email: "buyer@example.org",
  return: "http://localhost:3000/shop/epaper?ordered=1",
};

test("the checkout page says in English and German that no payment is taken", async () => {
  const en = await checkout({ ...order, locale: "en" });
  expect(en.status).toBe(200);
  expect(en.headers.get("content-type")).toBe("text/html; charset=utf-8");
  const english = await en.text();
  expect(english).toContain('<html lang="en">');
  expect(english).toContain('<meta name="viewport"');
  expect(english).toContain("<h1>Sandbox shop: checkout</h1>");
  expect(english).toContain("<strong>Sandbox — no payment is taken.</strong>");
  // The product's name and an example price, never the raw code (issue 46).
  expect(english).toContain('<strong id="product">5 ZIP packages</strong>');
  expect(english).toContain('<dd id="price">€79.00 in a real shop; the sandbox charges nothing</dd>');
  expect(english).toContain('<dd id="quantity">5</dd>');
  expect(english).toMatch(/<button type="submit" aria-describedby="sandbox-note">Complete the order \(no payment\)<\/button>/);
  // Back without ordering: the studio's shop page, without the thank-you.
  expect(english).toContain('<a href="http://localhost:3000/shop/epaper">Back to the studio without ordering</a>');

  const german = await (await checkout({ ...order, type: "channel", code: "channel-3", locale: "de" })).text();
  expect(german).toContain('<html lang="de">');
  expect(german).toContain("<h1>Sandbox-Shop: Kasse</h1>");
  expect(german).toContain("<strong>Sandbox — es wird nichts bezahlt.</strong>");
  expect(german).toContain("Kanäle, jeder mit einem Abonnement über 12 Monate");
  expect(german).toContain('<strong id="product">3 Kanäle für 12 Monate</strong>');
  expect(german).toContain('<dd id="price">249,00 € in einem echten Shop; die Sandbox berechnet nichts</dd>');
  expect(german).toContain("Bestellung abschließen (ohne Zahlung)</button>");
  expect(german).toContain('<input type="hidden" name="locale" value="de">');

  // Without ?locale the browser's languages decide; anything else gets the studio's default (de).
  const byBrowser = await (await checkout(order, { "Accept-Language": "fr-FR, en-GB;q=0.8, de;q=0.5" })).text();
  expect(byBrowser).toContain('<html lang="en">');
  expect(sandboxLocale(null, "de-AT,de;q=0.9,en;q=0.8")).toBe("de");
  expect(sandboxLocale("EN-us", "de")).toBe("en");
  expect(sandboxLocale("fr", "fr, *;q=0.1")).toBe("de");
  expect(sandboxLocale(undefined, undefined)).toBe("de");

  // What the studio sends is shown, never run.
  const hostile = await (await checkout({ ...order, email: '<script>alert("x")</script>', locale: "en" })).text();
  expect(hostile).not.toContain("<script>");
  expect(hostile).toContain("&#60;script&#62;");
});

test("completing an order sends the studio a signed 'order.completed' call and sends the buyer back", async () => {
  const response = await fetch(`${shopUrl}/pay`, {
    method: "POST",
    body: new URLSearchParams({ ...order, type: "channel", code: "channel-3", locale: "de" }),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe(order.return);
  expect(received).toHaveLength(1);
  const [call] = received;
  if (!call) throw new Error("no call");
  expect(verifyShopCall(SECRET, call.body, call.signature)).toBe(true);
  expect(verifyShopCall("another-secret-0123456789abcdefghijklmn", call.body, call.signature)).toBe(false);
  const event = ShopEventSchema.parse(JSON.parse(call.body));
  expect(event.type).toBe("order.completed");
  if (event.type !== "order.completed") return;
  expect(event.data).toMatchObject({ reference: order.reference, orderCode: "channel-3", quantity: 3 });
  expect(event.data.subscriptions).toHaveLength(3);
  expect(event.data.customerId).toMatch(/^cus_[0-9a-f]{12}$/);
});

test("a refused order stays in the shop with the studio's answer; subscriptions are cancelled and renewed by signed calls", async () => {
  studioAnswer = { status: 400, body: { error: "reference not signed by this studio" } };
  const refused = await fetch(`${shopUrl}/pay`, {
    method: "POST",
    body: new URLSearchParams({ ...order, locale: "en" }),
    redirect: "manual",
  });
  expect(refused.status).toBe(502);
  const page = await refused.text();
  expect(page).toContain("<h1>The studio refused the order</h1>");
  expect(page).toContain("Sandbox — no payment is taken.");
  expect(page).toContain("reference not signed by this studio");

  studioAnswer = { status: 200, body: { received: true, replayed: false } };
  const cancelled = await fetch(`${shopUrl}/subscriptions/sub_1/cancel`, { method: "POST" });
  expect(cancelled.status).toBe(200);
  const renewed = await fetch(`${shopUrl}/subscriptions/sub_1/renew`, { method: "POST" });
  expect(renewed.status).toBe(200);
  const events = received.slice(1).map((call) => {
    expect(verifyShopCall(SECRET, call.body, call.signature)).toBe(true);
    return ShopEventSchema.parse(JSON.parse(call.body));
  });
  expect(events.map((event) => [event.type, "subscriptionId" in event.data ? event.data.subscriptionId : null])).toEqual([
    ["subscription.cancelled", "sub_1"],
    ["subscription.renewed", "sub_1"],
  ]);
});

test("another site can neither book an order nor send the buyer elsewhere (issue 44)", async () => {
  const fromElsewhere = await fetch(`${shopUrl}/pay`, {
    method: "POST",
    headers: { Origin: "https://evil.example" },
    body: new URLSearchParams({ ...order, locale: "en" }),
    redirect: "manual",
  });
  expect(fromElsewhere.status).toBe(403);
  const cancel = await fetch(`${shopUrl}/subscriptions/sub_1/cancel`, { method: "POST", headers: { Origin: "https://evil.example" } });
  expect(cancel.status).toBe(403);
  expect(received).toEqual([]);
  // From the shop's own checkout page: booked, but a foreign return address leads to the studio.
  const foreignReturn = await fetch(`${shopUrl}/pay`, {
    method: "POST",
    headers: { Origin: shopUrl },
    body: new URLSearchParams({ ...order, return: "https://evil.example/phish", locale: "en" }),
    redirect: "manual",
  });
  expect(foreignReturn.status).toBe(303);
  expect(foreignReturn.headers.get("location")).toBe("http://localhost:3000");
  const page = await (await checkout({ ...order, return: "https://evil.example/phish", locale: "en" })).text();
  expect(page).not.toContain("evil.example");
});
