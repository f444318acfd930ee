import { describe, expect, it } from "vitest";
import { createDisplayConverter } from "./display-converter.ts";
import { minorToPrice } from "./price-format.ts";
import { summarisePriceRow, type SummaryQuote } from "./price-row-summary.ts";

const NOW = new Date("2026-06-01T00:00:00Z");
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);
// 1 USD = 0.9 EUR on the ECB day; EUR quotes show in USD at 1/0.9.
const usdDisplay = createDisplayConverter("USD", new Map([["EUR", { fromPerEur: 1, toPerEur: 1.1111, rateDate: "2026-05-29" }]]));

let nextId = 1;
const quote = (over: Partial<SummaryQuote> & { provider?: string } = {}): SummaryQuote => {
  const { provider = "Acme", ...rest } = over;
  return {
    id: nextId++, tldId: 7, tld: { name: "xn--p1ai", unicodeName: "рф", category: "country-code" },
    registrationPrice: 1000, renewalPrice: 1500, transferPrice: 1200, currency: "USD", isPromo: false,
    regularRegistrationPrice: null, transferIsPromo: false, snapshotDate: "2026-05-30",
    lastCheckedAt: daysAgo(1), changedAt: daysAgo(30),
    serviceProvider: { id: nextId, name: provider, domain: `${provider.toLowerCase()}.example`, logoUrl: null },
    ...rest,
  };
};
const summarise = (quotes: SummaryQuote[], staleDays = 90, display = usdDisplay) => summarisePriceRow(quotes, { now: NOW, staleDays, display });

describe("summarisePriceRow: minima", () => {
  it.each([
    {
      case: "the lowest of each price among USD quotes, and three years as registration + two renewals",
      quotes: [quote({ registrationPrice: 1000, renewalPrice: 1500, transferPrice: 1200 }), quote({ registrationPrice: 1200, renewalPrice: 1100, transferPrice: 900 })],
      expected: { minRegistration: 1000, minRenewal: 1100, minTransfer: 900, minThreeYear: 3400 },
    },
    {
      case: "three years comes from one quote, not the cheapest parts of two",
      quotes: [quote({ registrationPrice: 100, renewalPrice: 5000 }), quote({ registrationPrice: 3000, renewalPrice: 1000 })],
      expected: { minRegistration: 100, minRenewal: 1000, minTransfer: 1200, minThreeYear: 5000 },
    },
    {
      case: "a quote without a renewal gives no three-year price",
      quotes: [quote({ registrationPrice: 100, renewalPrice: null })],
      expected: { minRegistration: 100, minRenewal: null, minTransfer: 1200, minThreeYear: null },
    },
    {
      case: "quotes in other currencies are not compared",
      quotes: [quote({ currency: "EUR", registrationPrice: 1 }), quote({ registrationPrice: 1000 })],
      expected: { minRegistration: 1000, minRenewal: 1500, minTransfer: 1200, minThreeYear: 4000 },
    },
    {
      case: "no USD quote, no minima",
      quotes: [quote({ currency: "EUR" })],
      expected: { minRegistration: null, minRenewal: null, minTransfer: null, minThreeYear: null },
    },
    {
      case: "a cheaper stale quote loses to a fresh one",
      quotes: [quote({ registrationPrice: 500, lastCheckedAt: daysAgo(91) }), quote({ registrationPrice: 1000 })],
      expected: { minRegistration: 1000, minRenewal: 1500, minTransfer: 1200, minThreeYear: 4000 },
    },
    {
      case: "a stale quote gives the minimum when no fresh quote has that price",
      quotes: [quote({ transferPrice: 800, lastCheckedAt: daysAgo(200) }), quote({ transferPrice: null })],
      expected: { minRegistration: 1000, minRenewal: 1500, minTransfer: 800, minThreeYear: 4000 },
    },
  ])("$case", ({ quotes, expected }) => {
    const { summary } = summarise(quotes);
    expect({ minRegistration: summary.minRegistration, minRenewal: summary.minRenewal, minTransfer: summary.minTransfer, minThreeYear: summary.minThreeYear }).toEqual(expected);
  });

  it("the row shows the minima as decimal strings in USD, flagged when they came from a stale quote", () => {
    const { row } = summarise([quote({ transferPrice: 800, lastCheckedAt: daysAgo(200) }), quote({ transferPrice: null })]);
    expect(row).toMatchObject({
      registrationPrice: "10.00", registrationIsStale: false, renewalPrice: "15.00", renewalIsStale: false,
      transferPrice: "8.00", transferIsStale: true, threeYearPrice: "40.00", threeYearIsStale: false, currency: "USD",
    });
  });
});

describe("summarisePriceRow: staleness", () => {
  it.each([
    { case: "checked 89 days ago with a 90-day window: fresh", days: 89, staleDays: 90, stale: false },
    { case: "checked exactly 90 days ago: stale", days: 90, staleDays: 90, stale: true },
    { case: "the same quote with a 30-day window: stale", days: 45, staleDays: 30, stale: true },
    { case: "the same quote with a 60-day window: fresh", days: 45, staleDays: 60, stale: false },
  ])("$case", ({ days, staleDays, stale }) => {
    const { row } = summarise([quote({ lastCheckedAt: daysAgo(days) })], staleDays);
    expect(row.isStale).toBe(stale);
    expect(row.sources.registration!.isStale).toBe(stale);
    expect(row.registrationIsStale).toBe(stale);
  });

  it("the row is stale only when every quote is, and carries the newest check", () => {
    const one = summarise([quote({ lastCheckedAt: daysAgo(100) }), quote({ lastCheckedAt: daysAgo(3) })]).row;
    expect(one.isStale).toBe(false);
    expect(one.lastCheckedAt).toBe(daysAgo(3).toISOString());
    // The minimum names the fresh quote it comes from, with that quote's check.
    expect(one.sources.registration).toMatchObject({ lastCheckedAt: daysAgo(3).toISOString(), isStale: false });
    expect(summarise([quote({ lastCheckedAt: daysAgo(100) }), quote({ lastCheckedAt: daysAgo(95) })]).row.isStale).toBe(true);
  });
});

describe("summarisePriceRow: the row and summary", () => {
  it("names, search text, provider count, and each minimum's source quote instead of every quote", () => {
    const quotes = [
      quote({ provider: "Bravo", registrationPrice: 900, lastCheckedAt: daysAgo(5) }),
      quote({ provider: "Alpha", registrationPrice: null, renewalPrice: 1100, transferPrice: 700, lastCheckedAt: daysAgo(2) }),
    ];
    const { summary, row } = summarise(quotes);
    expect(summary).toMatchObject({ tldId: 7, name: "xn--p1ai", category: "country-code", searchText: "xn--p1ai\nрф", providerCount: 2 });
    expect(row).toMatchObject({ id: 7, name: "xn--p1ai", unicodeName: "рф", providerCount: 2, lastCheckedAt: daysAgo(2).toISOString() });
    const bravo = { serviceProvider: { id: quotes[0]!.serviceProvider.id, name: "Bravo" }, lastCheckedAt: daysAgo(5).toISOString(), isStale: false, isOutlier: false, unusual: false, unusualReason: null };
    const alpha = { serviceProvider: { id: quotes[1]!.serviceProvider.id, name: "Alpha" }, lastCheckedAt: daysAgo(2).toISOString(), isStale: false, isOutlier: false, unusual: false, unusualReason: null };
    // Registration and three years (900 + 2 × 1500) are Bravo's; renewal and transfer Alpha's.
    expect(row.sources).toEqual({ registration: bravo, renewal: alpha, transfer: alpha, threeYear: bravo });
    expect(row.promo).toBeNull();
    // The specification's prices[]: per type, the whole quote behind the minimum, not every quote.
    const entry = (type: string, q: SummaryQuote, name: string) => ({
      type, id: q.id, registrationPrice: minorToPrice(q.registrationPrice), renewalPrice: minorToPrice(q.renewalPrice),
      transferPrice: minorToPrice(q.transferPrice), currency: "USD", lastCheckedAt: q.lastCheckedAt.toISOString(), isStale: false,
      serviceProvider: { id: q.serviceProvider.id, name, domain: `${name.toLowerCase()}.example`, logoUrl: null },
    });
    expect(row.prices).toEqual([entry("registration", quotes[0]!, "Bravo"), entry("renewal", quotes[1]!, "Alpha"), entry("transfer", quotes[1]!, "Alpha")]);
  });

  it("a figure nobody quotes has no source", () => {
    const { row } = summarise([quote({ transferPrice: null })]);
    expect(row.transferPrice).toBeNull();
    expect(row.sources.transfer).toBeNull();
    expect(row.prices.map((p) => p.type)).toEqual(["registration", "renewal"]);
  });

  it("keeps the promotion behind the registration minimum, with its regular price and display", () => {
    const promo = quote({ provider: "Promo", registrationPrice: 199, isPromo: true, regularRegistrationPrice: 1200 });
    const { row } = summarise([promo, quote()]);
    expect(row.promo).toMatchObject({ id: promo.id, registrationPrice: "1.99", regularRegistrationPrice: "12.00", isPromo: true, serviceProvider: { name: "Promo" } });
    expect(row.promo!.display).toMatchObject({ currency: "USD", registrationPrice: "1.99", converted: false });
    // A stale promotion loses the minimum to a fresh regular quote, and is not shown.
    expect(summarise([{ ...promo, lastCheckedAt: daysAgo(200) }, quote()]).row.promo).toBeNull();
  });

  it("display amounts: the row's own figures in USD", () => {
    const { row } = summarise([quote({ currency: "EUR", registrationPrice: 900, renewalPrice: null, transferPrice: null }), quote()]);
    expect(row.display).toMatchObject({ currency: "USD", registrationPrice: "10.00", threeYearPrice: "40.00", converted: false });
  });

  it("refuses an empty quote list", () => {
    expect(() => summarise([])).toThrow(RangeError);
  });
});

describe("summarisePriceRow: outliers", () => {
  it.each([
    {
      case: "a lone fresh premium quote far above the stale ones is marked",
      quotes: () => [quote({ registrationPrice: 4_000_000, lastCheckedAt: daysAgo(1) }), ...[1000, 1100, 1200].map((p) => quote({ registrationPrice: p, lastCheckedAt: daysAgo(200) }))],
      outlier: true,
    },
    {
      case: "exactly 20 times the median is not",
      quotes: () => [quote({ registrationPrice: 20_000, lastCheckedAt: daysAgo(1) }), ...[1000, 1000, 1000].map((p) => quote({ registrationPrice: p, lastCheckedAt: daysAgo(200) }))],
      outlier: false,
    },
    {
      case: "a name every provider prices high (a premium TLD) is not",
      quotes: () => [quote({ registrationPrice: 4_000_000 }), quote({ registrationPrice: 3_900_000 })],
      outlier: false,
    },
    { case: "one quote is never an outlier", quotes: () => [quote({ registrationPrice: 4_000_000 })], outlier: false },
  ])("$case", ({ quotes, outlier }) => {
    expect(summarise(quotes()).row.sources.registration!.isOutlier).toBe(outlier);
  });
});

describe("summarisePriceRow: unusual prices (decision 059)", () => {
  const renewalFlag = { rule: "under-quarter-of-registration", operation: "renewal", reason: "Renewal $0.30 is under a quarter of this registrar's registration price $59.96" } as const;

  it("the cheapest usual price heads the row, not an unusual cheaper one; the unusual quote still gives its usual figures", () => {
    const odd = quote({ provider: "Odd", registrationPrice: 5996, renewalPrice: 30, transferPrice: 900, flags: [renewalFlag] });
    const plain = quote({ provider: "Plain", registrationPrice: 6000, renewalPrice: 6000, transferPrice: 1200 });
    const { summary, row } = summarise([odd, plain]);
    expect(summary).toMatchObject({ minRegistration: 5996, minRenewal: 6000, minTransfer: 900, minThreeYear: 18_000 });
    expect(row.sources.renewal).toMatchObject({ serviceProvider: { name: "Plain" }, unusual: false, unusualReason: null });
    expect(row.sources.registration).toMatchObject({ serviceProvider: { name: "Odd" }, unusual: false });
    expect(row.prices.find((p) => p.type === "renewal")?.serviceProvider.name).toBe("Plain");
  });

  it("when every quote of a figure is unusual, the cheapest heads it marked, with why", () => {
    const odd = quote({ provider: "Odd", registrationPrice: 5996, renewalPrice: 30, flags: [renewalFlag] });
    const { summary, row } = summarise([odd]);
    expect(summary.minRenewal).toBe(30);
    expect(row.sources.renewal).toMatchObject({ unusual: true, unusualReason: `${renewalFlag.reason}.` });
    expect(row.sources.threeYear).toMatchObject({ unusual: true });
    expect(row.sources.registration).toMatchObject({ unusual: false, unusualReason: null });
  });
});
