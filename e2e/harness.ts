/**
 * A tiny test harness for the browser journeys: each journey gets a fresh browser context,
 * failures keep a screenshot, uncaught page errors and hydration errors fail the journey, and the run ends with
 * "N passed, M failed".
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";

export interface Journey {
  name: string;
  context?: BrowserContextOptions;
  run: (page: Page, baseUrl: string) => Promise<void>;
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Polls until `read` returns something `accept` likes (the page updates asynchronously). */
export async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (accept(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: last value ${JSON.stringify(last)}`);
}

/** Reloads until `target` shows, as a person refreshes a page that does not poll. */
export async function reloadUntilVisible(page: Page, target: () => Locator, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await target().first().waitFor({ timeout: 2_000 });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${what}: not shown after ${timeoutMs} ms of reloads`);
      await page.reload();
    }
  }
}

export async function runJourneys(browser: Browser, baseUrl: string, journeys: Journey[], artifactsDir: string) {
  let passed = 0;
  let failed = 0;
  mkdirSync(artifactsDir, { recursive: true });
  for (const journey of journeys) {
    const context = await browser.newContext({ baseURL: baseUrl, ...journey.context });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    // A server-rendered page shows before it reacts: like a person, a journey acts once it is
    // interactive (<html data-hydrated>, set by the app after hydration or its first render).
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const interactive = async (response: Awaited<ReturnType<Page["goto"]>>) => {
      const isApp = (await response?.text().catch(() => ""))?.includes('<div id="root">') ?? false;
      if (isApp) await page.waitForSelector("html[data-hydrated]", { state: "attached" });
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
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    // A server-rendered page whose hydration disagreed with its HTML (main.tsx logs it) fails too.
    page.on("console", (message) => {
      if (message.type() === "error" && /hydrat/i.test(message.text())) pageErrors.push(message.text().slice(0, 500));
    });
    const started = Date.now();
    try {
      await journey.run(page, baseUrl);
      check(pageErrors.length === 0, `uncaught page errors: ${pageErrors.join(" | ")}`);
      passed += 1;
      console.log(`  ✓ ${journey.name} (${Date.now() - started} ms)`);
    } catch (error) {
      failed += 1;
      const shot = join(artifactsDir, `${journey.name.replace(/\W+/g, "-")}.png`);
      await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
      console.log(`  ✗ ${journey.name}\n    ${(error as Error).message.split("\n").join("\n    ")}\n    screenshot: ${shot}`);
    } finally {
      await context.close();
    }
  }
  return { passed, failed };
}
