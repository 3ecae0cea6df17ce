import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Stable v8 behaviour now, so the move to React Router 8 (Node 22) is mechanical.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    // Development: Vite crawls the client entry and every route module at start, so all client
    // dependencies are pre-bundled in one pass. Without it a dependency first met on a page view
    // re-optimizes, and that view gets a 504 "Outdated Optimize Dep" and no JavaScript (issue 15 §1).
    unstable_optimizeDeps: true,
  },
} satisfies Config;
