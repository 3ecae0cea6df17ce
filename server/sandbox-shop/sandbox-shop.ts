import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { SIGNATURE_HEADER, type ShopEvent } from "#app/rules/shop";
import { signShopCall } from "#app/shop/shop-signature.server";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#app/utils/i18n";

/**
 * The sandbox shop (ADR 0040, issue 30): a small HTTP server that behaves like the external shop
 * and takes no payment. `npm start` runs it while no SHOP_URL is set (server/run-all.ts,
 * ./main.ts), and the end-to-end run uses the same process (tests/e2e/serve.sh), so the shop
 * the tests prove is the one a new user tries.
 *
 * Its checkout page (GET /checkout, the address the studio sends the buyer to) says 'Sandbox — no
 * payment is taken', shows the product and completes the order: the signed 'order.completed'
 * webhook call goes to the studio, then the buyer goes back to the studio's return address. A
 * product code ending in a number books that many units ('zip-5': five ZIP packages,
 * 'channel-3': three channels, each with its own subscription). POST
 * /subscriptions/:id/cancel and /subscriptions/:id/renew send the other two events the same way.
 */

export type SandboxShopOptions = {
  /** The studio's POST /webhooks/shop. */
  webhookUrl: string;
  /** SHOP_WEBHOOK_SECRET: every call is signed with it. */
  secret: string;
  /**
   * The studio's address (PUBLIC_URL). A buyer is sent back only to it (any other return address
   * leads to its start page), and a browser's order or subscription call is taken only from the
   * shop's own pages or the studio (issue 44): another site cannot book orders in a visitor's name.
   */
  studioUrl: string;
  now?: () => Date;
  /** One line per event sent (the process prints them, as the mail catcher prints mails). */
  log?: (line: string) => void;
};

/** Sends one event to the studio as the shop does; returns the studio's status and answer. */
export async function sendShopEvent(
  options: Pick<SandboxShopOptions, "webhookUrl" | "secret" | "now">,
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
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: response.status, body };
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

/**
 * The page's language: the studio's ?locale (the buyer's studio language), else the first
 * supported one of Accept-Language by its weight, else the studio's default.
 */
export function sandboxLocale(requested: string | null | undefined, acceptLanguage: string | undefined): Locale {
  const primary = (tag: string) => tag.trim().toLowerCase().split(/[-_]/)[0];
  if (requested && isLocale(primary(requested))) return primary(requested) as Locale;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((entry, index) => {
      const [tag = "", ...params] = entry.split(";");
      const q = Number(
        params
          .find((param) => param.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: primary(tag), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked.find((entry) => isLocale(entry.tag))?.tag as Locale | undefined) ?? DEFAULT_LOCALE;
}

/**
 * The sandbox's own catalogue (issue 46): the name and an example price of each product code the
 * studio seeds, as a real shop would show them. A code it does not know shows as itself.
 */
const CATALOGUE: Record<string, { en: string; de: string; euros: number }> = {
  "zip-1": { en: "1 ZIP package", de: "1 ZIP-Paket", euros: 19 },
  "zip-5": { en: "5 ZIP packages", de: "5 ZIP-Pakete", euros: 79 },
  "zip-10": { en: "10 ZIP packages", de: "10 ZIP-Pakete", euros: 139 },
  "channel-1": { en: "1 channel for 12 months", de: "1 Kanal für 12 Monate", euros: 99 },
  "channel-3": { en: "3 channels for 12 months", de: "3 Kanäle für 12 Monate", euros: 249 },
};

function productOf(code: string, locale: Locale): { name: string; price: string | null } {
  const product = Object.hasOwn(CATALOGUE, code) ? CATALOGUE[code] : undefined;
  if (!product) return { name: code, price: null };
  const price = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(product.euros);
  return { name: product[locale], price };
}

const TEXTS = {
  en: {
    shop: "Sandbox shop",
    checkout: "Sandbox shop: checkout",
    label: "Sandbox — no payment is taken.",
    explain:
      "This shop stands in for a real one on this machine (no SHOP_URL is set): completing the order books it in the studio at once, free of charge.",
    order: "Your order",
    product: "Product",
    kind: "Kind",
    kinds: { epaper: "ZIP packages", channel: "Channels, each with a 12-month subscription" } as Record<string, string>,
    quantity: "Quantity",
    customer: "Customer",
    price: "Price",
    free: "0.00 (sandbox)",
    example: "{price} in a real shop; the sandbox charges nothing",
    complete: "Complete the order (no payment)",
    back: "Back to the studio without ordering",
    index: "The studio sends you here from its shop page ('Book contingent', 'Book channels').",
    refused: "The studio refused the order",
    unreachable: "The studio could not be reached",
    notFound: "Not found",
  },
  de: {
    shop: "Sandbox-Shop",
    checkout: "Sandbox-Shop: Kasse",
    label: "Sandbox — es wird nichts bezahlt.",
    explain:
      "Dieser Shop vertritt auf diesem Rechner einen echten (es ist kein SHOP_URL gesetzt): Wer die Bestellung abschließt, bekommt sie im Studio sofort gebucht, kostenlos.",
    order: "Ihre Bestellung",
    product: "Produkt",
    kind: "Art",
    kinds: { epaper: "ZIP-Pakete", channel: "Kanäle, jeder mit einem Abonnement über 12 Monate" } as Record<string, string>,
    quantity: "Menge",
    customer: "Kunde",
    price: "Preis",
    free: "0,00 (Sandbox)",
    example: "{price} in einem echten Shop; die Sandbox berechnet nichts",
    complete: "Bestellung abschließen (ohne Zahlung)",
    back: "Ohne Bestellung zurück zum Studio",
    index: "Das Studio schickt Sie von seiner Shop-Seite hierher („Kontingent buchen“, „Kanäle buchen“).",
    refused: "Das Studio hat die Bestellung abgelehnt",
    unreachable: "Das Studio war nicht erreichbar",
    notFound: "Nicht gefunden",
  },
} satisfies Record<Locale, unknown>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc}
main{max-width:36rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
.sandbox{margin:0 0 1rem;padding:.75rem 1rem;border:2px solid #b45309;border-radius:.5rem;background:#fef3c7;color:#78350f}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0 0 1.5rem}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
button{font:inherit;font-weight:600;width:100%;min-height:48px;padding:.5rem 1rem;border:0;border-radius:.5rem;background:#1d4ed8;color:#fff;cursor:pointer}
a{display:inline-block;padding:.625rem 0;color:#1d4ed8}
button:focus-visible,a:focus-visible{outline:3px solid #b45309;outline-offset:2px}
pre{white-space:pre-wrap;overflow-wrap:anywhere}`;

/** A whole page: language, title, the sandbox label under the heading, then the content. */
function page(locale: Locale, heading: string, content: string): string {
  const t = TEXTS[locale];
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${heading} — ${t.label.replace(/\.$/, "")}`)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(heading)}</h1>
<p class="sandbox" id="sandbox-note"><strong>${escapeHtml(t.label)}</strong> ${escapeHtml(t.explain)}</p>
${content}</main></body></html>`;
}

/** A return address on the studio's origin, or null (another site, another scheme, no address). */
export function studioAddress(returnTo: string, studioUrl: string): URL | null {
  if (!URL.canParse(returnTo)) return null;
  const url = new URL(returnTo);
  return url.origin === new URL(studioUrl).origin ? url : null;
}

/** The studio's return address without '?ordered=1': where 'back without ordering' leads. */
function backAddress(returnTo: string, studioUrl: string): string | null {
  const url = studioAddress(returnTo, studioUrl);
  if (!url) return null;
  url.searchParams.delete("ordered");
  return url.toString();
}

/** A browser names the page that sent a POST: only the shop's own pages and the studio may (none: a server's call). */
function originAllowed(request: IncomingMessage, studioUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const own = `http://${request.headers.host ?? ""}`;
  return origin === own || origin === new URL(studioUrl).origin;
}

const CHECKOUT_FIELDS = ["type", "code", "reference", "email", "return", "locale"] as const;

/** GET /checkout?type&code&reference&locale&email[&customer]&return, as the studio builds it. */
export function checkoutPage(params: URLSearchParams, locale: Locale, studioUrl: string): string {
  const t = TEXTS[locale];
  const code = params.get("code") ?? "";
  const product = productOf(code, locale);
  const type = params.get("type") ?? "";
  const hiddenValue = (name: (typeof CHECKOUT_FIELDS)[number]) => {
    if (name === "locale") return locale;
    // Only a return address on the studio is carried on (issue 44).
    if (name === "return") return studioAddress(params.get("return") ?? "", studioUrl)?.toString() ?? "";
    return params.get(name) ?? "";
  };
  const hidden = CHECKOUT_FIELDS.map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(hiddenValue(name))}">`).join("");
  const back = backAddress(params.get("return") ?? "", studioUrl);
  return page(
    locale,
    t.checkout,
    `<h2>${escapeHtml(t.order)}</h2>
<dl><dt>${t.product}</dt><dd><strong id="product">${escapeHtml(product.name)}</strong></dd>
${t.kinds[type] ? `<dt>${t.kind}</dt><dd>${escapeHtml(t.kinds[type])}</dd>` : ""}
<dt>${t.quantity}</dt><dd id="quantity">${quantityOf(code)}</dd>
<dt>${t.customer}</dt><dd>${escapeHtml(params.get("email") ?? "")}</dd>
<dt>${t.price}</dt><dd id="price">${escapeHtml(product.price ? t.example.replace("{price}", product.price) : t.free)}</dd></dl>
<form method="post" action="/pay">${hidden}<button type="submit" aria-describedby="sandbox-note">${escapeHtml(t.complete)}</button></form>
${back ? `<p><a href="${escapeHtml(back)}">${escapeHtml(t.back)}</a></p>` : ""}`,
  );
}

async function formOf(request: IncomingMessage) {
  let body = "";
  for await (const chunk of request) body += chunk;
  return new URLSearchParams(body);
}

function sendHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  response.end(html);
}

/** Starts the sandbox shop; port 0 picks a free one (server.address() names it). */
export function startSandboxShop(options: SandboxShopOptions & { port: number; host?: string }): Promise<Server> {
  const log = options.log ?? (() => {});
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://sandbox-shop.local");
    const accept = request.headers["accept-language"];
    try {
      if (request.method === "GET" && url.pathname === "/checkout") {
        sendHtml(response, 200, checkoutPage(url.searchParams, sandboxLocale(url.searchParams.get("locale"), accept), options.studioUrl));
        return;
      }
      if (request.method === "GET" && url.pathname === "/") {
        const locale = sandboxLocale(url.searchParams.get("locale"), accept);
        sendHtml(response, 200, page(locale, TEXTS[locale].shop, `<p>${escapeHtml(TEXTS[locale].index)}</p>`));
        return;
      }
      if (request.method === "POST" && !originAllowed(request, options.studioUrl)) {
        response.writeHead(403, { "Content-Type": "text/plain; charset=utf-8" });
        response.end("calls from other sites are refused");
        return;
      }
      if (request.method === "POST" && url.pathname === "/pay") {
        const form = await formOf(request);
        const locale = sandboxLocale(form.get("locale"), accept);
        const t = TEXTS[locale];
        const event = completedOrder({
          reference: form.get("reference") ?? "",
          code: form.get("code") ?? "",
          type: form.get("type") ?? "",
          email: form.get("email") ?? "",
        });
        let result: Awaited<ReturnType<typeof sendShopEvent>>;
        try {
          result = await sendShopEvent(options, event);
        } catch (error) {
          log(`order ${form.get("code")}: ${options.webhookUrl} not reachable (${String(error)})`);
          sendHtml(response, 502, page(locale, t.unreachable, `<pre>${escapeHtml(`${options.webhookUrl}: ${String(error)}`)}</pre>`));
          return;
        }
        log(`order ${form.get("code")} for ${form.get("email")}: the studio answered ${result.status}`);
        if (result.status !== 200) {
          sendHtml(response, 502, page(locale, t.refused, `<pre>${escapeHtml(`${result.status} ${JSON.stringify(result.body)}`)}</pre>`));
          return;
        }
        response.writeHead(303, { Location: studioAddress(form.get("return") ?? "", options.studioUrl)?.toString() ?? options.studioUrl });
        response.end();
        return;
      }
      const subscription = /^\/subscriptions\/([^/]+)\/(cancel|renew)$/.exec(url.pathname);
      if (request.method === "POST" && subscription?.[1]) {
        const subscriptionId = decodeURIComponent(subscription[1]);
        const result = await sendShopEvent(options, {
          id: `evt_${randomUUID()}`,
          type: subscription[2] === "cancel" ? "subscription.cancelled" : "subscription.renewed",
          data: { subscriptionId, currentTermEndsAt: inAYear() },
        });
        log(`subscription ${subscriptionId} ${subscription[2]}: the studio answered ${result.status}`);
        response.writeHead(result.status, { "Content-Type": "application/json" });
        response.end(JSON.stringify(result.body));
        return;
      }
      const locale = sandboxLocale(null, accept);
      sendHtml(response, 404, page(locale, TEXTS[locale].notFound, ""));
    } catch (error) {
      response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      response.end(String(error));
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}
