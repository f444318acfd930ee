import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, expect, it } from "vitest";
import { createTestDb, forEachDialect } from "../../db/testing/test-db.ts";
import { WARM_UP_ENV } from "./app.ts";
import { Readiness } from "./lib/readiness.ts";
import { createPageRenderer, RENDERS_PER_THREAD } from "./render/render-pool.ts";
import { pageText } from "./render/page-html.ts";
import { configurePageRenderer, pageRendererLoaded, pageRendererThreads } from "./render/server-render.ts";
import { TEST_ORIGIN, createTestApp } from "./testing/test-app.ts";

const FIXTURE = new URL("./testing/render-fixture-entry.ts", import.meta.url);
const indexHtml = readFileSync(resolve(import.meta.dirname, "../../index.html"), "utf8");

function clientDirWithIndex(): string {
  const dir = mkdtempSync(join(tmpdir(), "render-pool-client-"));
  writeFileSync(join(dir, "index.html"), indexHtml);
  return dir;
}

type App = ReturnType<typeof createTestApp>;
// A session cookie keeps the page cache out of the way: each request is rendered for itself.
const SIGNED_IN = { cookie: "session=render-pool-test" };
const timed = async (app: App, path: string) => {
  const started = performance.now();
  const res = await app.request(`${TEST_ORIGIN}${path}`, { headers: SIGNED_IN });
  return { status: res.status, html: await res.text(), ms: performance.now() - started };
};
const isShell = (html: string) => html.includes("<!--ssr-outlet-->") && !html.includes("rendered /");

/** A worker answers once its thread has loaded the fixture (tsx compiles it at thread start). */
async function untilRendered(app: App) {
  for (const deadline = Date.now() + 45_000; Date.now() < deadline;) {
    if ((await timed(app, "/ready")).html.includes("rendered /ready")) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the render pool never rendered");
}

afterEach(() => configurePageRenderer({ workers: 0, maxQueue: 16, timeoutMs: 5000 }));
afterAll(() => configurePageRenderer({ workers: 0, maxQueue: 16, timeoutMs: 5000 }));

it("writes the page into its HTML in the thread, with its brotli copy when asked, and the same on the main thread", async () => {
  const frame = { template: indexHtml, compress: true };
  const request = { url: "/tld/com?x=1", origin: TEST_ORIGIN, cookies: undefined, signedOut: true };
  const unused = () => Promise.reject(new Error("the fixture asks for no data"));
  for (const workers of [1, 0]) {
    const renderer = createPageRenderer({ workers, maxQueue: 4, timeoutMs: 30_000, entryUrl: FIXTURE });
    try {
      let page = await renderer.render(request, frame, unused);
      // A thread answers the shell until it has loaded the fixture (tsx compiles it as the thread starts).
      for (let i = 0; page?.kind === "shell" && i < 100; i++) {
        await new Promise((r) => setTimeout(r, 100));
        page = await renderer.render(request, frame, unused);
      }
      if (page?.kind !== "page") throw new Error(`no page with ${workers} threads`);
      const html = pageText(page.body);
      expect(html).toContain("<main>rendered /tld/com</main>");
      expect(html).toContain("<title>page /tld/com</title>");
      expect(html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/tld/com" />`);
      expect(html).toContain('<script type="application/json" id="ssr-state">{"queries":[],"mutations":[]}</script>');
      expect(brotliDecompressSync(page.br!).toString("utf8")).toBe(html);
      const plain = await renderer.render(request, { ...frame, compress: false }, unused);
      expect(plain).toMatchObject({ kind: "page", br: undefined });
      expect(plain?.kind === "page" && pageText(plain.body)).toBe(html);
    } finally {
      await renderer.close();
    }
  }
}, 60_000);

forEachDialect("the page render pool", (getDb) => {
  it("answers the shell for a render that throws or outlasts the timeout, while the API and other renders go on", async () => {
    const app = createTestApp(getDb(), { clientDir: clientDirWithIndex() });
    const shells: string[] = [];
    await configurePageRenderer({ workers: 2, maxQueue: 4, timeoutMs: 400, entryUrl: FIXTURE, onShell: (reason) => shells.push(reason) });
    await untilRendered(app);

    const thrown = await timed(app, "/throws");
    expect(thrown.status).toBe(200);
    expect(isShell(thrown.html)).toBe(true);
    expect(shells).toContain("failed");

    // One thread is held by a 3-second synchronous render: its request gets the shell at the
    // timeout, the API answers at once meanwhile, and the other thread renders another page.
    const spinning = timed(app, "/spin/3000");
    await new Promise((r) => setTimeout(r, 100));
    const health = await app.request(`${TEST_ORIGIN}/api/health`);
    expect(health.status).toBe(200);
    const other = await timed(app, "/tlds");
    expect(other.html).toContain("<main>rendered /tlds</main>");
    expect(other.ms).toBeLessThan(300);
    const spun = await spinning;
    expect(spun.status).toBe(200);
    expect(isShell(spun.html)).toBe(true);
    expect(spun.ms).toBeLessThan(1500);
    expect(shells).toContain("timeout");

    const hung = await timed(app, "/hangs");
    expect(isShell(hung.html)).toBe(true);
    expect(hung.ms).toBeLessThan(1500);
  }, 60_000);

  it("keeps the event loop free while a worker renders: a timer set during a long render fires on time", async () => {
    const app = createTestApp(getDb(), { clientDir: clientDirWithIndex() });
    await configurePageRenderer({ workers: 1, maxQueue: 4, timeoutMs: 5000, entryUrl: FIXTURE });
    await untilRendered(app);
    const rendering = timed(app, "/spin/800");
    const lag = await new Promise<number>((r) => {
      const set = performance.now();
      setTimeout(() => r(performance.now() - set - 50), 50);
    });
    const page = await rendering;
    expect(page.html).toContain("<main>rendered /spin/800</main>");
    expect(lag).toBeLessThan(200);
  }, 60_000);

  it("answers the shell at once beyond the renders in flight it allows, and renders again once they finish", async () => {
    const app = createTestApp(getDb(), { clientDir: clientDirWithIndex() });
    const shells: string[] = [];
    await configurePageRenderer({ workers: 1, maxQueue: 1, timeoutMs: 5000, entryUrl: FIXTURE, onShell: (reason) => shells.push(reason) });
    await untilRendered(app);
    // Two renders given to the thread (RENDERS_PER_THREAD), one waiting for room on it: the bound
    // (1 thread × 2 + 1 queued) is reached.
    expect(RENDERS_PER_THREAD).toBe(2);
    const first = timed(app, "/spin/1000");
    const second = timed(app, "/spin/200");
    const third = timed(app, "/spin/100");
    await new Promise((r) => setTimeout(r, 50));
    const fourth = await timed(app, "/tlds");
    expect(fourth.status).toBe(200);
    expect(isShell(fourth.html)).toBe(true);
    expect(fourth.ms).toBeLessThan(200);
    expect(shells).toEqual(["busy"]);
    expect((await first).html).toContain("rendered /spin/1000");
    expect((await second).html).toContain("rendered /spin/200");
    expect((await third).html).toContain("rendered /spin/100");
    expect((await timed(app, "/tlds")).html).toContain("rendered /tlds");
    // A client-rendered path is not rendered, by the worker's entry's own rule.
    expect(isShell((await timed(app, "/portfolio")).html)).toBe(true);
  }, 60_000);

  it("renders a real page in a worker thread to the same HTML as on the main thread", async () => {
    const app = createTestApp(getDb(), { clientDir: clientDirWithIndex() });
    // The hydration state carries when each query was answered; everything else must match.
    const withoutTimes = (html: string) => html.replace(/"(dataUpdatedAt|errorUpdatedAt|dehydratedAt)":\d+/g, '"$1":0');
    const render = async (path: string) => withoutTimes((await timed(app, path)).html);
    await configurePageRenderer({ workers: 0, maxQueue: 16, timeoutMs: 60_000 });
    const onMain = { com: await render("/tld/com"), home: await render("/"), registrar: await render("/registrar/1") };
    expect(onMain.com).toContain('id="ssr-state"');

    await configurePageRenderer({ workers: 1, maxQueue: 16, timeoutMs: 60_000 });
    expect(await render("/tld/com")).toBe(onMain.com);
    // A failed query's answer crosses the thread's port too: an unknown TLD is still a 404.
    expect((await timed(app, "/tld/zz-no-such-tld")).status).toBe(404);
    expect(await render("/")).toBe(onMain.home);
    expect(await render("/registrar/1")).toBe(onMain.registrar);
  }, 120_000);
});

it("answers pages with a 503 and Retry-After until the warm-up has rendered them, and again while no render thread can render", async () => {
  const testDb = await createTestDb("sqlite");
  try {
    const readiness = new Readiness();
    readiness.mark("database", "ready");
    readiness.mark("queue", "ready");
    const app = createTestApp(testDb.db, { clientDir: clientDirWithIndex(), readiness });
    await configurePageRenderer({ workers: 1, maxQueue: 4, timeoutMs: 300, entryUrl: FIXTURE });
    const navigate = (path: string) => app.request(`${TEST_ORIGIN}${path}`, { headers: { accept: "text/html" } });
    const early = await navigate("/tlds");
    expect(early.status).toBe(503);
    expect(early.headers.get("retry-after")).toBe("5");
    const earlyHtml = await early.text();
    expect(earlyHtml).toContain("starting");
    expect(earlyHtml).toContain('<meta name="robots" content="noindex">');
    expect(earlyHtml).not.toContain("<!--ssr-outlet-->");
    // The API answers meanwhile.
    expect((await app.request(`${TEST_ORIGIN}/api/health`)).status).toBe(200);

    // main.ts's warm-up renders pass, with their own (longer) time limit.
    await pageRendererLoaded();
    const warm = await app.request(`${TEST_ORIGIN}/tlds`, undefined, WARM_UP_ENV);
    expect(warm.headers.get("x-warm-up")).toBe("page");
    readiness.probe("renderers", () => (pageRendererThreads().ready > 0 ? undefined : "No render thread can render a page now."));
    readiness.mark("renderers", "ready");
    expect((await timed(app, "/tlds")).html).toContain("rendered /tlds");
    expect((await app.request(`${TEST_ORIGIN}/api/ready`)).status).toBe(200);

    // A render still running at twice its limit stops its thread. The replacement renders the
    // warm-up's page on its own before any visitor's: meanwhile no thread can render, and it says so.
    expect(isShell((await timed(app, "/spin/3000")).html)).toBe(true);
    for (const deadline = Date.now() + 5000; pageRendererThreads().ready > 0 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 10));
    expect(pageRendererThreads()).toEqual({ total: 1, ready: 0 });
    const down = await app.request(`${TEST_ORIGIN}/api/ready`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: "unavailable", checks: { renderers: { state: "unavailable", message: "No render thread can render a page now." } } });
    const paused = await navigate("/tld/com");
    expect(paused.status).toBe(503);
    expect(paused.headers.get("retry-after")).toBe("5");
    expect(await paused.text()).toContain("cannot show pages for a moment");

    for (const deadline = Date.now() + 30_000; pageRendererThreads().ready === 0 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 50));
    expect((await app.request(`${TEST_ORIGIN}/api/ready`)).status).toBe(200);
    expect((await timed(app, "/tld/com")).html).toContain("rendered /tld/com");
  } finally {
    await testDb.drop();
  }
}, 60_000);
