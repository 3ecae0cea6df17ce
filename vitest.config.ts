import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "db/**/*.test.ts",
      "server/**/*.test.ts",
      "render-node/**/*.test.ts",
      "publisher/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/architecture/**/*.test.ts",
      "tests/security/**/*.test.ts",
    ],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/setup-env.ts"],
    // Two cores: integration tests share MariaDB and Redis, so files run one at a time per worker.
    pool: "forks",
    maxWorkers: 2,
    // One retry, as in Playwright: a test that fails twice fails; scripts/test.sh names every test
    // that passed only on its retry, so a flake is seen and fixed, not hidden.
    retry: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
