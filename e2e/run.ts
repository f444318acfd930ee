/**
 * Browser journeys against the real server: builds nothing, starts `src/server/main.ts` on a
 * fresh temporary database, drives Debian's Chromium with playwright-core, stops the server
 * by its process group and ends with "N passed, M failed" (non-zero exit on any failure).
 *
 *   npm run build && npm run test:e2e
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, assertClientBuilt, startProductionServer } from "../scripts/e2e-server.ts";
import { runJourneys } from "./harness.ts";
import { infoJourneys } from "./info-journeys.ts";
import { journeys } from "./journeys.ts";
import { portfolioJourneys } from "./portfolio-journeys.ts";

assertClientBuilt();
const server = await startProductionServer();
let stopping: Promise<void> | undefined;
const stop = () => (stopping ??= server.stop());
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void stop().then(() => process.exit(130)));
}

let result = { passed: 0, failed: 1 };
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    console.log(`e2e against ${server.url}`);
    result = await runJourneys(browser, server.url, [...journeys, ...portfolioJourneys, ...infoJourneys], join(tmpdir(), "tld-e2e-artifacts"));
  } finally {
    await browser.close();
  }
} catch (error) {
  console.error(error);
} finally {
  await stop();
}
console.log(`${result.passed} passed, ${result.failed} failed`);
process.exit(result.failed > 0 ? 1 : 0);
