import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertExchangeRates } from "../../../../db/repositories/exchange-rate-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import type { CurrencyOption } from "../../../shared/currency.ts";
import { invalidatePriceCache } from "../../domain/price-cache.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";
import type { PricePage, PriceQuote, PriceRow } from "./service.ts";

const SEEDED_DAY = "2025-05-09"; // newest day of the bundled ECB history: USD 1.1252, JPY 163.36, GBP 0.8477
const NEW_DAY = "2099-01-02";
const cents = (s: string) => Math.round(Number(s) * 100);
/** USD at NEW_DAY's 1.25 per euro: exactly 0.8 EUR per USD, so the expected cents are plain arithmetic. */
const usdToEurOnNewDay = (usd: string | null) => (usd === null ? null : (Math.round((cents(usd) * 4) / 5) / 100).toFixed(2));

forEachDialect("prices in a display currency", (getDb) => {
  const app = () => createTestApp(getDb());
  const comQuotes = async (currency: string) => (await getJson<PriceQuote[]>(app(), `/api/domain-prices/tld/com?currency=${currency}`)).body;
  const dynadot = (quotes: PriceQuote[]) => quotes.find((q) => q.serviceProvider.name === "Dynadot")!;

  it("lists the stored currencies with their newest rate day", async () => {
    const { status, body } = await getJson<CurrencyOption[]>(app(), "/api/currencies");
    expect(status).toBe(200);
    expect(body).toContainEqual({ code: "EUR", latestRateDate: SEEDED_DAY });
    expect(body).toContainEqual({ code: "JPY", latestRateDate: SEEDED_DAY });
    expect(body.length).toBeGreaterThan(30);
    const input = encodeURIComponent(JSON.stringify(undefined));
    const trpc = await getJson<{ result: { data: CurrencyOption[] } }>(app(), `/trpc/prices.currencies?input=${input}`);
    expect(trpc.body.result.data).toEqual(body);
  });

  it("converts a USD quote at the newest seeded rates and marks it converted", async () => {
    // $10.88 / 1.1252 = €9.6694… ; × 163.36 = ¥1579.59…
    expect(dynadot(await comQuotes("EUR")).display).toMatchObject({
      currency: "EUR", registrationPrice: "9.67", renewalPrice: "9.67", converted: true, rateDate: SEEDED_DAY,
    });
    expect(dynadot(await comQuotes("jpy")).display).toMatchObject({
      currency: "JPY", registrationPrice: "1580", renewalPrice: "1580", converted: true, rateDate: SEEDED_DAY,
    });
  });

  it("keeps a quote already in the display currency as it is, not converted", async () => {
    const quotes = await comQuotes("EUR");
    const easyname = quotes.find((q) => q.currency === "EUR")!;
    expect(easyname.display).toEqual({
      currency: "EUR", registrationPrice: easyname.registrationPrice, renewalPrice: easyname.renewalPrice,
      transferPrice: easyname.transferPrice, converted: false, rateDate: null,
    });
    // Every quote is now comparable in one currency: what the TLD page's statistics need.
    expect(quotes.every((q) => q.display?.currency === "EUR")).toBe(true);
    const inUsd = (await comQuotes("USD")).find((q) => q.id === easyname.id)!;
    expect(inUsd.display).toMatchObject({ currency: "USD", converted: true, rateDate: SEEDED_DAY });
  });

  describe("after a newer ECB day", () => {
    beforeAll(async () => {
      // A newer ECB day without GBP: GBP keeps converting at the older day's rates.
      await upsertExchangeRates(getDb(), NEW_DAY, { EUR: 1, USD: 1.25, JPY: 150 });
      invalidatePriceCache(getDb());
    });
    // The tests outside this block convert at the seeded rates, whichever order they run in.
    afterAll(async () => {
      const { orm: db, t } = getDb();
      await db.delete(t.exchangeRates).where(eq(t.exchangeRates.date, NEW_DAY));
      invalidatePriceCache(getDb());
    });

    it("uses a newer day's rates once stored, and an older day for a currency it lacks", async () => {
      const quote = dynadot(await comQuotes("EUR"));
      expect(quote.display).toEqual({
        currency: "EUR", registrationPrice: "8.70", renewalPrice: "8.70", transferPrice: usdToEurOnNewDay(quote.transferPrice),
        converted: true, rateDate: NEW_DAY,
      });
      // 10.88 × 150 / 1.25 = 1305.6: no minor unit, rounded half up.
      expect(dynadot(await comQuotes("JPY")).display).toMatchObject({ registrationPrice: "1306", rateDate: NEW_DAY });
      // 10.88 × 0.8477 / 1.1252 = 8.1967…, on the last day with both USD and GBP.
      expect(dynadot(await comQuotes("GBP")).display).toMatchObject({ registrationPrice: "8.20", rateDate: SEEDED_DAY });
    });

    it("adds display to every list row and its promotion, from the same rates", async () => {
      const { body } = await getJson<PricePage>(app(), "/api/domain-prices?search=com&limit=100&currency=EUR");
      const com = body.data.find((r) => r.name === "com")!;
      expect(com.display).toEqual({
        currency: "EUR", registrationPrice: usdToEurOnNewDay(com.registrationPrice), renewalPrice: usdToEurOnNewDay(com.renewalPrice),
        transferPrice: usdToEurOnNewDay(com.transferPrice), threeYearPrice: usdToEurOnNewDay(com.threeYearPrice),
        converted: true, rateDate: NEW_DAY,
      });
      const promo = body.data.find((r) => r.promo)?.promo;
      expect(promo, "a row with a first-year promotion").toBeDefined();
      expect(promo!.display).toMatchObject({ registrationPrice: usdToEurOnNewDay(promo!.registrationPrice), converted: true });
      // tRPC answers the same.
      const input = encodeURIComponent(JSON.stringify({ search: "com", limit: 100, currency: "EUR" }));
      const trpc = await getJson<{ result: { data: PricePage } }>(app(), `/trpc/prices.list?input=${input}`);
      expect(trpc.body.result.data).toEqual(body);
    });

    it("adds display to the common TLDs' rows over both doors", async () => {
      const { body } = await getJson<PriceRow[]>(app(), "/api/domain-prices/common?currency=JPY");
      const com = body.find((r) => r.name === "com")!;
      expect(com.display).toMatchObject({ currency: "JPY", converted: true, rateDate: NEW_DAY });
      // ¥ has no minor unit: whole numbers only.
      expect(com.display!.registrationPrice).toMatch(/^\d+$/);
      expect(Number(com.display!.registrationPrice)).toBe(Math.round((cents(com.registrationPrice!) * 150) / 125));
      const input = encodeURIComponent(JSON.stringify({ currency: "JPY" }));
      const trpc = await getJson<{ result: { data: PriceRow[] } }>(app(), `/trpc/prices.common?input=${input}`);
      expect(trpc.body.result.data).toEqual(body);
    });

    it("answers the list without a currency in USD, the same as currency=USD, and one TLD's quotes without display", async () => {
      const page = await getJson<PricePage>(app(), "/api/domain-prices?limit=20");
      const usd = await getJson<PricePage>(app(), "/api/domain-prices?limit=20&currency=USD");
      expect(usd.body).toEqual(page.body);
      expect(page.body.data.every((r) => r.display?.currency === "USD" && (r.promo === null || r.promo.display?.currency === "USD"))).toBe(true);
      expect((await getJson<PriceQuote[]>(app(), "/api/domain-prices/tld/com")).body.some((q) => "display" in q)).toBe(false);
    });
  });

  it("answers an unknown currency with a 400 naming it, on REST and tRPC", async () => {
    for (const path of ["/api/domain-prices?currency=XYZ", "/api/domain-prices/common?currency=xyz", "/api/domain-prices/tld/com?currency=XYZ"]) {
      const { status, body } = await getJson<{ message: string }>(app(), path);
      expect(status, path).toBe(400);
      expect(body.message).toContain('Unknown currency "XYZ"');
    }
    const input = encodeURIComponent(JSON.stringify({ tldId: "com", currency: "XYZ" }));
    const trpc = await getJson<{ error: { message: string; data: { code: string } } }>(app(), `/trpc/prices.byTld?input=${input}`);
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.data.code).toBe("BAD_REQUEST");
    expect(trpc.body.error.message).toContain('Unknown currency "XYZ"');
    const malformed = await getJson<{ message: string }>(app(), "/api/domain-prices?currency=EURO");
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("Invalid currency: currency must be a three-letter code such as EUR");
  });
});
