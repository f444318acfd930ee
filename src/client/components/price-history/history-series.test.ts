import { describe, expect, it } from "vitest";
import { buildSegments, chartRows, currenciesOf, type CurrentQuote, type HistoryEntry } from "./history-series.ts";

const past = (over: Partial<HistoryEntry>): HistoryEntry => ({
  serviceProviderId: 1, providerName: "Namecheap", registrationPrice: "10.00", renewalPrice: "14.00", currency: "USD",
  isPromo: false, validFrom: "2023-08-28", validUntil: "2025-10-25", endReason: "changed", ...over,
});
const current = (over: Partial<CurrentQuote>): CurrentQuote => ({
  providerId: 1, providerName: "Namecheap", registrationPrice: "12.00", renewalPrice: "15.00", currency: "USD",
  isPromo: false, since: "2025-10-25", checked: "2026-01-01", ...over,
});

const HISTORY = [
  past({}),
  past({ serviceProviderId: 2, providerName: "Google Domains", registrationPrice: "12.00", validFrom: "2022-09-28", validUntil: "2024-01-07", endReason: "retired" }),
  past({ serviceProviderId: 3, providerName: "easyname", currency: "EUR", registrationPrice: "9.90", validFrom: "2018-11-13", validUntil: "2020-01-01" }),
];
const CURRENT = [current({}), current({ providerId: 4, providerName: "Porkbun", registrationPrice: "6.49", isPromo: true, since: "2025-03-22", checked: "2025-03-22" })];

describe("price history series", () => {
  it("makes one segment per period, marking replaced, retired and current prices", () => {
    const segments = buildSegments(HISTORY, CURRENT);
    expect(segments.map((s) => [s.providerName, s.from, s.until, s.state])).toEqual([
      ["easyname", "2018-11-13", "2020-01-01", "past"],
      ["Google Domains", "2022-09-28", "2024-01-07", "retired"],
      ["Namecheap", "2023-08-28", "2025-10-25", "past"],
      ["Namecheap", "2025-10-25", "2026-01-01", "current"],
      ["Porkbun", "2025-03-22", "2025-03-22", "current"],
    ]);
  });

  it("gives each date every provider's price in force, null outside its periods, one currency only", () => {
    const { rows, series } = chartRows(buildSegments(HISTORY, CURRENT), "registration", "USD");
    expect(series.map((s) => s.providerName)).toEqual(["Google Domains", "Namecheap", "Porkbun"]);
    const [google, namecheap, porkbun] = series.map((s) => s.key) as [string, string, string];
    const at = (date: string) => rows.find((r) => r.date === date)!;
    expect(rows.map((r) => r.date)).toEqual(["2022-09-28", "2023-08-28", "2024-01-07", "2025-03-22", "2025-10-25", "2026-01-01"]);
    // The time axis plots each date at its instant (UTC midnight), so uneven gaps stay uneven.
    expect(rows.map((r) => r.t)).toEqual(rows.map((r) => Date.UTC(Number(r.date.slice(0, 4)), Number(r.date.slice(5, 7)) - 1, Number(r.date.slice(8, 10)))));
    expect([at("2022-09-28")[google], at("2022-09-28")[namecheap]]).toEqual([12, null]);
    // A retired price is drawn up to the day it was last listed, then the line stops.
    expect(at("2024-01-07")[google]).toBe(12);
    expect(at("2025-03-22")[google]).toBeNull();
    // A replaced price holds until the day the new one starts.
    expect(at("2024-01-07")[namecheap]).toBe(10);
    expect(at("2025-10-25")[namecheap]).toBe(12);
    expect(at("2026-01-01")[namecheap]).toBe(12);
    expect(at("2025-03-22")[porkbun]).toBe(6.49);
    expect(at("2025-03-22")[`${porkbun}promo`]).toBe("promo");
    expect(at("2025-10-25")[porkbun]).toBeNull();
  });

  it("charts renewal prices on request and lists currencies most used first", () => {
    const segments = buildSegments(HISTORY, CURRENT);
    const { rows, series } = chartRows(segments, "renewal", "USD");
    const namecheap = series.find((s) => s.providerName === "Namecheap")!.key;
    expect(rows.find((r) => r.date === "2025-10-25")![namecheap]).toBe(15);
    expect(currenciesOf(segments)).toEqual(["USD", "EUR"]);
    expect(chartRows(segments, "registration", "EUR").series.map((s) => s.providerName)).toEqual(["easyname"]);
  });
});
