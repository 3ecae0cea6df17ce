/**
 * The sandbox shop as a process (./sandbox-shop.ts; ADR 0040): `npm start` runs it while no
 * SHOP_URL is set (server/run-all.ts, which points the studio's SHOP_URL at it), so a new user can
 * book ZIP packages and channels end to end; its checkout page says that no payment is taken. The
 * e2e run starts it the same way (tests/e2e/serve.sh). Listens on 127.0.0.1:SANDBOX_SHOP_PORT
 * (default 3003) and signs its webhook calls to the studio with SHOP_WEBHOOK_SECRET. Never for a
 * deployment that sells: it books everything for free.
 */
import { sandboxShopSettings } from "./config.ts";
import { startSandboxShop } from "./sandbox-shop.ts";

const settings = sandboxShopSettings(process.env);
const secret = process.env.SHOP_WEBHOOK_SECRET ?? "";
if (secret.length < 32)
  throw new Error("SHOP_WEBHOOK_SECRET (at least 32 characters) is needed: the studio checks the sandbox shop's calls with it");

const server = await startSandboxShop({
  port: settings.port,
  webhookUrl: settings.webhookUrl,
  studioUrl: settings.studioUrl,
  secret,
  log: console.log,
});
console.log(`sandbox shop on ${settings.shopUrl} (no payment), confirming orders to ${settings.webhookUrl}`);

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
