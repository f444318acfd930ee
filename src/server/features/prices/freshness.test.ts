import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";
import type { PricePage, PriceQuote } from "./service.ts";

const day = (date: string) => `${date}T00:00:00.000Z`;
type ProviderPrice = { tld: { name: string }; lastCheckedAt: string; changedAt: string };

// Namecheap ships two lists, 2023-08-28 and 2025-10-25: .sg is the same in both, .com changed,
// .ai is only in the older one.
forEachDialect("price freshness after seeding", (getDb) => {
  const app = () => createTestApp(getDb());
  const namecheapQuote = async (tld: string) => {
    const { body } = await getJson<PriceQuote[]>(app(), `/api/domain-prices/tld/${tld}`);
    return body.find((q) => q.serviceProvider.name === "Namecheap")!;
  };

  it("an unchanged quote changed when first listed and was last checked by the newer list", async () => {
    expect(await namecheapQuote("sg")).toMatchObject({ changedAt: day("2023-08-28"), lastCheckedAt: day("2025-10-25"), snapshotDate: "2023-08-28" });
  });

  it("a changed quote changed and was checked on the newer list; the older one is history", async () => {
    expect(await namecheapQuote("com")).toMatchObject({ changedAt: day("2025-10-25"), lastCheckedAt: day("2025-10-25"), registrationPrice: "11.28" });
    const { body } = await getJson<{ serviceProviderId: number; validFrom: string; validUntil: string; registrationPrice: string }[]>(app(), "/api/domain-prices/tld/com/history");
    const id = (await namecheapQuote("com")).serviceProvider.id;
    expect(body.filter((h) => h.serviceProviderId === id)).toEqual([
      expect.objectContaining({ validFrom: "2023-08-28", validUntil: "2025-10-25", registrationPrice: "9.58" }),
    ]);
  });

  it("a sale transfer price is served with its transfer promo flag, a list-price one without", async () => {
    expect(await namecheapQuote("com")).toMatchObject({ transferPrice: "11.48", transferIsPromo: true });
    expect(await namecheapQuote("sg")).toMatchObject({ transferIsPromo: false });
  });

  it("a quote the newer list dropped was last checked by the older one", async () => {
    expect(await namecheapQuote("ai")).toMatchObject({ changedAt: day("2023-08-28"), lastCheckedAt: day("2023-08-28") });
  });

  it("list rows, common rows, tRPC and the registrar page carry the same instants", async () => {
    const sg = await namecheapQuote("sg");
    // A list row's minimum carries its quote's check instant.
    const quotesOf = async (name: string) => (await getJson<PriceQuote[]>(app(), `/api/domain-prices/tld/${name}`)).body;
    const page = await getJson<PricePage>(app(), "/api/domain-prices?search=sg&category=country-code");
    const row = page.body.data.find((r) => r.name === "sg")!;
    const sgSource = (await quotesOf("sg")).find((q) => q.serviceProvider.id === row.sources.registration!.serviceProvider.id)!;
    expect(row.sources.registration!.lastCheckedAt).toBe(sgSource.lastCheckedAt);

    const common = await getJson<PricePage["data"]>(app(), "/api/domain-prices/common");
    const comRow = common.body.find((r) => r.name === "com")!;
    const comSource = (await quotesOf("com")).find((q) => q.serviceProvider.id === comRow.sources.renewal!.serviceProvider.id)!;
    expect(comRow.sources.renewal).toMatchObject({ lastCheckedAt: comSource.lastCheckedAt, isStale: comSource.isStale });

    const input = encodeURIComponent(JSON.stringify({ tldId: "sg" }));
    const trpc = await getJson<{ result: { data: PriceQuote[] } }>(app(), `/trpc/prices.byTld?input=${input}`);
    expect(trpc.body.result.data.find((q) => q.id === sg.id)).toEqual(sg);

    const registrar = await getJson<ProviderPrice[]>(app(), `/api/service-providers/${sg.serviceProvider.id}/domain-prices`);
    expect(registrar.body.find((p) => p.tld.name === "sg")).toMatchObject({ changedAt: sg.changedAt, lastCheckedAt: sg.lastCheckedAt });
  });
});
