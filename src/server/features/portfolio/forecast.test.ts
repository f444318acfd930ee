import { describe, expect, it } from "vitest";
import { createDisplayConverter, type DisplayRate } from "../../../shared/display-converter.ts";
import { forecastRenewals, type ForecastCell, type ForecastEntry } from "./forecast.ts";
import type { Renewal } from "../../../shared/renewal-comparison.ts";

const NOW = new Date("2026-11-26T10:00:00Z");
const STALE_DAYS = 90;
const RATE_DAY = "2026-11-25";
const NAMECHEAP = { id: 1, name: "Namecheap" };
const EASYNAME = { id: 2, name: "easyname" };
const HOVER = { id: 3, name: "Hover" };
const POUNDS = { id: 4, name: "Pounds Ltd" };
const PORKBUN = { id: 5, name: "Porkbun" };

/** A quote of `price` hundredths checked on `checked` (fresh: within 90 days of NOW). */
const quote = (price: number, currency: string, checked: string): Renewal =>
  ({ price, currency, lastCheckedAt: new Date(`${checked}T00:00:00Z`), changedAt: new Date("2026-01-01T00:00:00Z") });
const cheapestAt = (provider: { id: number; name: string }, q: Renewal) => ({ ...q, serviceProvider: { ...provider, domain: "x.example" } });

let nextId = 1;
function entry(domainName: string, expirationDate: string | null, fields: Partial<ForecastEntry> = {}): ForecastEntry {
  return { id: nextId++, domainName, expirationDate, autoRenew: true, departed: false, serviceProvider: NAMECHEAP, currentRenewal: null, cheapestRenewal: null, ...fields };
}

/** 1 EUR = 1.25 USD (1 USD = 0.80 EUR exactly); no stored rate converts GBP. */
const inEur = (usdPerEur = 1.25) =>
  createDisplayConverter("EUR", new Map<string, DisplayRate | null>([["USD", { fromPerEur: usdPerEur, toPerEur: 1, rateDate: RATE_DAY }], ["GBP", null]]));

const ENTRIES: ForecastEntry[] = [
  // Fresh USD 12.00 at Namecheap, fresh 10.00 at Porkbun: €9.60 and €8.00.
  entry("a.com", "2026-11-30", { currentRenewal: quote(1200, "USD", "2026-11-20"), cheapestRenewal: cheapestAt(PORKBUN, quote(1000, "USD", "2026-11-22")) }),
  // Expires today, so it counts. The only cheaper quote (5.00) is stale against a fresh own quote: no move, €16.00 both ways.
  entry("b.com", "2026-11-26", { currentRenewal: quote(2000, "USD", "2026-11-10"), cheapestRenewal: cheapestAt(PORKBUN, quote(500, "USD", "2026-06-01")) }),
  // Porkbun is its own cheapest: €8.00 both ways.
  entry("l.com", "2026-11-28", {
    serviceProvider: PORKBUN, currentRenewal: quote(1000, "USD", "2026-11-15"), cheapestRenewal: cheapestAt(PORKBUN, quote(1000, "USD", "2026-11-15")),
  }),
  // EUR quotes need no conversion: €15.00 and €11.50.
  entry("c.com", "2026-12-15", {
    serviceProvider: EASYNAME, currentRenewal: quote(1500, "EUR", "2026-10-01"), cheapestRenewal: cheapestAt(HOVER, quote(1150, "EUR", "2026-10-05")),
  }),
  // The last day of the twelfth month; both quotes stale, so the stale saving stands: €24.00 and €20.00.
  entry("d.com", "2027-10-31", { currentRenewal: quote(3000, "USD", "2026-06-01"), cheapestRenewal: cheapestAt(HOVER, quote(2500, "USD", "2026-06-02")) }),
  entry("e.com", "2026-11-25", { currentRenewal: quote(1200, "USD", "2026-11-20") }), // expired yesterday
  entry("f.com", "2027-11-01", { currentRenewal: quote(1200, "USD", "2026-11-20") }), // after the twelfth month
  entry("g.com", null, { currentRenewal: quote(1200, "USD", "2026-11-20") }),
  entry("h.com", "2027-01-10", { autoRenew: false, currentRenewal: quote(1200, "USD", "2026-11-20") }),
  // Its registrar account no longer lists it: priced and auto-renewing, but it will not renew there.
  entry("m.com", "2027-04-02", { departed: true, currentRenewal: quote(1200, "USD", "2026-11-20") }),
  entry("j.com", "2027-03-01", { serviceProvider: HOVER }),
  entry("i.com", "2027-02-01", { serviceProvider: null }), // listed after j.com, sorted before it by expiry
  entry("k.com", "2027-03-05", { serviceProvider: POUNDS, currentRenewal: quote(900, "GBP", "2026-11-20") }),
  // Auto-renew unknown (added by name): priced like the rest, summed apart as "expected if it renews".
  // USD 20.00 at Namecheap, fresh 15.00 at Porkbun: €16.00 and €12.00.
  entry("u1.com", "2026-12-20", {
    autoRenew: null, currentRenewal: quote(2000, "USD", "2026-11-20"), cheapestRenewal: cheapestAt(PORKBUN, quote(1500, "USD", "2026-11-21")),
  }),
  // EUR 10.00 at easyname, its own cheapest: €10.00 both ways.
  entry("u2.com", "2027-01-05", {
    autoRenew: null, serviceProvider: EASYNAME, currentRenewal: quote(1000, "EUR", "2026-11-18"), cheapestRenewal: cheapestAt(EASYNAME, quote(1000, "EUR", "2026-11-18")),
  }),
];

const EMPTY: ForecastCell = {
  domains: 0, atRegistrar: "0.00", atCheapest: "0.00", difference: "0.00", registrarPriceCheckedAt: null, cheapestPriceCheckedAt: null,
  registrarPriceIsStale: false, cheapestPriceIsStale: false, rateDate: null,
};
const day = (d: string) => `${d}T00:00:00.000Z`;

describe("forecastRenewals", () => {
  const forecast = forecastRenewals(ENTRIES, inEur(), NOW, STALE_DAYS);

  it("spans the twelve calendar months from the current one", () => {
    expect(forecast).toMatchObject({ currency: "EUR", from: "2026-11-26", until: "2027-10-31", expiredCount: 1, laterCount: 1 });
    expect(forecast.months.map((m) => m.month)).toEqual([
      "2026-11", "2026-12", "2027-01", "2027-02", "2027-03", "2027-04", "2027-05", "2027-06", "2027-07", "2027-08", "2027-09", "2027-10",
    ]);
  });

  // Sums worked out by hand from the entries above (EUR, 1 USD = 0.80 EUR):
  //   2026-11: a 9.60 + b 16.00 + l 8.00 = 33.60 at registrars; a 8.00 + b 16.00 + l 8.00 = 32.00 at cheapest; 1.60 less.
  //            Namecheap (a, b) 25.60 / 24.00 / 1.60; Porkbun (l) 8.00 / 8.00 / 0.00.
  //   2026-12: c 15.00 / 11.50 / 3.50, nothing converted.
  //   2027-10: d 24.00 / 20.00 / 4.00, both quotes stale.
  //   total:   33.60 + 15.00 + 24.00 = 72.60; 32.00 + 11.50 + 20.00 = 63.50; 72.60 − 63.50 = 9.10 over 5 domains.
  //   expected if it renews (auto-renew unknown), never in the totals above:
  //            2026-12 u1 16.00 / 12.00 / 4.00; 2027-01 u2 10.00 / 10.00 / 0.00; twelve months 26.00 / 22.00 / 4.00 over 2.
  const cases: [string, () => unknown, unknown][] = [
    ["November", () => ({ ...forecast.months[0], registrars: undefined }), {
      month: "2026-11", domains: 3, atRegistrar: "33.60", atCheapest: "32.00", difference: "1.60",
      // Oldest checks: b's own quote (Nov 10) on both sides, since b stays put.
      registrarPriceCheckedAt: day("2026-11-10"), cheapestPriceCheckedAt: day("2026-11-10"),
      // b's stale 5.00 quote is not used, so nothing in the month is stale.
      registrarPriceIsStale: false, cheapestPriceIsStale: false, rateDate: RATE_DAY, registrars: undefined, ifRenews: EMPTY,
    }],
    ["November's registrars", () => forecast.months[0]!.registrars.map((r) => [r.serviceProvider.name, r.domains, r.atRegistrar, r.atCheapest, r.difference]), [
      ["Namecheap", 2, "25.60", "24.00", "1.60"],
      ["Porkbun", 1, "8.00", "8.00", "0.00"],
    ]],
    ["December", () => forecast.months[1], {
      month: "2026-12", domains: 1, atRegistrar: "15.00", atCheapest: "11.50", difference: "3.50",
      registrarPriceCheckedAt: day("2026-10-01"), cheapestPriceCheckedAt: day("2026-10-05"),
      registrarPriceIsStale: false, cheapestPriceIsStale: false, rateDate: null,
      registrars: [{
        serviceProvider: EASYNAME, domains: 1, atRegistrar: "15.00", atCheapest: "11.50", difference: "3.50",
        registrarPriceCheckedAt: day("2026-10-01"), cheapestPriceCheckedAt: day("2026-10-05"),
        registrarPriceIsStale: false, cheapestPriceIsStale: false, rateDate: null,
      }],
      ifRenews: {
        domains: 1, atRegistrar: "16.00", atCheapest: "12.00", difference: "4.00",
        registrarPriceCheckedAt: day("2026-11-20"), cheapestPriceCheckedAt: day("2026-11-21"),
        registrarPriceIsStale: false, cheapestPriceIsStale: false, rateDate: RATE_DAY,
      },
    }],
    ["October 2027", () => ({ ...forecast.months[11], registrars: forecast.months[11]!.registrars.length }), {
      month: "2027-10", domains: 1, atRegistrar: "24.00", atCheapest: "20.00", difference: "4.00",
      registrarPriceCheckedAt: day("2026-06-01"), cheapestPriceCheckedAt: day("2026-06-02"),
      registrarPriceIsStale: true, cheapestPriceIsStale: true, rateDate: RATE_DAY, registrars: 1, ifRenews: EMPTY,
    }],
    ["January 2027: nothing renews for sure, one domain is expected if it renews", () => forecast.months[2], {
      ...EMPTY, month: "2027-01", registrars: [],
      ifRenews: {
        ...EMPTY, domains: 1, atRegistrar: "10.00", atCheapest: "10.00", difference: "0.00",
        registrarPriceCheckedAt: day("2026-11-18"), cheapestPriceCheckedAt: day("2026-11-18"),
      },
    }],
    ["the months without renewals (the excluded ones' included)", () => forecast.months.slice(3, 11).map((m) => ({ ...m, month: undefined })),
      Array.from({ length: 8 }, () => ({ ...EMPTY, month: undefined, registrars: [], ifRenews: EMPTY }))],
    ["the twelve months expected if they renew (auto-renew unknown)", () => forecast.ifRenews, {
      domains: 2, atRegistrar: "26.00", atCheapest: "22.00", difference: "4.00",
      registrarPriceCheckedAt: day("2026-11-18"), cheapestPriceCheckedAt: day("2026-11-18"),
      registrarPriceIsStale: false, cheapestPriceIsStale: false, rateDate: RATE_DAY,
    }],
    ["no per-domain figures unless asked for", () => forecast.domains, []],
    ["each domain's own figures, which add up to the months'", () => forecastRenewals(ENTRIES, inEur(), NOW, STALE_DAYS, { withDomains: true }).domains.map((d) => [d.domainName, d.month, d.counts, d.atRegistrar, d.atCheapest, d.cheapestAt.name]), [
      ["a.com", "2026-11", "renews", "9.60", "8.00", "Porkbun"],
      ["b.com", "2026-11", "renews", "16.00", "16.00", "Namecheap"],
      ["l.com", "2026-11", "renews", "8.00", "8.00", "Porkbun"],
      ["c.com", "2026-12", "renews", "15.00", "11.50", "Hover"],
      ["u1.com", "2026-12", "if_renews", "16.00", "12.00", "Porkbun"],
      ["u2.com", "2027-01", "if_renews", "10.00", "10.00", "easyname"],
      ["d.com", "2027-10", "renews", "24.00", "20.00", "Hover"],
    ]],
    ["the twelve months", () => forecast.total, {
      domains: 5, atRegistrar: "72.60", atCheapest: "63.50", difference: "9.10",
      registrarPriceCheckedAt: day("2026-06-01"), cheapestPriceCheckedAt: day("2026-06-02"),
      registrarPriceIsStale: true, cheapestPriceIsStale: true, rateDate: RATE_DAY,
    }],
    ["the domains left out, by reason", () => forecast.notInTotals.map((d) => [d.domainName, d.reason, d.month, d.serviceProvider?.name ?? null]), [
      ["g.com", "noExpiryDate", null, "Namecheap"],
      ["m.com", "departed", "2027-04", "Namecheap"],
      ["h.com", "autoRenewOff", "2027-01", "Namecheap"],
      ["i.com", "noRegistrarPrice", "2027-02", null],
      ["j.com", "noRegistrarPrice", "2027-03", "Hover"],
      ["k.com", "noExchangeRate", "2027-03", "Pounds Ltd"],
    ]],
  ];

  it.each(cases)("%s", (_name, actual, expected) => {
    expect(actual()).toEqual(expected);
  });

  it("converts each domain's amount before adding, so a total is the sum of what each domain costs", () => {
    // 1 EUR = 1.30 USD: 10.00 USD is 7.6923… EUR, shown as 7.69; three of them total 23.07 (not 23.08, 30.00 USD converted at once).
    const three = ["x.com", "y.com", "z.com"].map((name) => entry(name, "2027-01-15", { currentRenewal: quote(1000, "USD", "2026-11-20") }));
    const { months, total } = forecastRenewals(three, inEur(1.3), NOW, STALE_DAYS);
    expect(months[2]).toMatchObject({ month: "2027-01", domains: 3, atRegistrar: "23.07", atCheapest: "23.07", difference: "0.00" });
    expect(total.atRegistrar).toBe("23.07");
  });

  it("is empty, with twelve zero months, when nothing renews", () => {
    const { months, total, ifRenews, notInTotals, domains } = forecastRenewals([], inEur(), NOW, STALE_DAYS);
    expect(months).toHaveLength(12);
    expect(total).toEqual(EMPTY);
    expect(ifRenews).toEqual(EMPTY);
    expect(notInTotals).toEqual([]);
    expect(domains).toEqual([]);
  });

  it("in December, runs to the end of the next November", () => {
    const { months, until } = forecastRenewals([], inEur(), new Date("2026-12-31T23:59:59Z"), STALE_DAYS);
    expect([months[0]!.month, months[11]!.month, until]).toEqual(["2026-12", "2027-11", "2027-11-30"]);
  });
});
