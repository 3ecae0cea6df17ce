import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Registry } from "prom-client";
import { afterEach, expect, test } from "vitest";
import { isLoopback, startAdminServer } from "./admin-server.ts";

// Issue 16, finding 10: /metrics was open to anyone who could reach the admin port.

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

const start = (host: string) =>
  startAdminServer({
    host,
    port: 0,
    token: "node-token",
    registry: new Registry(),
    health: () => ({ serving: true, inFlight: 0, capacity: 1 }),
    drain: () => {},
  });

test("metrics on a loopback address are for anyone on the machine", async () => {
  server = await start("127.0.0.1");
  const port = (server.address() as AddressInfo).port;
  expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
});

test("beyond loopback, metrics need the node token", async () => {
  server = await start("0.0.0.0");
  const port = (server.address() as AddressInfo).port;
  expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
  expect((await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { Authorization: "Bearer wrong" } })).status).toBe(401);
  expect((await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { Authorization: "Bearer node-token" } })).status).toBe(200);
  expect([isLoopback("localhost"), isLoopback("::1"), isLoopback("127.0.0.2"), isLoopback("10.0.0.5")]).toEqual([true, true, true, false]);
});
