import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";

type Provider = { id: number; name: string; domain: string; isActive: boolean; ianaId: number | null; ianaStatus: string | null; logoUrl: string | null };

forEachDialect("service provider API", (getDb) => {
  const app = () => createTestApp(getDb());
  const porkbun = async () => (await getJson<Provider[]>(app(), "/api/service-providers")).body.find((p) => p.name === "Porkbun")!;

  it("GET /api/service-providers lists every provider with its IANA status", async () => {
    const { status, body } = await getJson<Provider[]>(app(), "/api/service-providers");
    expect(status).toBe(200);
    expect(body.map((p) => p.name)).toEqual(expect.arrayContaining(["Porkbun", "Dynadot", "Namecheap", "easyname", "Hover"]));
    expect(body.find((p) => p.name === "Porkbun")).toMatchObject({ ianaId: 1861, ianaStatus: "Accredited", domain: "porkbun.com", isActive: true });
    expect(body.find((p) => p.name === "easyname")).toMatchObject({ ianaId: null, ianaStatus: null });
    expect(body.find((p) => p.name === "Google Domains")?.isActive).toBe(false);
  });

  it("GET /api/service-providers/{id} returns one provider, 404 when unknown, 400 when not an id", async () => {
    const p = await porkbun();
    expect((await getJson(app(), `/api/service-providers/${p.id}`)).body).toMatchObject({ id: p.id, name: "Porkbun" });
    const missing = await getJson<{ message: string }>(app(), "/api/service-providers/99999");
    expect(missing.status).toBe(404);
    const bad = await getJson<{ message: string }>(app(), "/api/service-providers/abc");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Invalid id: Invalid registrar ID");
  });

  it("GET /api/service-providers/{id}/domain-prices lists its prices by TLD", async () => {
    const p = await porkbun();
    const { body } = await getJson<{ tld: { name: string; category: string }; registrationPrice: string; currency: string }[]>(app(), `/api/service-providers/${p.id}/domain-prices`);
    expect(body.length).toBeGreaterThan(500);
    const names = body.map((r) => r.tld.name);
    expect(names).toEqual([...names].sort());
    expect(body.find((r) => r.tld.name === "com")).toMatchObject({ registrationPrice: "11.08", currency: "USD", tld: { category: "generic" } });
    expect((await getJson(app(), "/api/service-providers/99999/domain-prices")).status).toBe(404);
  });

  it("providers.pricesFirstPage answers the first rows of the whole list, its length and the summary of every row", async () => {
    const p = await porkbun();
    const input = (value: object) => encodeURIComponent(JSON.stringify(value));
    type FirstPage = { total: number; rows: Array<{ tld: { name: string } }>; registration: { kind: string; lowest?: string; highest?: string; average?: string; currency?: string }; lastCheckedAt: string | null };
    const all = (await getJson<{ result: { data: Array<{ tld: { name: string }; lastCheckedAt: string; display: { registrationPrice: string | null; currency: string } }> } }>(
      app(), `/trpc/providers.prices?input=${input({ id: p.id, currency: "EUR" })}`,
    )).body.result.data;
    const { status, body } = await getJson<{ result: { data: FirstPage } }>(app(), `/trpc/providers.pricesFirstPage?input=${input({ id: p.id, currency: "EUR", limit: 50 })}`);
    expect(status).toBe(200);
    const page = body.result.data;
    expect(page.total).toBe(all.length);
    expect(page.rows.map((r) => r.tld.name)).toEqual(all.slice(0, 50).map((r) => r.tld.name));
    // Summarised over every row in the display currency, not over the 50 sent.
    const prices = all.flatMap((r) => (r.display.registrationPrice && Number(r.display.registrationPrice) > 0 ? [Number(r.display.registrationPrice)] : []));
    expect(page.registration).toMatchObject({ kind: "single", currency: "EUR", lowest: Math.min(...prices).toFixed(2), highest: Math.max(...prices).toFixed(2) });
    expect(Number(page.registration.highest)).toBeGreaterThan(Math.max(...page.rows.map((_, i) => Number(all[i]!.display.registrationPrice ?? 0))));
    // When the most recently confirmed of all its prices was checked (the page's "Prices Checked").
    expect(page.lastCheckedAt).toBe(all.map((r) => r.lastCheckedAt).sort().at(-1));

    const tooMany = await getJson<{ error: { message: string } }>(app(), `/trpc/providers.pricesFirstPage?input=${input({ id: p.id, limit: 5000 })}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toContain("limit must be at most 200");
    const missing = await getJson(app(), `/trpc/providers.pricesFirstPage?input=${input({ id: 99999, limit: 50 })}`);
    expect(missing.status).toBe(404);
  });

  it("GET /api/iana-registrars splits accredited registrars into matched and not matched", async () => {
    const { body } = await getJson<{
      matchingRegistrars: { id: number; databaseMatch: { name: string } }[];
      nonMatchingRegistrars: { id: number; name: string; status: string }[];
      stats: { totalIanaAccredited: number; totalMatched: number; totalNonMatched: number };
    }>(app(), "/api/iana-registrars");
    expect(body.stats.totalIanaAccredited).toBe(3020);
    expect(body.stats.totalMatched + body.stats.totalNonMatched).toBe(3020);
    expect(body.matchingRegistrars.find((r) => r.id === 1861)?.databaseMatch.name).toBe("Porkbun");
    expect(body.nonMatchingRegistrars.find((r) => r.id === 2)).toMatchObject({ name: "Network Solutions, LLC", status: "Accredited" });
    expect(body.nonMatchingRegistrars.every((r) => r.status === "Accredited")).toBe(true);
  });

  it("GET /api/service-providers/directory gives each provider's coverage from its prices and whether accounts connect", async () => {
    type Entry = { name: string; tldCount: number; currencies: string[]; priceRanges: { currency: string; minRegistration: string; maxRegistration: string }[]; canConnectAccount: boolean };
    const { status, body } = await getJson<Entry[]>(app(), "/api/service-providers/directory");
    expect(status).toBe(200);
    const p = await porkbun();
    const prices = (await getJson<{ registrationPrice: string | null; currency: string }[]>(app(), `/api/service-providers/${p.id}/domain-prices`)).body;
    const entry = body.find((e) => e.name === "Porkbun")!;
    expect(entry.tldCount).toBe(prices.length);
    expect(entry.currencies).toEqual(["USD"]);
    const usd = prices.map((r) => Number(r.registrationPrice)).filter((n) => n > 0);
    expect(entry.priceRanges).toEqual([{ currency: "USD", minRegistration: Math.min(...usd).toFixed(2), maxRegistration: Math.max(...usd).toFixed(2) }]);
    const connectable = body.filter((e) => e.canConnectAccount).map((e) => e.name).sort();
    expect(connectable).toEqual(["Cloudflare Registrar", "Dynadot", "GoDaddy", "Name.com", "Namecheap", "Porkbun"]);
    const twin = await getJson<{ result: { data: Entry[] } }>(app(), "/trpc/providers.directory");
    expect(twin.body.result.data).toEqual(body);
  });
});
