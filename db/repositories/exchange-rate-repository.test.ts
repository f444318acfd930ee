import { expect, it } from "vitest";
import { forEachDialect } from "../testing/test-db.ts";
import {
  addMissingExchangeRates, countExchangeRates, findLatestCommonRates, findRateOnOrBefore, hasExchangeRate, latestExchangeRateDate,
  listCurrencyLatestDates, upsertExchangeRates,
} from "./exchange-rate-repository.ts";

forEachDialect("exchange rate repository", (getDb) => {
  it("has nothing to say on an empty table", async () => {
    expect(await latestExchangeRateDate(getDb())).toBeNull();
    expect(await findRateOnOrBefore(getDb(), "USD", "2025-05-09")).toBeNull();
  });

  it("stores a day idempotently and lets the ECB correct it", async () => {
    expect(await upsertExchangeRates(getDb(), "2025-05-08", { EUR: 1, USD: 1.1297, JPY: 163.45 })).toBe(3);
    await upsertExchangeRates(getDb(), "2025-05-08", { EUR: 1, USD: 1.1297, JPY: 163.45 });
    expect(await countExchangeRates(getDb())).toBe(3);
    await upsertExchangeRates(getDb(), "2025-05-08", { USD: 1.13 });
    expect(await findRateOnOrBefore(getDb(), "USD", "2025-05-08")).toEqual({ date: "2025-05-08", currency: "USD", ratePerEur: 1.13 });
    expect(await countExchangeRates(getDb())).toBe(3);
  });

  it("answers the latest business day on or before a date", async () => {
    await upsertExchangeRates(getDb(), "2025-05-09", { EUR: 1, USD: 1.1252 }); // a Friday
    expect(await findRateOnOrBefore(getDb(), "usd", "2025-05-11")).toEqual({ date: "2025-05-09", currency: "USD", ratePerEur: 1.1252 });
    expect((await findRateOnOrBefore(getDb(), "USD", "2025-05-08"))?.ratePerEur).toBe(1.13);
    expect(await findRateOnOrBefore(getDb(), "USD", "2025-05-07")).toBeNull();
    expect(await findRateOnOrBefore(getDb(), "GBP", "2025-05-09")).toBeNull();
    expect(await latestExchangeRateDate(getDb())).toBe("2025-05-09");
  });

  it("adds only missing rows in bulk and never overwrites stored ones", async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => ({ date: `2024-01-01`, currency: `C${String(i).padStart(2, "0")}`, ratePerEur: i + 1 }));
    expect(await addMissingExchangeRates(getDb(), [...rows, { date: "2025-05-09", currency: "USD", ratePerEur: 9 }])).toBe(1200);
    expect(await addMissingExchangeRates(getDb(), rows)).toBe(0);
    expect((await findRateOnOrBefore(getDb(), "USD", "2025-05-09"))?.ratePerEur).toBe(1.1252);
  });

  it("pairs two currencies on the newest day that quotes both", async () => {
    await upsertExchangeRates(getDb(), "2025-06-02", { EUR: 1, USD: 1.14, ISK: 145.1 });
    await upsertExchangeRates(getDb(), "2025-06-03", { EUR: 1, USD: 1.15 }); // no ISK that day
    expect(await findLatestCommonRates(getDb(), "USD", "EUR")).toEqual({ date: "2025-06-03", fromPerEur: 1.15, toPerEur: 1 });
    expect(await findLatestCommonRates(getDb(), "USD", "ISK")).toEqual({ date: "2025-06-02", fromPerEur: 1.14, toPerEur: 145.1 });
    expect(await findLatestCommonRates(getDb(), "USD", "XAU")).toBeNull();
    expect(await hasExchangeRate(getDb(), "ISK")).toBe(true);
    expect(await hasExchangeRate(getDb(), "XAU")).toBe(false);
    const listed = await listCurrencyLatestDates(getDb());
    expect(listed.find((c) => c.currency === "ISK")).toEqual({ currency: "ISK", latestDate: "2025-06-02" });
    expect(listed.find((c) => c.currency === "USD")).toEqual({ currency: "USD", latestDate: "2025-06-03" });
  });
}, { seeded: false });
