import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";

interface TldBody {
  id: number; name: string; description: string; kind: string; category: string; rdapUrl: string | null; registryOperator: string | null;
  parent: { id: number; name: string } | null; secondLevel: { name: string }[];
}
interface PageBody { total: number; data: { name: string; category: string; providerCount: number }[] }

forEachDialect("second-level suffixes through the API", (getDb) => {
  const app = () => createTestApp(getDb());

  it("GET /api/tlds/co.uk answers the suffix with its parent, and tRPC answers the same", async () => {
    const coUk = await getJson<TldBody>(app(), "/api/tlds/co.uk");
    expect(coUk.status).toBe(200);
    const uk = await getJson<TldBody>(app(), "/api/tlds/uk");
    expect(coUk.body).toMatchObject({
      name: "co.uk", kind: "icann-suffix", category: "country-code", rdapUrl: uk.body.rdapUrl,
      parent: { id: uk.body.id, name: "uk", unicodeName: null }, secondLevel: [],
    });
    expect(coUk.body.description).toContain("under the country-code top-level domain .uk");
    expect((await getJson(app(), "/api/tlds/.co.uk")).body).toEqual(coUk.body);
    const twin = await getJson<{ result: { data: unknown } }>(app(), `/trpc/catalogue.tld?input=${encodeURIComponent(JSON.stringify({ tldId: "co.uk" }))}`);
    expect(twin.body.result.data).toEqual(coUk.body);
  });

  it("a TLD lists the suffixes sold under it; a private one names its registry", async () => {
    const uk = await getJson<TldBody>(app(), "/api/tlds/uk");
    expect(uk.body).toMatchObject({ kind: "tld", parent: null });
    expect(uk.body.secondLevel.map((s) => s.name)).toEqual(expect.arrayContaining(["co.uk", "org.uk", "me.uk"]));
    const ukCom = await getJson<TldBody>(app(), "/api/tlds/uk.com");
    expect(ukCom.body).toMatchObject({ kind: "private-suffix", registryOperator: "CentralNic", category: "generic", parent: { name: "com" } });
    expect((await getJson<TldBody>(app(), "/api/tlds/com")).body.secondLevel.map((s) => s.name)).toContain("uk.com");
  });

  it("prices co.uk from several providers, and the price list finds it by search", async () => {
    const quotes = await getJson<{ serviceProvider: { name: string }; registrationPrice: string | null }[]>(app(), "/api/domain-prices/tld/co.uk");
    expect(quotes.status).toBe(200);
    expect(new Set(quotes.body.map((q) => q.serviceProvider.name)).size).toBeGreaterThanOrEqual(5);

    const exact = await getJson<PageBody>(app(), "/api/domain-prices?search=co.uk");
    expect(exact.body.data.map((r) => r.name)).toContain("co.uk");
    const coUk = exact.body.data.find((r) => r.name === "co.uk")!;
    expect(coUk.category).toBe("country-code");
    expect(coUk.providerCount).toBeGreaterThanOrEqual(5);

    const uk = await getJson<PageBody>(app(), "/api/domain-prices?search=uk&limit=100");
    expect(uk.body.data.map((r) => r.name)).toEqual(expect.arrayContaining(["uk", "co.uk", "uk.com"]));
    const one = await getJson<PageBody>(app(), "/api/domain-prices?tld=.co.uk");
    expect(one.body.data.map((r) => r.name)).toEqual(["co.uk"]);
  });

  it("keeps TLD counts and registry operators to the root zone", async () => {
    // Delegated root-zone TLDs only: co.uk and uk.com are priced names, not TLDs.
    expect((await getJson<{ tlds: number; pricedNames: number }>(app(), "/api/stats")).body).toMatchObject({ tlds: 1437, pricedNames: 1845 });
    const operators = await getJson<{ name: string; tlds: string[] }[]>(app(), "/api/registry-operators");
    expect(operators.body.flatMap((o) => o.tlds).filter((name) => name.includes("."))).toEqual([]);
    expect(operators.body.find((o) => o.name === "CentralNic")).toBeUndefined();
  });
});
