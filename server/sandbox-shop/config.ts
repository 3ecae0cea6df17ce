/**
 * When `npm start` runs the sandbox shop and where (server/run-all.ts; ADR 0040, issue 30): only
 * while no shop is configured, so that 'Book contingent' and 'Book channels' can be tried on one
 * machine. A deployment that sets SHOP_URL never starts it; SANDBOX_SHOP=0 keeps it off without a
 * shop (the studio then says that none is connected). Pure: no imports, nothing started.
 */

type Env = Record<string, string | undefined>;

/** Next to the studio (3000), the content origin (3001) and the worker (3002). */
export const SANDBOX_SHOP_DEFAULT_PORT = 3003;

/** Whether run-all starts the sandbox shop: no SHOP_URL (an empty one counts as unset) and not switched off. */
export function shouldStartSandboxShop(env: Env): boolean {
  return !env.SHOP_URL?.trim() && env.SANDBOX_SHOP !== "0";
}

export type SandboxShopSettings = {
  port: number;
  /** What the studio gets as SHOP_URL: its checkout is `<shopUrl>/checkout`. */
  shopUrl: string;
  /** Where the sandbox sends its signed webhook calls: the studio's /webhooks/shop. */
  webhookUrl: string;
  /** The studio's address (PUBLIC_URL): the only place the shop sends a buyer back to, and may be called from. */
  studioUrl: string;
};

export function sandboxShopSettings(env: Env): SandboxShopSettings {
  const port = Number(env.SANDBOX_SHOP_PORT || SANDBOX_SHOP_DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new Error(`SANDBOX_SHOP_PORT must be a port number between 1 and 65535 (got "${env.SANDBOX_SHOP_PORT}")`);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, "");
  return {
    port,
    // 127.0.0.1, not localhost: the studio's cookies (host localhost) never reach the shop, as
    // they would not reach a real one; and only this machine can open the sandbox.
    shopUrl: `http://127.0.0.1:${port}`,
    webhookUrl: env.SANDBOX_SHOP_WEBHOOK_URL || `${publicUrl}/webhooks/shop`,
    studioUrl: publicUrl,
  };
}
