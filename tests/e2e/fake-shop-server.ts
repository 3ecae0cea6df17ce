import { startFakeShop } from "../support/fake-shop.ts";

// The fake shop of the end-to-end run (tests/e2e/serve.sh starts it beside the studio).
const port = Number(process.env.FAKE_SHOP_PORT);
const webhookUrl = process.env.FAKE_SHOP_WEBHOOK_URL ?? "";
const secret = process.env.SHOP_WEBHOOK_SECRET ?? "";
if (!port || !webhookUrl || !secret) throw new Error("FAKE_SHOP_PORT, FAKE_SHOP_WEBHOOK_URL and SHOP_WEBHOOK_SECRET are needed");
await startFakeShop({ port, webhookUrl, secret });
console.log(`[fake shop] listening on ${port}`);
