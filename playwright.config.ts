import { defineConfig, devices } from "@playwright/test";

import { DESKTOP_ONLY, PHONE_ONLY } from "./tests/e2e/support/language-size.ts";
import { E2E_SLOT, E2E_PORT as PORT } from "./tests/e2e/support/slot.ts";

/** Another slot's run keeps its own reports (npm test reads slot 0's test-results/e2e.json). */
const REPORT_SUFFIX = E2E_SLOT === 0 ? "" : `-${E2E_SLOT}`;

const chromium = {
  // Debian's Chromium; Playwright never downloads a browser here.
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.test.ts",
  // Playwright empties its output folder; the JSON reports beside it must survive.
  outputDir: `test-results/playwright${REPORT_SUFFIX}`,
  fullyParallel: true,
  workers: 2,
  // One retry: a test that fails twice fails the run; one that passes only on its retry is listed
  // as flaky by scripts/test.sh, to be fixed, not hidden. Two cores and a full product make timing vary.
  retries: 1,
  reporter: [["list"], ["json", { outputFile: `test-results/e2e${REPORT_SUFFIX}.json` }]],
  // Two browsers, the studio, the worker and a render node share two cores: a page that takes
  // 3 s alone (try-it, the strength meter's dictionaries) takes more than Playwright's default 5 s
  // while the other browser renders. These limits decide only how long a failure waits, never
  // what passes; performance is measured by the benchmarks.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: { baseURL: `http://localhost:${PORT}`, trace: "retain-on-failure", launchOptions: chromium },
  projects: [
    // A journey written once per language runs English here and German on the phone (language-size.ts).
    {
      name: "desktop",
      testIgnore: "**/*.serial.test.ts",
      grepInvert: new RegExp(PHONE_ONLY),
      use: { ...devices["Desktop Chrome"], launchOptions: chromium },
    },
    {
      name: "phone",
      testIgnore: "**/*.serial.test.ts",
      grepInvert: new RegExp(DESKTOP_ONLY),
      use: { ...devices["Pixel 7"], launchOptions: chromium },
    },
    // Service-wide switches (maintenance) would change every other test running beside them:
    // these run alone, after the others finished.
    {
      name: "service-wide",
      testMatch: "**/*.serial.test.ts",
      dependencies: ["desktop", "phone"],
      fullyParallel: false,
      use: { ...devices["Desktop Chrome"], launchOptions: chromium },
    },
  ],
  webServer: {
    // The real product in production mode: built studio, worker and render node.
    command: "bash tests/e2e/serve.sh",
    url: `http://localhost:${PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
