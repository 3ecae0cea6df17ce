import type { ServiceImpl } from "@connectrpc/connect";
import { type Health, HealthCheckResponse_ServingStatus as Status } from "@ep/proto/grpc/health/v1/health_pb";

/** Whether the node takes work; a draining node answers NOT_SERVING so it gets none. */
export type Readiness = { serving: () => boolean };

/**
 * grpc.health.v1 for stock probes. The empty service name means the whole node; any other
 * name is unknown until real services register here.
 */
export function createHealthService(readiness: Readiness, services: string[] = []): ServiceImpl<typeof Health> {
  const statusOf = (service: string) => {
    if (service !== "" && !services.includes(service)) return Status.SERVICE_UNKNOWN;
    return readiness.serving() ? Status.SERVING : Status.NOT_SERVING;
  };
  return {
    check(request) {
      return { status: statusOf(request.service) };
    },
    async *watch(request, context) {
      let last: Status | undefined;
      while (!context.signal.aborted) {
        const status = statusOf(request.service);
        if (status !== last) yield { status };
        last = status;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    },
  };
}
