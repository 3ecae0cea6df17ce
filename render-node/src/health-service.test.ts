import { createClient, createRouterTransport } from "@connectrpc/connect";
import { Health, HealthCheckResponse_ServingStatus as Status } from "@ep/proto/grpc/health/v1/health_pb";
import { expect, test } from "vitest";
import { createHealthService } from "./health-service.ts";

function client(serving: () => boolean) {
  const transport = createRouterTransport((router) => router.service(Health, createHealthService({ serving })));
  return createClient(Health, transport);
}

test("a serving node reports SERVING for the whole node", async () => {
  expect((await client(() => true).check({ service: "" })).status).toBe(Status.SERVING);
});

test("a draining node reports NOT_SERVING so it gets no new work", async () => {
  expect((await client(() => false).check({ service: "" })).status).toBe(Status.NOT_SERVING);
});

test("an unknown service name is reported as unknown", async () => {
  expect((await client(() => true).check({ service: "epaper.nothing.v1.Nope" })).status).toBe(Status.SERVICE_UNKNOWN);
});

test("watch streams the current status first", async () => {
  const controller = new AbortController();
  for await (const response of client(() => true).watch({ service: "" }, { signal: controller.signal })) {
    expect(response.status).toBe(Status.SERVING);
    controller.abort();
    break;
  }
});
