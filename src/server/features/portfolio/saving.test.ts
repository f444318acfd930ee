import { beforeAll, expect, it } from "vitest";
import { upsertExchangeRates } from "../../../../db/repositories/exchange-rate-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp } from "../../testing/test-app.ts";
import type { UserDomainItem } from "./item.ts";

// A day after the bundled history with round rates: 1 USD = 0.8 EUR = 120 JPY exactly.
const DAY = "2099-01-02";
const cents = (s: string) => Math.round(Number(s) * 100);

forEachDialect("the saving a portfolio entry shows", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });
  let call: ReturnType<typeof authed>;
  const pricingOf = (items: UserDomainItem[], name: string) => items.find((i) => i.domainName === name)!.pricing;

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
  });

  it("without a display currency is the USD saving, and none for a quote in another currency", async () => {
    const items = (await call<{ data: UserDomainItem[] }>("/api/user-domains")).body.data;
    const dear = pricingOf(items, "dear.com");
    const own = cents(dear.currentRenewal!.price) - cents(dear.cheapestRenewal!.price);
    expect(own).toBeGreaterThan(0);
    expect(dear.saving).toEqual({ price: (own / 100).toFixed(2), currency: "USD" });
    expect(pricingOf(items, "euro.com").currentRenewal!.currency).toBe("EUR");
    expect(pricingOf(items, "euro.com").saving).toBeNull();
    expect(pricingOf(items, "unpriced.com").saving).toBeNull();
  });

  it("with a display currency is the saving in the quotes' own currency and converted, for any currency with a rate", async () => {
    const items = (await call<{ data: UserDomainItem[] }>("/api/user-domains?currency=JPY")).body.data;
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
