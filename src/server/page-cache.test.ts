import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { upsertExchangeRates } from "../../db/repositories/exchange-rate-repository.ts";
import { listQuotesByProvider } from "../../db/repositories/domain-price-repository.ts";
import { rebuildAllPriceRows } from "../../db/repositories/price-summary-repository.ts";
import { findServiceProviderBySlug } from "../../db/repositories/service-provider-repository.ts";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { formatPrice } from "../shared/price-format.ts";
import { ensurePriceEngineDefaults } from "./features/price-engine/defaults.ts";
import { runPriceFetch } from "./features/price-engine/fetch-run.ts";
import { updateProvider } from "./features/providers/service.ts";
import { createLogger } from "./lib/logger.ts";
import { TEST_ORIGIN, createTestApp, getJson } from "./testing/test-app.ts";
import { testPriceSource } from "./testing/test-price-source.ts";

/** The client directory the server renders into: the project's own index.html, unbuilt. */
function clientDirWithIndex(): string {
  const dir = mkdtempSync(join(tmpdir(), "page-cache-client-"));
  writeFileSync(join(dir, "index.html"), readFileSync(resolve(import.meta.dirname, "../../index.html"), "utf8"));
  return dir;
}

type App = ReturnType<typeof createTestApp>;
const get = async (app: App, path: string, headers: Record<string, string> = {}) => {
  const res = await app.request(`${TEST_ORIGIN}${path}`, { headers });
  return { res, status: res.status, html: await res.text() };
};
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('id="ssr-state"'));

/** Another process's write as this one sees it: nothing here is told, only the database changes. */
const NOBODY_TOLD = () => undefined;

/** A change no price-rows version records, so only a render (not the cache) can show it. */
async function renameQuietly(db: Db, id: number, name: string) {
  await db.orm.update(db.t.serviceProviders).set({ name }).where(eq(db.t.serviceProviders.id, id));
}

/**
 * The first page request loads the renderer (seconds, compiled from source); a render that
 * outlasts its time limit answers the shell, which is not kept. Later renders take milliseconds.
 */
async function warmRenderer(app: App) {
  for (let attempt = 0; attempt < 10; attempt++) {
    if ((await get(app, "/help")).html.includes('id="ssr-state"')) return;
  }
  throw new Error("the renderer never rendered /help");
}

forEachDialect("the page cache", (getDb) => {
  // The price answer cache keeps answers an hour here, so a page showing a change after a
  // version bump also proves the page cache dropped this process's cached price answers.
  const app = () => createTestApp(getDb(), { clientDir: clientDirWithIndex(), env: { PRICE_CACHE_SECONDS: "3600" } });
  beforeAll(() => warmRenderer(app()), 120_000);

  it("serves a signed-out page until a price run, a provider edit or a rates update changes the data version, told or not", async () => {
    const handle = getDb();
    const server = app();
    const porkbun = (await findServiceProviderBySlug(handle, "porkbun"))!;
    const path = `/registrar/${porkbun.id}`;
    const first = await get(server, path);
    expect(first.status).toBe(200);
    expect(rootOf(first.html)).toContain(">Porkbun<");
    // Rendered now, so its price answers sit in this process's price cache during the run.
    const tldBefore = await get(server, "/tld/com");

    // 1. A price run of Porkbun's list with .com dearer, by a process that does not tell this one.
    await renameQuietly(handle, porkbun.id, "Quiet Name One");
    const cached = await get(server, path);
    expect(cached.html).toBe(first.html);
    expect(cached.res.headers.get("etag")).toBe(first.res.headers.get("etag"));
    await ensurePriceEngineDefaults(handle);
    const list = (await listQuotesByProvider(handle, porkbun.id)).map((q) => ({
      tld: q.tld.name, registration: q.registrationPrice, renewal: q.renewalPrice, transfer: q.transferPrice,
      currency: q.currency, isPromo: q.isPromo, regularRegistration: q.regularRegistrationPrice,
    }));
    const com = list.find((q) => q.tld === "com")!;
    com.registration = com.registration! + 1234;
    const source = testPriceSource("porkbun", async () => ({ observedAt: new Date(), quotes: list, skipped: [] }));
    const outcome = await runPriceFetch({
      db: handle, log: createLogger("silent"), sources: { live: new Map([["porkbun", source]]), bundled: () => null },
      onPricesChanged: NOBODY_TOLD, fetchTimeoutMs: 5000, staleDays: 90,
    }, { providerKey: "porkbun", requestType: "provider", source: "auto" }, new AbortController().signal);
    expect(outcome).toMatchObject({ status: "success" });
    const afterRun = await get(server, path);
    expect(rootOf(afterRun.html)).toContain(">Quiet Name One<");
    // The TLD page too, with the new price: read through a price cache that was dropped with it.
    const tldPage = await get(server, "/tld/com");
    expect(tldPage.html).not.toBe(tldBefore.html);
    expect(rootOf(tldPage.html)).toContain(formatPrice((com.registration / 100).toFixed(2), "USD"));

    // 2. An administrator's edit of the provider, made elsewhere.
    await renameQuietly(handle, porkbun.id, "Quiet Name Two");
    expect(rootOf((await get(server, path)).html)).toContain(">Quiet Name One<");
    await updateProvider({ db: handle, config: { PRICE_STALE_DAYS: 90 }, onPricesChanged: NOBODY_TOLD }, porkbun.id, {
      name: "Porkbun Edited", domain: porkbun.domain, website: porkbun.website, logoUrl: porkbun.logoUrl, isActive: true,
    });
    expect(rootOf((await get(server, path)).html)).toContain(">Porkbun Edited<");

    // 3. The daily rates update: new rates stored and every price row rebuilt.
    await renameQuietly(handle, porkbun.id, "Quiet Name Three");
    expect(rootOf((await get(server, path)).html)).toContain(">Porkbun Edited<");
    await upsertExchangeRates(handle, "2099-01-02", { EUR: 1, USD: 1.25 });
    await rebuildAllPriceRows(handle, { staleDays: 90 });
    expect(rootOf((await get(server, path)).html)).toContain(">Quiet Name Three<");
  }, 120_000);

  it("never answers a signed-in request from the shared cache nor keeps its page there", async () => {
    const handle = getDb();
    const server = app();
    const porkbun = (await findServiceProviderBySlug(handle, "porkbun"))!;
    const path = `/registrar/${porkbun.id}`;
    const visitor = await get(server, path);
    expect(visitor.res.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    await renameQuietly(handle, porkbun.id, "Seen Signed In");

    const member = await get(server, path, { cookie: "currency=USD; session=some-session-token" });
    expect(member.status).toBe(200);
    expect(rootOf(member.html)).toContain(">Seen Signed In<");
    expect(member.res.headers.get("cache-control")).toBe("private, no-store");
    expect(member.res.headers.get("etag")).toBeNull();
    // The signed-in render was not stored: visitors still get their cached signed-out page.
    const again = await get(server, path);
    expect(again.html).toBe(visitor.html);
    expect(rootOf(again.html)).toContain(">Sign In</a>");
  }, 60_000);

  it("keeps one entry per display currency, whatever other cookies come with it", async () => {
    const server = app();
    const usd = await get(server, "/tld/com");
    const eur = await get(server, "/tld/com", { cookie: "currency=EUR" });
    expect(rootOf(usd.html)).toContain("$");
    expect(rootOf(eur.html)).toContain("€");
    expect(eur.res.headers.get("etag")).not.toBe(usd.res.headers.get("etag"));
    expect(eur.res.headers.get("vary")).toMatch(/cookie/i);
    const eurWithTheme = await get(server, "/tld/com", { cookie: "theme=dark; currency=EUR; _ga=GA1.2.3" });
    expect(eurWithTheme.html).toBe(eur.html);
    const usdWithTheme = await get(server, "/tld/com", { cookie: "theme=dark" });
    expect(usdWithTheme.html).toBe(usd.html);
  }, 60_000);

  it("sends an ETag, answers 304 when it matches, and compresses once per encoding", async () => {
    const server = app();
    const first = await get(server, "/tlds");
    const etag = first.res.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    const revalidated = await server.request(`${TEST_ORIGIN}/tlds`, { headers: { "if-none-match": `W/"other", ${etag}` } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    const changed = await server.request(`${TEST_ORIGIN}/tlds`, { headers: { "if-none-match": 'W/"other"' } });
    expect(changed.status).toBe(200);
    for (const [encoding, decode] of [["br", brotliDecompressSync], ["gzip", gunzipSync]] as const) {
      const res = await server.request(`${TEST_ORIGIN}/tlds`, { headers: { "accept-encoding": encoding } });
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(decode(Buffer.from(await res.arrayBuffer())).toString("utf8")).toBe(first.html);
    }
  }, 60_000);

  it("keeps a 404 page briefly, and a CDN may too", async () => {
    const server = app();
    const missing = await get(server, "/no-such-page");
    expect(missing.status).toBe(404);
    expect(missing.res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30");
    const again = await server.request(`${TEST_ORIGIN}/no-such-page`, { headers: { "if-none-match": missing.res.headers.get("etag")! } });
    expect(again.status).toBe(304);
  }, 60_000);

  it("renders every request again when PAGE_CACHE_MB=0", async () => {
    const handle = getDb();
    const server = createTestApp(handle, { clientDir: clientDirWithIndex(), env: { PAGE_CACHE_MB: "0", PRICE_CACHE_SECONDS: "0" } });
    const porkbun = (await findServiceProviderBySlug(handle, "porkbun"))!;
    await get(server, `/registrar/${porkbun.id}`);
    await renameQuietly(handle, porkbun.id, "Renamed Uncached");
    expect(rootOf((await get(server, `/registrar/${porkbun.id}`)).html)).toContain(">Renamed Uncached<");
    const { body } = await getJson<{ name: string }>(server, `/api/service-providers/${porkbun.id}`);
    expect(body.name).toBe("Renamed Uncached");
  }, 60_000);
});
