import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { addProvidersQuoting } from "../../testing/many-providers.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";
import type { RegistrationStats } from "./registration-stats.ts";
import type { PriceQuote, TldQuotesPage } from "./service.ts";

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const trpc = <T>(app: ReturnType<typeof createTestApp>, procedure: string, value: unknown) =>
  getJson<{ result?: { data: T }; error?: { message: string } }>(app, `/trpc/prices.${procedure}?input=${input(value)}`);
/** What a quote costs to register in the display currency asked for (a quote in another currency is converted). */
const registration = (q: PriceQuote) => Number((q.display ?? q).registrationPrice ?? Infinity);

forEachDialect("a TLD's quotes, a page at a time", (getDb) => {
  it("answers the cheapest first page with the total, then the next page, together every quote once", async () => {
    const handle = getDb();
    // Added at 0.10–4.23 USD, below every real provider's .com price: the cheapest 60 are these.
    await addProvidersQuoting(handle, "com", 60, { firstCents: 10, prefix: "paged" });
    const app = createTestApp(handle);
    const all = (await getJson<PriceQuote[]>(app, "/api/domain-prices/tld/com")).body;
    expect(all.length).toBeGreaterThan(60);

    const first = await trpc<TldQuotesPage>(app, "byTldPage", { tldId: "com", currency: "USD" });
    expect(first.status).toBe(200);
    const page1 = first.body.result!.data;
    expect(page1).toMatchObject({ total: all.length, offset: 0, limit: 25 });
    expect(page1.rows.map((q) => q.serviceProvider.name)).toEqual(Array.from({ length: 25 }, (_, i) => `paged Provider ${i}`));
    expect(page1.rows[0]).toMatchObject({ registrationPrice: "0.10", display: { currency: "USD", registrationPrice: "0.10" } });

    const second = (await trpc<TldQuotesPage>(app, "byTldPage", { tldId: "com", currency: "USD", offset: 25, limit: 25 })).body.result!.data;
    expect(second).toMatchObject({ total: all.length, offset: 25, limit: 25 });
    expect(second.rows.map((q) => q.serviceProvider.name)).toEqual(Array.from({ length: 25 }, (_, i) => `paged Provider ${25 + i}`));

    // Walking every page gives each quote exactly once, cheapest registration (in USD) first.
    const walked: PriceQuote[] = [];
    for (let offset = 0; offset < page1.total; offset += 25) {
      walked.push(...(await trpc<TldQuotesPage>(app, "byTldPage", { tldId: "com", currency: "USD", offset })).body.result!.data.rows);
    }
    expect(walked.map((q) => q.id).sort((a, b) => a - b)).toEqual(all.map((q) => q.id).sort((a, b) => a - b));
    // The pages are cut from the quotes the whole list in USD is then served from, which keep
    // their stored order (by the quoted amount, whatever its currency), unlike the pages.
    const ids = (quotes: PriceQuote[]) => quotes.map((q) => q.id);
    expect(ids(walked)).not.toEqual(ids(all));
    expect(ids((await getJson<PriceQuote[]>(app, "/api/domain-prices/tld/com?currency=USD")).body)).toEqual(ids(all));
    const prices = walked.map(registration);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("counts every quote in the TLD's stats, not only the first page's", async () => {
    const handle = getDb();
    await addProvidersQuoting(handle, "club", 40, { firstCents: 20, prefix: "stats" });
    const app = createTestApp(handle);
    const total = (await trpc<TldQuotesPage>(app, "byTldPage", { tldId: "club", currency: "USD" })).body.result!.data.total;
    expect(total).toBeGreaterThan(40);
    const stats = (await trpc<RegistrationStats>(app, "statsByTld", { tldId: "club", currency: "USD" })).body.result!.data;
    expect(stats.providers).toBe(total);
  });

  it("refuses a bad page and answers 404 for an unknown TLD", async () => {
    const app = createTestApp(getDb());
    const bad = await trpc(app, "byTldPage", { tldId: "com", limit: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toContain("limit must be at least 1");
    const negative = await trpc(app, "byTldPage", { tldId: "com", offset: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.error?.message).toContain("offset must be at least 0");
    const missing = await trpc(app, "byTldPage", { tldId: "no-such-tld" });
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toContain('TLD "no-such-tld" not found');
    // Past the end: no rows, the total still said.
    const past = (await trpc<TldQuotesPage>(app, "byTldPage", { tldId: "com", offset: 500 })).body.result!.data;
    expect(past.rows).toEqual([]);
    expect(past.total).toBeGreaterThan(0);
  });

  it("pages the REST answer only when asked: without limit or offset it is every quote, as before", async () => {
    const handle = getDb();
    await addProvidersQuoting(handle, "org", 30, { firstCents: 10, prefix: "rest" });
    const app = createTestApp(handle);
    const all = await getJson<PriceQuote[]>(app, "/api/domain-prices/tld/org");
    expect(all.res.headers.get("x-total-count")).toBeNull();
    expect(all.body.length).toBeGreaterThan(30);

    const page = await getJson<PriceQuote[]>(app, "/api/domain-prices/tld/org?limit=10&offset=10&currency=USD");
    expect(page.status).toBe(200);
    expect(page.res.headers.get("x-total-count")).toBe(String(all.body.length));
    expect(page.body.map((q) => q.serviceProvider.name)).toEqual(Array.from({ length: 10 }, (_, i) => `rest Provider ${10 + i}`));
    // The same page as the tRPC door's.
    const trpcPage = (await trpc<TldQuotesPage>(app, "byTldPage", { tldId: "org", currency: "USD", offset: 10, limit: 10 })).body.result!.data;
    expect(page.body).toEqual(trpcPage.rows);
    // offset alone: the rest of the list.
    const rest = await getJson<PriceQuote[]>(app, "/api/domain-prices/tld/org?offset=25");
    expect(rest.body).toHaveLength(all.body.length - 25);

    const bad = await getJson<{ error: string }>(app, "/api/domain-prices/tld/org?limit=500");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("limit must be at most 200");
  });

  it("answers 404 for a name the catalogue lacks each time it is asked, so a name added meanwhile is found at once", async () => {
    const handle = getDb();
    const app = createTestApp(handle, { env: { PRICE_CACHE_SECONDS: "3600" } });
    const missing = await trpc<TldQuotesPage>(app, "byTldPage", { tldId: "zzqtest", currency: "USD" });
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toBe('TLD "zzqtest" not found');
    await handle.orm.insert(handle.t.tlds).values({ name: "zzqtest", description: "A test name", category: "generic", ianaType: "generic", isActive: true });
    const found = await trpc<TldQuotesPage>(app, "byTldPage", { tldId: "zzqtest", currency: "USD" });
    expect(found.status).toBe(200);
    expect(found.body.result!.data).toMatchObject({ total: 0, rows: [] });
  });
});

forEachDialect("a TLD's quotes in another order", (getDb) => {
  const renewal = (q: PriceQuote) => Number((q.display ?? q).renewalPrice ?? NaN);
  it("sorts by renewal (or transfer) price, either way, unpriced last, on both doors; a bad sortBy is a 400", async () => {
    const app = createTestApp(getDb());
    const all = (await getJson<PriceQuote[]>(app, "/api/domain-prices/tld/com")).body;
    const page = (await trpc<TldQuotesPage>(app, "byTldPage", { tldId: "com", currency: "USD", sortBy: "renewalPrice", limit: 200 })).body.result!.data;
    const cheapest = page.rows.map(renewal).filter((n) => !Number.isNaN(n));
    expect(cheapest.length).toBeGreaterThan(3);
    expect(cheapest).toEqual([...cheapest].sort((a, b) => a - b));
    expect(page.rows.map((q) => q.id).sort((a, b) => a - b)).toEqual(all.map((q) => q.id).sort((a, b) => a - b));
    // Sorted by renewal, not by registration: the two orders differ for .com's quotes.
    const byRegistration = (await trpc<TldQuotesPage>(app, "byTldPage", { tldId: "com", currency: "USD", limit: 200 })).body.result!.data;
    expect(page.rows.map((q) => q.id)).not.toEqual(byRegistration.rows.map((q) => q.id));

    const dearest = (await getJson<PriceQuote[]>(app, "/api/domain-prices/tld/com?currency=USD&sortBy=renewalPrice&sortOrder=desc")).body;
    const priced = dearest.map(renewal);
    const last = priced.findIndex((n) => Number.isNaN(n));
    const known = last === -1 ? priced : priced.slice(0, last);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    if (last !== -1) expect(priced.slice(last).every((n) => Number.isNaN(n))).toBe(true);

    const bad = await getJson<{ message: string }>(app, "/api/domain-prices/tld/com?sortBy=price");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Invalid sortBy: sortBy must be one of registrationPrice, renewalPrice, transferPrice");
  });
});
