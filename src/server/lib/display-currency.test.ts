import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { upsertExchangeRates } from "../../../db/repositories/exchange-rate-repository.ts";
import { forEachDialect } from "../../../db/testing/test-db.ts";
import { requireKnownCurrency } from "./display-currency.ts";
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
});
