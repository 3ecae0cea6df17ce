import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
  optimizeDeps: {
    // React Router's unstable_optimizeDeps crawls every route module at start; route modules
    // import server-only modules (*.server.ts, #db, #server), which the client build drops. The
    // crawl skips them too, or it would try to pre-bundle argon2 or mysql2 for the browser.
    esbuildOptions: {
      plugins: [
        {
          name: "skip-server-modules",
          setup(build) {
            build.onResolve({ filter: /(\.server(\.[jt]sx?)?$)|^#db\/|^#server\// }, (args) => ({ path: args.path, external: true }));
          },
        },
      ],
    },
  },
  server: {
    watch: { ignored: ["**/data/**", "**/test-results/**", "**/playwright-report/**"] },
    // Defence in depth behind server/dev-assets.ts: never the data folder or secrets, even through /@fs/.
    fs: { strict: true, deny: [".env", ".env.*", "*.{crt,pem,key}", "**/data/**"] },
  },
});
