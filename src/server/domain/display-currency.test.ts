import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { upsertExchangeRates } from "../../../db/repositories/exchange-rate-repository.ts";
import { forEachDialect } from "../../../db/testing/test-db.ts";
import { loadDisplayConverter, requireKnownCurrency } from "./display-currency.ts";
import { invalidatePriceCache } from "./price-cache.ts";

forEachDialect("the display currency check", (getDb) => {
  it("refuses a currency without rates each time it is asked, and remembers one with rates until the price answers' cache is cleared", async () => {
    const db = getDb();
    const unknown = { status: 400, message: 'Unknown currency "XZZ": no exchange rate is stored for it (GET /api/currencies lists the available ones)' };
    await expect(requireKnownCurrency(db, "XZZ")).rejects.toMatchObject(unknown);
    // A refusal is not remembered: rates stored meanwhile count at once.
    await upsertExchangeRates(db, "2099-01-02", { XZZ: 2 });
    await expect(requireKnownCurrency(db, "XZZ")).resolves.toBeUndefined();
    // A known currency is remembered: its rates gone from the table, it still passes until a
    // rates update clears the cache (as the rates job's onPricesChanged does).
    await db.orm.delete(db.t.exchangeRates).where(eq(db.t.exchangeRates.currency, "XZZ"));
    await expect(requireKnownCurrency(db, "XZZ")).resolves.toBeUndefined();
    invalidatePriceCache(db);
    await expect(requireKnownCurrency(db, "XZZ")).rejects.toMatchObject(unknown);
  });

  it("converts at the stored rates, remembered until the price answers' cache is cleared as a rates update clears it", async () => {
    const db = getDb();
    // Newer than any seeded day, so these two rates are the pair's newest common day.
    await upsertExchangeRates(db, "2099-02-01", { XQA: 2, XQB: 4 });
    const twice = await loadDisplayConverter(db, "XQB", ["XQA", "XQB"]);
    expect(twice.minor(1000, "XQA")).toBe(2000);
    expect(twice.minor(1000, "XQB")).toBe(1000);
    await upsertExchangeRates(db, "2099-02-02", { XQA: 1, XQB: 4 });
    expect((await loadDisplayConverter(db, "XQB", ["XQA"])).minor(1000, "XQA")).toBe(2000);
    invalidatePriceCache(db);
    expect((await loadDisplayConverter(db, "XQB", ["XQA"])).minor(1000, "XQA")).toBe(4000);
    // A pair no stored day quotes both of converts nothing, and says so.
    await upsertExchangeRates(db, "2099-02-03", { XQC: 3 });
    await expect(loadDisplayConverter(db, "XQC", ["XQA"]).then((c) => c.minor(1000, "XQA"))).rejects.toThrow("No rate from XQA to XQC");
  });
});
