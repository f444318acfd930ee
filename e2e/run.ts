/**
 * Browser journeys against the real server: builds nothing, starts loopback fakes of every
 * third-party API (e2e/fakes.ts), then the built server as `npm start` runs it (node,
 * dist/server/main.js, NODE_ENV=production) on a fresh temporary database with
 * every *_API_URL pointing at them, drives Debian's Chromium with playwright-core, stops the
 * server by its process group and ends with "N passed, M failed" (non-zero exit on any failure).
 *
 *   npm run build && npm run test:e2e
 */
import { execFile } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, assertClientBuilt, startProductionServer } from "../scripts/e2e-server.ts";
import { loadConfig } from "../src/server/config.ts";
import { accountJourneys } from "./account-journeys.ts";
import { adminJourneys } from "./admin-journeys.ts";
import { startFakes } from "./fakes.ts";
import { runJourneys } from "./harness.ts";
import { infoJourneys } from "./info-journeys.ts";
import { journeys } from "./journeys.ts";
import { portfolioJourneys } from "./portfolio-journeys.ts";

assertClientBuilt();
const fakes = await startFakes();
// A base URL added to the config later must get a fake too, or journeys could reach the internet.
const unfaked = Object.keys(loadConfig({})).filter((key) => key.endsWith("_API_URL") && !(key in fakes.env));
if (unfaked.length > 0) {
  console.error(`No loopback fake for ${unfaked.join(", ")}: add one in e2e/fakes.ts.`);
  await fakes.close();
  process.exit(1);
}
const server = await startProductionServer(fakes.env).catch(async (error: unknown) => {
  await fakes.close();
  throw error;
});
let stopping: Promise<void> | undefined;
const stop = () => (stopping ??= server.stop().then(() => fakes.close()));

/** The built admin command (`npm run admin`), on the server's database (SQLite in WAL mode takes a second writer). */
const grantAdmin = (email: string) => new Promise<void>((resolve, reject) => {
  execFile(process.execPath, ["scripts/run-built.mjs", "admin-cli", "grant", email], { env: server.env }, (error, stdout, stderr) => {
    if (error) reject(new Error(`admin grant ${email} failed: ${stderr || error.message}`));
    else if (!stdout.includes(`${email} is now an administrator.`)) reject(new Error(`admin grant said: ${stdout}`));
    else resolve();
  });
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void stop().then(() => process.exit(130)));
}

let result = { passed: 0, failed: 1 };
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    console.log(`e2e against ${server.url}`);
    const all = [...journeys, ...portfolioJourneys, ...infoJourneys, ...adminJourneys({ fakes, grantAdmin }), ...accountJourneys(fakes)];
    // E2E_ONLY=text runs the journeys whose name contains it.
    const only = process.env.E2E_ONLY;
    result = await runJourneys(browser, server.url, only ? all.filter((j) => j.name.includes(only)) : all, join(tmpdir(), "tld-e2e-artifacts"));
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
