import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { SIGNATURE_HEADER, type ShopEvent } from "#app/rules/shop";
import { signShopCall } from "#app/shop/shop-signature.server";

/**
 * The external shop, the only thing the tests mock (issue 13): a small server that behaves like a
 * real one. Its checkout page (GET /checkout, the address the studio sends the buyer to) shows the
 * product and a 'Pay now' button; paying sends the signed 'order.completed' webhook call to the
 * studio and then sends the buyer back to the studio's return address. A product code ending in
 * a number books that many units ('zip-5': five ZIP packages, 'channel-3': three channels, each
 * with its own subscription). POST /subscriptions/:id/cancel cancels a subscription the same way.
 */

export type FakeShopOptions = { webhookUrl: string; secret: string; now?: () => Date };

/** Sends one event to the studio as the shop does; returns the studio's status and answer. */
export async function sendShopEvent(
  options: FakeShopOptions,
  event: ShopEvent,
  signature?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const rawBody = JSON.stringify(event);
  const response = await fetch(options.webhookUrl, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      [SIGNATURE_HEADER]: signature ?? signShopCall(options.secret, rawBody, options.now?.()),
    },
    body: rawBody,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export const quantityOf = (code: string) => Number(/(\d+)$/.exec(code)?.[1] ?? 1);
const inAYear = () => new Date(Date.now() + 365 * 24 * 3600_000).toISOString();

/** The 'order.completed' event the shop sends for a checkout's parameters. */
export function completedOrder(params: { reference: string; code: string; type: string; email: string }): ShopEvent {
  const quantity = quantityOf(params.code);
  return {
    id: `evt_${randomUUID()}`,
    type: "order.completed",
    data: {
      reference: params.reference,
      orderId: `ord_${randomUUID().slice(0, 8)}`,
      customerId: `cus_${createHash("sha256").update(params.email).digest("hex").slice(0, 12)}`,
      orderCode: params.code,
      quantity,
      subscriptions:
        params.type === "channel"
          ? Array.from({ length: quantity }, () => ({ id: `sub_${randomUUID()}`, currentTermEndsAt: inAYear() }))
          : [],
    },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function formOf(request: IncomingMessage) {
  let body = "";
  for await (const chunk of request) body += chunk;
  return new URLSearchParams(body);
}

export function startFakeShop(options: FakeShopOptions & { port: number; host?: string }): Promise<Server> {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://shop.test");
    try {
      if (request.method === "GET" && url.pathname === "/checkout") {
        const fields = ["type", "code", "reference", "email", "return", "locale"] as const;
        const hidden = fields
          .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(url.searchParams.get(name) ?? "")}">`)
          .join("");
        response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Fake Shop checkout</title></head><body><main><h1>Fake Shop checkout</h1>
<p>Product: <strong id="product">${escapeHtml(url.searchParams.get("code") ?? "")}</strong>, quantity ${quantityOf(url.searchParams.get("code") ?? "")}</p>
<p>Customer: ${escapeHtml(url.searchParams.get("email") ?? "")}</p>
<form method="post" action="/pay">${hidden}<button type="submit">Pay now</button></form></main></body></html>`);
        return;
      }
      if (request.method === "POST" && url.pathname === "/pay") {
        const form = await formOf(request);
        const event = completedOrder({
          reference: form.get("reference") ?? "",
          code: form.get("code") ?? "",
          type: form.get("type") ?? "",
          email: form.get("email") ?? "",
        });
        const result = await sendShopEvent(options, event);
        if (result.status !== 200) {
          response.writeHead(502, { "Content-Type": "text/plain" });
          response.end(`the studio refused the order: ${result.status} ${JSON.stringify(result.body)}`);
          return;
        }
        response.writeHead(303, { Location: form.get("return") ?? "/" });
        response.end();
        return;
      }
      const cancel = /^\/subscriptions\/([^/]+)\/cancel$/.exec(url.pathname);
      if (request.method === "POST" && cancel?.[1]) {
        const result = await sendShopEvent(options, {
          id: `evt_${randomUUID()}`,
          type: "subscription.cancelled",
          data: { subscriptionId: decodeURIComponent(cancel[1]), currentTermEndsAt: inAYear() },
        });
        response.writeHead(result.status, { "Content-Type": "application/json" });
        response.end(JSON.stringify(result.body));
        return;
      }
      response.writeHead(404, { "Content-Type": "text/plain" });
      response.end("not found");
    } catch (error) {
      response.writeHead(500, { "Content-Type": "text/plain" });
      response.end(String(error));
    }
  });
  return new Promise((resolve) => server.listen(options.port, options.host ?? "127.0.0.1", () => resolve(server)));
}
