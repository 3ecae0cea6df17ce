import { expect, test } from "vitest";
import { sandboxShopSettings, shouldStartSandboxShop } from "./config.ts";

// run-all's decision (issue 30; ADR 0040): the sandbox shop only while no shop is configured.

test("npm start runs the sandbox shop without SHOP_URL, never with one", () => {
  expect(shouldStartSandboxShop({})).toBe(true);
  expect(shouldStartSandboxShop({ SHOP_URL: "" })).toBe(true);
  expect(shouldStartSandboxShop({ SHOP_URL: "  " })).toBe(true);
  expect(shouldStartSandboxShop({ SHOP_URL: "https://shop.example.com" })).toBe(false);
  expect(shouldStartSandboxShop({ SHOP_URL: "https://shop.example.com", SANDBOX_SHOP: "1", NODE_ENV: "development" })).toBe(false);
  expect(shouldStartSandboxShop({ SANDBOX_SHOP: "0" })).toBe(false);
  expect(shouldStartSandboxShop({ SANDBOX_SHOP: "1" })).toBe(true);
});

test("the sandbox listens on 127.0.0.1:3003 unless told otherwise and confirms orders to the studio's webhook", () => {
  expect(sandboxShopSettings({})).toEqual({
    port: 3003,
    shopUrl: "http://127.0.0.1:3003",
    webhookUrl: "http://localhost:3000/webhooks/shop",
    studioUrl: "http://localhost:3000",
  });
  expect(sandboxShopSettings({ SANDBOX_SHOP_PORT: "3107", PUBLIC_URL: "http://localhost:3100/", PORT: "3100" })).toEqual({
    port: 3107,
    shopUrl: "http://127.0.0.1:3107",
    webhookUrl: "http://localhost:3100/webhooks/shop",
    studioUrl: "http://localhost:3100",
  });
  expect(sandboxShopSettings({ PORT: "4000" }).webhookUrl).toBe("http://localhost:4000/webhooks/shop");
  expect(sandboxShopSettings({ SANDBOX_SHOP_WEBHOOK_URL: "http://127.0.0.1:3000/webhooks/shop" }).webhookUrl).toBe(
    "http://127.0.0.1:3000/webhooks/shop",
  );
  expect(() => sandboxShopSettings({ SANDBOX_SHOP_PORT: "shop" })).toThrow(/SANDBOX_SHOP_PORT must be a port number/);
  expect(() => sandboxShopSettings({ SANDBOX_SHOP_PORT: "70000" })).toThrow(/SANDBOX_SHOP_PORT/);
});
