/**
 * Each count the pages show is defined once (countCatalogue, decision 030): the same data gives
 * the figure catalogue.stats answers and the length of the list each page shows beside it.
 */
import { eq } from "drizzle-orm";
import { expect, it, onTestFinished } from "vitest";
import { PROVIDERS } from "../../../../db/seed/providers.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";

type Stats = { tlds: number; pricedNames: number; providersWithPrices: number; serviceProviders: number; registryOperators: number; knownRegistrars: number };
type Trpc<T> = { result: { data: T } };

forEachDialect("catalogue counts", (getDb) => {
  const app = () => createTestApp(getDb(), { env: { PRICE_CACHE_SECONDS: "0" } });
  const trpc = async <T>(path: string, input?: unknown) =>
    (await getJson<Trpc<T>>(app(), `/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`)).body.result.data;

  /** Every figure a page shows, read from the list that page shows. */
  const pageFigures = async () => {
    const [list, directory, prices] = await Promise.all([
      trpc<unknown[]>("providers.list"),
      trpc<{ name: string; comparesPrices: boolean; isActive: boolean; tldCount: number }[]>("providers.directory"),
      getJson<{ total: number }>(app(), "/api/domain-prices?limit=1"),
    ]);
    return {
      registrarsPage: list.length,
      whoWeSearch: directory.filter((p) => p.comparesPrices).length,
      tldsPage: prices.body.total,
      grid: directory.filter((p) => p.comparesPrices).map((p) => p.name).sort(),
      activeWithPrices: directory.filter((p) => p.isActive && p.tldCount > 0).map((p) => p.name).sort(),
    };
  };

  it("counts the bundled data: delegated TLDs, priced names, providers with prices, every provider", async () => {
    const { body } = await getJson<Stats>(app(), "/api/stats");
    expect(body).toEqual({
      tlds: 1437, pricedNames: 1845, providersWithPrices: 9, serviceProviders: PROVIDERS.length,
      registryOperators: body.registryOperators, knownRegistrars: 3020,
    });
    expect(body.registryOperators).toBeGreaterThan(700);
    expect(await trpc<Stats>("catalogue.stats")).toEqual(body);
  });

  it("answers the same figure every page shows for the same data, and keeps agreeing as the data changes", async () => {
    const check = async () => {
      const stats = (await getJson<Stats>(app(), "/api/stats")).body;
      const pages = await pageFigures();
      expect(pages.registrarsPage).toBe(stats.serviceProviders);
      expect(pages.whoWeSearch).toBe(stats.providersWithPrices);
      expect(pages.tldsPage).toBe(stats.pricedNames);
      expect(pages.grid).toEqual(pages.activeWithPrices);
      return stats;
    };
    const before = await check();

    // A provider with no prices yet is listed, but not counted as compared.
    const { orm: db, t } = getDb();
    // The other tests count the bundled data: put it back however this one ends.
    onTestFinished(async () => {
      await db.delete(t.serviceProviders).where(eq(t.serviceProviders.slug, "newreg"));
      await db.update(t.serviceProviders).set({ isActive: true }).where(eq(t.serviceProviders.slug, "hover"));
    });
    await db.insert(t.serviceProviders).values({ slug: "newreg", name: "New Registrar", displayName: "New Registrar", domain: "newreg.example", isActive: true });
    // A provider switched off keeps its prices stored, but they are no longer compared.
    await db.update(t.serviceProviders).set({ isActive: false }).where(eq(t.serviceProviders.slug, "hover"));
    const after = await check();
    expect(after).toMatchObject({ serviceProviders: before.serviceProviders + 1, providersWithPrices: before.providersWithPrices - 1 });
  });
});
