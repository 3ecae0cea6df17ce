import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
  server: {
    watch: { ignored: ["**/data/**", "**/test-results/**", "**/playwright-report/**"] },
    // Defence in depth behind server/dev-assets.ts: never the data folder or secrets, even through /@fs/.
    fs: { strict: true, deny: [".env", ".env.*", "*.{crt,pem,key}", "**/data/**"] },
  },
});
