import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Stable v8 behaviour now, so the move to React Router 8 (Node 22) is mechanical.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
