import { beforeAll, describe, expect, it } from "vitest";
import { upsertExchangeRates } from "../../../../db/repositories/exchange-rate-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp } from "../../testing/test-app.ts";
import type { UserDomainItem } from "./item.ts";
import type { PortfolioSummary } from "./summary.ts";

// A day after the bundled history with round rates: 1 USD = 0.8 EUR = 120 JPY exactly.
const DAY = "2099-01-02";
const cents = (s: string) => Math.round(Number(s) * 100);

forEachDialect("a portfolio in a display currency", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });
  let call: ReturnType<typeof authed>;
  let items: UserDomainItem[];
  const pricingOf = (list: UserDomainItem[], name: string) => list.find((i) => i.domainName === name)!.pricing;

  beforeAll(async () => {
    await upsertExchangeRates(getDb(), DAY, { EUR: 1, USD: 1.25, JPY: 150 });
    call = authed(app(), (await registerUser(app())).cookie);
    const providers = (await call<{ id: number; name: string }[]>("/api/service-providers")).body;
    const id = (name: string) => providers.find((p) => p.name === name)!.id;
    for (const body of [
      { domainName: "dear.com", serviceProviderId: id("Namecheap") },
      { domainName: "euro.com", serviceProviderId: id("easyname") },
      { domainName: "unpriced.com" },
    ]) expect((await call("/api/user-domains", { method: "POST", body })).status).toBe(201);
    items = (await call<{ data: UserDomainItem[] }>("/api/user-domains?page=1&currency=JPY")).body.data;
  });

  it("gives each renewal quote and the saving in the display currency", async () => {
    const dear = items.find((i) => i.domainName === "dear.com")!.pricing;
    expect(dear.currentRenewal!.display).toEqual({
      currency: "JPY", price: String(Math.round((cents(dear.currentRenewal!.price) * 120) / 100)), converted: true, rateDate: DAY,
    });
    expect(dear.cheapestRenewal!.display).toMatchObject({ currency: "JPY", price: String(Math.round((cents(dear.cheapestRenewal!.price) * 120) / 100)) });
    // A saving only when there is one; then it is the converted USD saving.
    if (dear.yearlySaving) expect(dear.displaySaving).toMatchObject({ currency: "JPY", price: String(Math.round((cents(dear.yearlySaving) * 120) / 100)) });
    else expect(dear.displaySaving).toBeNull();
    // EUR → JPY at 150 per euro.
    const euro = items.find((i) => i.domainName === "euro.com")!.pricing;
    expect(euro.currentRenewal!.display).toEqual({
      currency: "JPY", price: String(Math.round((cents(euro.currentRenewal!.price) * 150) / 100)), converted: true, rateDate: DAY,
    });
    expect(items.find((i) => i.domainName === "unpriced.com")!.pricing.displaySaving).toBeNull();
  });

  it("totals every converted renewal in the summary, EUR quotes included", async () => {
    const { status, body } = await call<PortfolioSummary>("/api/user-domains/summary?currency=JPY");
    expect(status).toBe(200);
    const shown = items.flatMap((i) => (i.pricing.currentRenewal?.display ? [Number(i.pricing.currentRenewal.display.price)] : []));
    expect(shown).toHaveLength(2);
    expect(body.display).toEqual({
      currency: "JPY", totalYearlyRenewal: String(shown[0]! + shown[1]!),
      totalPossibleSaving: String(items.reduce((sum, i) => sum + Number(i.pricing.displaySaving?.price ?? 0), 0)),
      domainsWithoutPrice: 1, converted: true, rateDate: DAY,
      // Added by name, none said whether it renews automatically: all three "expected if it renews".
      byAutoRenew: {
        on: { domains: 0, amount: "0", domainsWithoutPrice: 0 },
        off: { domains: 0, amount: "0", domainsWithoutPrice: 0 },
        unknown: { domains: 3, amount: String(shown[0]! + shown[1]!), domainsWithoutPrice: 1 },
      },
    });
    // The USD-only total is unchanged.
    expect(body.totalYearlyRenewal.domainsWithoutPrice).toBe(2);
  });

  it("answers the same over tRPC and rejects an unknown currency on both doors", async () => {
    const input = encodeURIComponent(JSON.stringify({ currency: "JPY" }));
    const trpc = await call<{ result: { data: { data: UserDomainItem[] } } }>(`/trpc/portfolio.list?input=${input}`);
    expect(trpc.body.result.data.data).toEqual(items);
    const rest = await call<{ message: string }>("/api/user-domains/summary?currency=QQQ");
    expect(rest.status).toBe(400);
    expect(rest.body.message).toContain('Unknown currency "QQQ"');
    const bad = await call<{ error: { message: string; data: { code: string } } }>(`/trpc/portfolio.summary?input=${encodeURIComponent(JSON.stringify({ currency: "QQQ" }))}`);
    expect(bad.body.error.data.code).toBe("BAD_REQUEST");
    expect(bad.body.error.message).toContain("QQQ");
  });

  describe("the saving an entry shows", () => {
    it("without a display currency is the USD saving, and none for a quote in another currency", async () => {
      const items = (await call<{ data: UserDomainItem[] }>("/api/user-domains?page=1")).body.data;
      const dear = pricingOf(items, "dear.com");
      const own = cents(dear.currentRenewal!.price) - cents(dear.cheapestRenewal!.price);
      expect(own).toBeGreaterThan(0);
      expect(dear.saving).toEqual({ price: (own / 100).toFixed(2), currency: "USD" });
      expect(pricingOf(items, "euro.com").currentRenewal!.currency).toBe("EUR");
      expect(pricingOf(items, "euro.com").saving).toBeNull();
      expect(pricingOf(items, "unpriced.com").saving).toBeNull();
    });

    it("with a display currency is the saving in the quotes' own currency and converted, for any currency with a rate", async () => {
      const items = (await call<{ data: UserDomainItem[] }>("/api/user-domains?page=1&currency=JPY")).body.data;
      const dear = pricingOf(items, "dear.com");
      const own = cents(dear.currentRenewal!.price) - cents(dear.cheapestRenewal!.price);
      expect(dear.saving).toEqual({
        price: (own / 100).toFixed(2), currency: "USD",
        display: { currency: "JPY", price: String(Math.round((own * 120) / 100)), converted: true, rateDate: DAY },
      });
      const euro = pricingOf(items, "euro.com");
      const euroOwn = cents(euro.currentRenewal!.price) - cents(euro.cheapestRenewal!.price);
      if (euro.cheapestRenewal!.currency === "EUR" && euroOwn > 0) {
        expect(euro.saving).toMatchObject({ price: (euroOwn / 100).toFixed(2), currency: "EUR", display: { currency: "JPY", price: String(Math.round((euroOwn * 150) / 100)) } });
      } else {
        expect(euro.saving).toBeNull();
      }
      expect(pricingOf(items, "unpriced.com").saving).toBeNull();
    });
  });
});
