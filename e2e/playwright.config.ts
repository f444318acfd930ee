/**
 * The browser journeys (e2e/*.spec.ts) on @playwright/test, against the production build:
 * `npm run build && npm run test:e2e`. Each worker starts its own loopback fakes and built server
 * on a fresh database (e2e/fixtures.ts); Debian's Chromium is launched from /usr/bin/chromium, so
 * no browser is ever downloaded. Reports, traces and screenshots of failed journeys go under
 * test-results/e2e/ (git-ignored).
 */
import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../scripts/e2e-server.ts";

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  globalSetup: "./global-setup.ts",
  // A file's journeys run in order in one worker; two workers (each with its own server) share the 2 cores.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // The longest journeys wait for background fetches through reloads: minutes on a loaded machine.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  outputDir: "../test-results/e2e/artifacts",
  reporter: [
    ["list"],
    ["html", { outputFolder: "../test-results/e2e/report", open: "never" }],
    ["junit", { outputFile: "../test-results/e2e/junit.xml" }],
    ["./summary-reporter.ts"],
  ],
  use: {
    browserName: "chromium",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
});
