import { type Client, createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { RenderService } from "@ep/proto/epaper/render/v1/render_pb";
import { currentRequestId } from "#app/utils/request-context.server";

export type RenderClient = Client<typeof RenderService>;

const clients = new Map<string, RenderClient>();

/**
 * One gRPC (HTTP/2) client per node address, reused across calls so a document's chunks share
 * one connection. Every call carries the shared bearer token.
 */
export function renderClientFor(url: string, token: string): RenderClient {
  const key = `${url}|${token}`;
  let client = clients.get(key);
  if (!client) {
    const transport = createGrpcTransport({
      baseUrl: url,
      // Page images are WebP already; a wide flow-control window keeps ~0.5 MB pages flowing.
      acceptCompression: [],
      nodeOptions: { settings: { initialWindowSize: 8 * 1024 * 1024 } },
      // Detect a dead node on an idle connection instead of waiting for TCP to notice.
      pingIntervalMs: 5_000,
      pingTimeoutMs: 5_000,
      interceptors: [
        (next) => (request) => {
          request.header.set("authorization", `Bearer ${token}`);
          // The request (upload, job) this call is part of: the node logs it (ADR 0046).
          const requestId = currentRequestId();
          if (requestId) request.header.set("x-request-id", requestId);
          return next(request);
        },
      ],
    });
    client = createClient(RenderService, transport);
    clients.set(key, client);
  }
  return client;
}
