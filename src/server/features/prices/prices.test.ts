import { describe, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerAdmin } from "../../testing/auth.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";
import type { PricePage, PriceQuote, PriceRow } from "./service.ts";

const num = (s: string | null) => (s === null ? Infinity : Number(s));

forEachDialect("price API", (getDb) => {
  const app = () => createTestApp(getDb());

  it("GET /api/domain-prices pages TLDs by name with the spec's envelope", async () => {
    const { status, body } = await getJson<PricePage>(app(), "/api/domain-prices");
    expect(status).toBe(200);
    expect(body.page).toBe(1);
    expect(body.limit).toBe(20);
    expect(body.data).toHaveLength(20);
    expect(body.total).toBeGreaterThan(700); // 770 TLDs have at least one active provider's price
    expect(body.totalPages).toBe(Math.ceil(body.total / 20));
    const names = body.data.map((r) => r.name);
    expect(names).toEqual([...names].sort());
    const row = body.data.find((r) => r.registrationPrice !== null)!;
    expect(row.providerCount).toBeGreaterThan(0);
    expect(row.sources.registration).toMatchObject({
      serviceProvider: { id: expect.any(Number), name: expect.any(String) }, lastCheckedAt: expect.any(String), isStale: expect.any(Boolean), isOutlier: false,
    });
  });

  it("sorts by registration price in SQL across pages, unpriced last", async () => {
    const first = (await getJson<PricePage>(app(), "/api/domain-prices?page=1&limit=50&sortBy=registrationPrice&sortOrder=asc")).body;
    const second = (await getJson<PricePage>(app(), "/api/domain-prices?page=2&limit=50&sortBy=registrationPrice&sortOrder=asc")).body;
    const prices = [...first.data, ...second.data].map((r) => num(r.registrationPrice));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(new Set([...first.data, ...second.data].map((r) => r.id)).size).toBe(100);
    const desc = (await getJson<PricePage>(app(), "/api/domain-prices?limit=10&sortBy=registrationPrice&sortOrder=desc")).body;
    const top = desc.data.map((r) => num(r.registrationPrice));
    expect(top[0]).toBeGreaterThan(1000);
    expect(top).toEqual([...top].sort((a, b) => b - a));
  });

  it("sorts by renewal, transfer and three-year cost", async () => {
    for (const sortBy of ["renewalPrice", "transferPrice", "threeYearPrice"] as const) {
      const { body } = await getJson<PricePage>(app(), `/api/domain-prices?limit=30&sortBy=${sortBy}`);
      const values = body.data.map((r) => num(r[sortBy]));
      expect(values).toEqual([...values].sort((a, b) => a - b));
    }
  });

  it("filters by search and category together", async () => {
    const { body } = await getJson<PricePage>(app(), "/api/domain-prices?search=co&category=generic&limit=100");
    expect(body.total).toBeGreaterThan(10);
    for (const row of body.data) {
      expect(row.name).toContain("co");
      expect(row.category).toBe("generic");
    }
    const cc = await getJson<PricePage>(app(), "/api/domain-prices?search=.uk&category=country-code");
    expect(cc.body.data.map((r) => r.name)).toContain("uk");
  });

  it("computes the three-year cost as registration plus two renewals", async () => {
    const { body } = await getJson<PricePage>(app(), "/api/domain-prices?search=com&limit=100");
    const com = body.data.find((r) => r.name === "com")!;
    const quotes = (await getJson<PriceQuote[]>(app(), "/api/domain-prices/tld/com")).body;
    const usd = quotes.filter((p) => p.currency === "USD" && p.registrationPrice && p.renewalPrice && p.isStale === com.threeYearIsStale);
    const cheapest = Math.min(...usd.map((p) => Math.round(Number(p.registrationPrice) * 100) + 2 * Math.round(Number(p.renewalPrice) * 100)));
    expect(Math.round(Number(com.threeYearPrice) * 100)).toBe(cheapest);
  });

  it("rejects bad parameters with a 400 naming the field", async () => {
    const limit = await getJson<{ message: string; issues: { field: string }[] }>(app(), "/api/domain-prices?limit=101");
    expect(limit.status).toBe(400);
    expect(limit.body.message).toBe("Invalid limit: limit must be at most 100");
    expect(limit.body.issues[0]!.field).toBe("limit");
    const sort = await getJson<{ message: string }>(app(), "/api/domain-prices?sortBy=price");
    expect(sort.status).toBe(400);
    expect(sort.body.message).toContain("sortBy");
    const page = await getJson<{ message: string }>(app(), "/api/domain-prices?page=0");
    expect(page.body.message).toBe("Invalid page: page must be at least 1");
  });

  it("sends an ETag and answers 304 when the client already has the page", async () => {
    const first = await app().request("http://localhost/api/domain-prices?limit=5");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=60");
    const again = await app().request("http://localhost/api/domain-prices?limit=5", { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    const other = await app().request("http://localhost/api/domain-prices?limit=6", { headers: { "if-none-match": etag! } });
    expect(other.status).toBe(200);
  });

  it("carries the documented prices[] on each row: per type, the cheapest quote, with its provider's id, name, domain and logo", async () => {
    const [{ body }, common, { orm: db, t }] = [await getJson<PricePage>(app(), "/api/domain-prices?limit=100"), await getJson<PriceRow[]>(app(), "/api/domain-prices/common"), getDb()];
    const providers = new Map((await db.select().from(t.serviceProviders)).map((p) => [p.id, p]));
    for (const row of [...body.data, ...common.body]) {
      expect(Object.keys(row.sources).sort()).toEqual(["registration", "renewal", "threeYear", "transfer"]);
      for (const source of Object.values(row.sources)) if (source) expect(Object.keys(source.serviceProvider).sort()).toEqual(["id", "name"]);
      // Not every provider's quote: one per priced type, from the provider each minimum names.
      expect(row.prices.length, row.name).toBeLessThanOrEqual(3);
      for (const entry of row.prices) {
        const figure = entry.type;
        expect(entry[`${figure}Price`], `${row.name} ${figure}`).toBe(row[`${figure}Price`]);
        expect(entry.serviceProvider.id).toBe(row.sources[figure]!.serviceProvider.id);
        const provider = providers.get(entry.serviceProvider.id)!;
        expect(entry.serviceProvider).toEqual({ id: provider.id, name: provider.name, domain: provider.domain, logoUrl: provider.logoUrl });
        expect(entry.registrationPrice === null || /^\d+\.\d{2}$/.test(entry.registrationPrice)).toBe(true);
      }
    }
  });

  it("an administrator's edit of a provider's domain or logo reaches the prices[] of its rows", async () => {
    const adminApp = createTestApp(getDb(), { env: { ...AUTH_TEST_ENV, PRICE_CACHE_SECONDS: "0" } });
    const admin = authed(adminApp, (await registerAdmin(adminApp, getDb())).cookie);
    const [com] = (await getJson<PriceRow[]>(adminApp, "/api/domain-prices/common")).body;
    const entry = com!.prices.find((p) => p.type === "registration")!;
    const provider = (await admin<{ id: number; name: string; domain: string; website: string | null; logoUrl: string | null; isActive: boolean }[]>("/api/admin/service-providers"))
      .body.find((p) => p.id === entry.serviceProvider.id)!;
    const logoUrl = "https://logos.example/new-logo.png";
    const edit = await admin(`/api/admin/service-providers/${provider.id}`, {
      method: "PUT", body: { name: provider.name, domain: provider.domain, website: provider.website, logoUrl, isActive: true },
    });
    expect(edit.status, edit.text).toBe(200);
    const [after] = (await getJson<PriceRow[]>(adminApp, "/api/domain-prices/common")).body;
    expect(after!.prices.find((p) => p.type === "registration")!.serviceProvider).toEqual({ ...entry.serviceProvider, logoUrl });
    await admin(`/api/admin/service-providers/${provider.id}`, {
      method: "PUT", body: { name: provider.name, domain: provider.domain, website: provider.website, logoUrl: provider.logoUrl, isActive: true },
    });
  });

  it("GET /api/domain-prices/common returns the five common TLDs", async () => {
    const { status, body } = await getJson<PriceRow[]>(app(), "/api/domain-prices/common");
    expect(status).toBe(200);
    expect(body.map((r) => r.name)).toEqual(["com", "net", "org", "io", "co"]);
    expect(body[0]!.registrationPrice).toMatch(/^\d+\.\d{2}$/);
  });

  it("GET /api/domain-prices/tld/{tldId} accepts an id, a name or a dotted name", async () => {
    const byName = await getJson<PriceQuote[]>(app(), "/api/domain-prices/tld/com");
    const byDot = await getJson<PriceQuote[]>(app(), "/api/domain-prices/tld/.com");
    expect(byName.status).toBe(200);
    expect(byDot.body).toEqual(byName.body);
    const dynadot = byName.body.find((q) => q.serviceProvider.name === "Dynadot")!;
    expect(dynadot).toMatchObject({ registrationPrice: "10.88", renewalPrice: "10.88", currency: "USD" });
    const eur = byName.body.find((q) => q.currency === "EUR");
    expect(eur?.serviceProvider.name).toBe("easyname");
    // Google Domains closed: its prices stay as data but are not offered.
    expect(byName.body.some((q) => q.serviceProvider.name === "Google Domains")).toBe(false);
    const missing = await getJson<{ message: string }>(app(), "/api/domain-prices/tld/notatld");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('TLD "notatld" not found');
  });

  it("GET /api/domain-prices/tld/{tldId}/history lists superseded prices", async () => {
    const { body } = await getJson<{ validFrom: string; registrationPrice: string | null; providerName: string; endReason: string }[]>(app(), "/api/domain-prices/tld/com/history");
    const superseded = body.find((h) => h.validFrom === "2025-03-22" && h.registrationPrice === "11.06");
    expect(superseded).toMatchObject({ providerName: "Porkbun", endReason: "changed" });
  });
});

describe("price list over tRPC", () => {
  forEachDialect("prices.list", (getDb) => {
    it("answers the same data as the REST shim", async () => {
      const app = createTestApp(getDb());
      const input = encodeURIComponent(JSON.stringify({ page: 2, limit: 10, sortBy: "renewalPrice", sortOrder: "asc" }));
      const trpc = await getJson<{ result: { data: PricePage } }>(app, `/trpc/prices.list?input=${input}`);
      const rest = await getJson<PricePage>(app, "/api/domain-prices?page=2&limit=10&sortBy=renewalPrice&sortOrder=asc");
      expect(trpc.status).toBe(200);
      expect(trpc.body.result.data).toEqual(rest.body);
    });

    it("reports invalid input field by field", async () => {
      const app = createTestApp(getDb());
      const input = encodeURIComponent(JSON.stringify({ limit: 500 }));
      const { status, body } = await getJson<{ error: { message: string; data: { issues: { field: string }[] } } }>(app, `/trpc/prices.list?input=${input}`);
      expect(status).toBe(400);
      expect(body.error.message).toBe("Invalid limit: limit must be at most 100");
      expect(body.error.data.issues[0]!.field).toBe("limit");
    });
  });
});
