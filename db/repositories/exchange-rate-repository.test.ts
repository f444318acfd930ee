import { beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../testing/test-db.ts";
import {
  addMissingExchangeRates, hasExchangeRate, listCurrencyLatestDates, loadDisplayRates, upsertExchangeRates,
} from "./exchange-rate-repository.ts";

forEachDialect("exchange rate repository", (getDb) => {
  const usdInEur = async () => (await loadDisplayRates(getDb(), "EUR", ["USD"])).get("USD");
  // Each test starts from an empty table and stores the days it needs.
  beforeEach(async () => {
    const { orm: db, t } = getDb();
    await db.delete(t.exchangeRates);
  });

  it("has nothing to say on an empty table", async () => {
    expect(await listCurrencyLatestDates(getDb())).toEqual([]);
    expect(await usdInEur()).toBeNull();
  });

  it("stores a day idempotently and lets the ECB correct it", async () => {
    expect(await upsertExchangeRates(getDb(), "2025-05-08", { EUR: 1, USD: 1.1297, JPY: 163.45 })).toBe(3);
    await upsertExchangeRates(getDb(), "2025-05-08", { EUR: 1, USD: 1.1297, JPY: 163.45 });
    expect(await listCurrencyLatestDates(getDb())).toHaveLength(3);
    await upsertExchangeRates(getDb(), "2025-05-08", { USD: 1.13 });
    expect(await usdInEur()).toEqual({ fromPerEur: 1.13, toPerEur: 1, rateDate: "2025-05-08" });
    expect(await listCurrencyLatestDates(getDb())).toHaveLength(3);
  });

  it("converts at the newest day quoting both currencies", async () => {
    await upsertExchangeRates(getDb(), "2025-05-09", { EUR: 1, USD: 1.1252 }); // a Friday
    expect(await usdInEur()).toEqual({ fromPerEur: 1.1252, toPerEur: 1, rateDate: "2025-05-09" });
    expect((await loadDisplayRates(getDb(), "EUR", ["GBP"])).get("GBP")).toBeNull();
  });

  it("adds only missing rows in bulk and never overwrites stored ones", async () => {
    await upsertExchangeRates(getDb(), "2025-05-09", { EUR: 1, USD: 1.1252 });
    const rows = Array.from({ length: 1200 }, (_, i) => ({ date: `2024-01-01`, currency: `C${String(i).padStart(2, "0")}`, ratePerEur: i + 1 }));
    expect(await addMissingExchangeRates(getDb(), [...rows, { date: "2025-05-09", currency: "USD", ratePerEur: 9 }])).toBe(1200);
    expect(await addMissingExchangeRates(getDb(), rows)).toBe(0);
    expect((await usdInEur())?.fromPerEur).toBe(1.1252);
  });

  it("pairs two currencies on the newest day that quotes both", async () => {
    await upsertExchangeRates(getDb(), "2025-06-02", { EUR: 1, USD: 1.14, ISK: 145.1 });
    await upsertExchangeRates(getDb(), "2025-06-03", { EUR: 1, USD: 1.15 }); // no ISK that day
    expect(await usdInEur()).toEqual({ fromPerEur: 1.15, toPerEur: 1, rateDate: "2025-06-03" });
    expect((await loadDisplayRates(getDb(), "ISK", ["USD"])).get("USD")).toEqual({ fromPerEur: 1.14, toPerEur: 145.1, rateDate: "2025-06-02" });
    expect((await loadDisplayRates(getDb(), "XAU", ["USD"])).get("USD")).toBeNull();
    expect(await hasExchangeRate(getDb(), "ISK")).toBe(true);
    expect(await hasExchangeRate(getDb(), "XAU")).toBe(false);
    const listed = await listCurrencyLatestDates(getDb());
    expect(listed.find((c) => c.currency === "ISK")).toEqual({ currency: "ISK", latestDate: "2025-06-02" });
    expect(listed.find((c) => c.currency === "USD")).toEqual({ currency: "USD", latestDate: "2025-06-03" });
  });
}, { seeded: false });
