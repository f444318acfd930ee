/**
 * The journeys' fixtures. Each Playwright worker starts the loopback fakes (e2e/fakes.ts) and the
 * built server as `npm start` runs it, on a fresh temporary SQLite database, once: the journeys a
 * worker runs share that server and database (names and e-mails carry a per-worker stamp), each in
 * a fresh browser context. A worker that failed a journey is replaced, with a new server and
 * database. Every page waits for hydration after goto and reload, and a journey fails on any
 * uncaught page error or hydration error. Each journey is its own visitor: the server trusts the
 * loopback proxy's X-Forwarded-For, and each journey's browser and API requests send an address
 * of their own (198.18.0.0/15, the range set aside for tests), so the per-client limits count
 * each journey apart as they would count different people.
 */
import { execFile } from "node:child_process";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { startProductionServer } from "../scripts/e2e-server.ts";
import { startFakes, type Fakes } from "./fakes.ts";

export interface App {
  url: string;
  /** The loopback fakes the server calls; journeys steer them through these handles. */
  fakes: Fakes;
  /** Runs the built `admin-cli grant EMAIL` on the server's database (SQLite in WAL mode takes a second writer). */
  grantAdmin(email: string): Promise<void>;
}

/** Journeys this worker has started: each gets an address of its own. */
let journeysStarted = 0;

export const test = base.extend<{ pageErrors: string[] }, { app: App }>({
  app: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const fakes = await startFakes();
      const server = await startProductionServer({ ...fakes.env, TRUSTED_PROXIES: "127.0.0.1" }).catch(async (error: unknown) => {
        await fakes.close();
        throw error;
      });
      const grantAdmin = (email: string) => new Promise<void>((resolve, reject) => {
        execFile(process.execPath, ["scripts/run-built.mjs", "admin-cli", "grant", email], { env: server.env }, (error, stdout, stderr) => {
          if (error) reject(new Error(`admin grant ${email} failed: ${stderr || error.message}`));
          else if (!stdout.includes(`${email} is now an administrator.`)) reject(new Error(`admin grant said: ${stdout}`));
          else resolve();
        });
      });
      try {
        await use({ url: server.url, fakes, grantAdmin });
      } finally {
        await server.stop();
        await fakes.close();
      }
    },
    // Starting waits up to 60 s for health and 60 s for the first server-rendered page.
    { scope: "worker", timeout: 150_000 },
  ],
  baseURL: async ({ app }, use) => use(app.url),
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const n = testInfo.workerIndex * 1000 + (journeysStarted += 1);
    await use({ ...extraHTTPHeaders, "x-forwarded-for": `198.18.${Math.floor(n / 250) % 256}.${(n % 250) + 1}` });
  },
  // Automatic: every journey gets the error check, whether or not it names the fixture.
  pageErrors: [async ({ page }, use) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // A server-rendered page whose hydration disagreed with its HTML (main.tsx logs it) fails too.
    page.on("console", (message) => {
      if (message.type() === "error" && /hydrat/i.test(message.text())) errors.push(message.text().slice(0, 500));
    });
    await use(errors);
    expect(errors, "uncaught page errors or hydration errors").toEqual([]);
  }, { auto: true }],
  page: async ({ page }, use) => {
    // A server-rendered page shows before it reacts: like a person, a journey acts once it is
    // interactive (<html data-hydrated>, set by the app after hydration or its first render).
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const interactive = async (response: Awaited<ReturnType<Page["goto"]>>) => {
      const isApp = (await response?.text().catch(() => ""))?.includes('<div id="root">') ?? false;
      if (isApp) await expect(page.locator("html")).toHaveAttribute("data-hydrated");
    };
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await interactive(response);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await interactive(response);
      return response;
    };
    await use(page);
  },
});

export { expect };

/** Reloads until `target` shows, as a person refreshes a page that does not poll. */
export async function reloadUntilVisible(page: Page, target: Locator, timeout = 30_000): Promise<void> {
  let reload = false;
  await expect(async () => {
    if (reload) await page.reload();
    reload = true;
    await expect(target.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout, intervals: [0] });
}
