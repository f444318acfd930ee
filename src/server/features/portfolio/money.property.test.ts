/**
 * One truth for what a portfolio costs: for random portfolios (renewal quotes in several
 * currencies, one with no exchange rate, missing and stale quotes, auto-renew on/off/unknown,
 * expiries on both sides of the year's end and of the twelve months, undated and departed
 * entries), the list's cards, the summary, the forecast, its per-domain CSV, the calendar feed and
 * the portfolio export's money columns, read through the HTTP API in a random display currency,
 * agree to the cent on every domain and every total, and each domain's amount is its registrar's
 * quote converted at the stored rate.
 */
import { and, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import { upsertExchangeRates } from "../../../../db/repositories/exchange-rate-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { convertMinor, currencyDigits, minorToAmount } from "../../../shared/currency.ts";
import { formatTotal } from "../../../shared/price-format.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp, TEST_ORIGIN } from "../../testing/test-app.ts";
import { parseCsv } from "./csv.ts";
import type { RenewalForecast } from "./forecast.ts";
import type { UserDomainItem } from "./item.ts";
import type { PortfolioSummary } from "./summary.ts";

const DAY_MS = 86_400_000;
/** After the bundled history, so these are the rates every conversion uses. */
const RATE_DAY = "2099-01-02";
const PER_EUR: Record<string, number> = { EUR: 1, USD: 1.0843, GBP: 0.85713, JPY: 162.37 };
/** Quote currencies; XTS has no stored rate, so its quotes convert into nothing. */
const QUOTE_CURRENCIES = ["USD", "EUR", "GBP", "JPY", "XTS"] as const;
const DISPLAY_CURRENCIES = ["USD", "EUR", "GBP", "JPY"] as const;
const TLDS = ["com", "net", "org", "io"] as const;
const PROVIDERS = 4;

/** One TLD's quotes: mostly in one currency, so providers compete (a saving needs the same currency), some in another. */
const tldQuotesArb = fc.record({
  currency: fc.constantFrom(...QUOTE_CURRENCIES),
  quotes: fc.array(fc.option(fc.record({
    price: fc.integer({ min: 99, max: 25_000 }),
    otherCurrency: fc.option(fc.constantFrom(...QUOTE_CURRENCIES), { freq: 4 }),
    checkedDaysAgo: fc.integer({ min: 0, max: 200 }),
  }), { freq: 6 }), { minLength: PROVIDERS, maxLength: PROVIDERS }),
}).map(({ currency, quotes }) => quotes.map((q) => q && { price: q.price, currency: q.otherCurrency ?? currency, checkedDaysAgo: q.checkedDaysAgo }));

const domainArb = fc.record({
  tld: fc.constantFrom(...TLDS),
  /** Index into the providers, or null: no registrar. */
  provider: fc.option(fc.integer({ min: 0, max: PROVIDERS - 1 }), { freq: 6 }),
  autoRenew: fc.constantFrom("on", "off", "unknown"),
  /** Days from today; null: no expiry date. */
  expiresIn: fc.option(fc.integer({ min: -40, max: 440 }), { freq: 8 }),
  departed: fc.constantFrom(false, false, false, true),
});

const portfolioArb = fc.record({
  // Days into a December or January, so the twelve months cross a year's end.
  today: fc.constantFrom("2027-12-18", "2027-12-31", "2028-01-01", "2028-01-20", "2027-06-15"),
  currency: fc.constantFrom(...DISPLAY_CURRENCIES),
  quotes: fc.array(tldQuotesArb, { minLength: TLDS.length, maxLength: TLDS.length }),
  domains: fc.array(domainArb, { minLength: 0, maxLength: 16 }),
});

/** "24.00" → 2400, JPY's "2400" → 2400: an amount in the display currency's minor units. */
const minorOf = (amount: string) => Number(amount.replace(".", ""));
type Quote = { price: number; currency: string; checkedDaysAgo: number } | null;

/** iCalendar DESCRIPTION values per event UID, unfolded and unescaped. */
function feedDescriptions(ics: string): Map<string, string> {
  const unfolded = ics.replace(/\r\n /g, "");
  const out = new Map<string, string>();
  for (const event of unfolded.split("BEGIN:VEVENT").slice(1)) {
    const uid = /\r\nUID:([^\r]+)/.exec(event)![1]!;
    const description = /\r\nDESCRIPTION:([^\r]*)/.exec(event)![1]!;
    out.set(uid, description.replace(/\\n/g, "\n").replace(/\\([,;\\])/g, "$1"));
  }
  return out;
}

forEachDialect("one computation of portfolio money", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });
  let tldIds: Record<string, number>;
  let providers: { id: number; name: string }[];

  beforeAll(async () => {
    const { orm: db, t } = getDb();
    await upsertExchangeRates(getDb(), RATE_DAY, PER_EUR);
    const tlds = await db.select({ id: t.tlds.id, name: t.tlds.name }).from(t.tlds).where(inArray(t.tlds.name, [...TLDS]));
    tldIds = Object.fromEntries(tlds.map((r) => [r.name, r.id]));
    expect(Object.keys(tldIds)).toHaveLength(TLDS.length);
    providers = (await db.select({ id: t.serviceProviders.id, name: t.serviceProviders.name }).from(t.serviceProviders)
      .where(eq(t.serviceProviders.isActive, true)).orderBy(t.serviceProviders.id)).slice(0, PROVIDERS);
    // Only these providers quote these TLDs: every other quote is taken away.
    await db.update(t.domainPrices).set({ renewalPrice: null }).where(inArray(t.domainPrices.tldId, Object.values(tldIds)));
  });
  afterEach(() => vi.useRealTimers());

  /** Stores the run's quotes: quotes[tld][provider], null for none. */
  async function storeQuotes(quotes: Quote[][], now: number) {
    const { orm: db, t } = getDb();
    const dp = t.domainPrices;
    for (const [ti, tld] of TLDS.entries()) {
      for (const [pi, provider] of providers.entries()) {
        const q = quotes[ti]![pi] ?? null;
        const values = {
          renewalPrice: q?.price ?? null, currency: q?.currency ?? "USD", lastCheckedAt: new Date(now - (q?.checkedDaysAgo ?? 0) * DAY_MS),
          changedAt: new Date(now - 300 * DAY_MS), registrationPrice: 1000, snapshotDate: RATE_DAY.slice(0, 10),
        };
        const where = and(eq(dp.tldId, tldIds[tld]!), eq(dp.serviceProviderId, provider.id));
        const updated = await db.update(dp).set(values).where(where).returning({ id: dp.id });
        if (updated.length === 0) await db.insert(dp).values({ tldId: tldIds[tld]!, serviceProviderId: provider.id, ...values });
      }
    }
  }

  it("the cards, the summary, the forecast, its per-domain CSV, the calendar feed and the export agree to the cent", async () => {
    let run = 0;
    await fc.assert(fc.asyncProperty(portfolioArb, async ({ today, currency, quotes, domains }) => {
      run += 1;
      const now = Date.parse(`${today}T09:30:00Z`);
      vi.useFakeTimers({ toFake: ["Date"], now });
      await storeQuotes(quotes, now);
      const call = authed(app(), (await registerUser(app())).cookie);
      const names: string[] = [];
      for (const [i, d] of domains.entries()) {
        const domainName = `r${run}-${i}.${d.tld}`;
        const expirationDate = d.expiresIn === null ? undefined : new Date(now + d.expiresIn * DAY_MS).toISOString().slice(0, 10);
        const added = await call<{ id: number }>("/api/user-domains", {
          method: "POST",
          body: { domainName, serviceProviderId: d.provider === null ? null : providers[d.provider]!.id, expirationDate, autoRenewState: d.autoRenew },
        });
        expect(added.status, added.text).toBe(201);
        if (d.departed) await getDb().orm.update(getDb().t.userDomains).set({ departedAt: new Date(now - DAY_MS) }).where(eq(getDb().t.userDomains.id, added.body.id));
        names.push(domainName);
      }
      const digits = currencyDigits(currency);
      const sumOf = (amounts: (string | null | undefined)[]) => minorToAmount(amounts.reduce((s, a) => s + (a ? minorOf(a) : 0), 0), digits);

      // The cards: each domain's amount is its registrar's quote converted at the stored rate.
      const list = (await call<UserDomainItem[]>(`/api/user-domains?currency=${currency}`)).body;
      expect(list).toHaveLength(domains.length);
      const byName = new Map(list.map((d) => [d.domainName, d]));
      for (const [i, d] of domains.entries()) {
        const item = byName.get(names[i]!)!;
        const quote = d.provider === null ? null : quotes[TLDS.indexOf(d.tld)]![d.provider] ?? null;
        expect(item.money.currency).toBe(currency);
        expect(item.money.counts).toBe({ on: "renews", unknown: "if_renews", off: "not_renewing" }[d.autoRenew]);
        if (!quote) {
          expect(item.money.renewal).toBeNull();
          continue;
        }
        const same = quote.currency === currency;
        const expected = quote.currency === "XTS" ? null
          : minorToAmount(convertMinor(quote.price, same ? 1 : PER_EUR[quote.currency]!, same ? 1 : PER_EUR[currency]!, digits), digits);
        expect(item.money.renewal, names[i]).toMatchObject({ amount: expected, priceCurrency: quote.currency, serviceProvider: { id: providers[d.provider!]!.id } });
        expect(item.money.renewal!.rateDate).toBe(expected !== null && quote.currency !== currency ? RATE_DAY : null);
        if (expected !== null) {
          const atCheapest = item.money.move?.amount ?? expected;
          expect(item.money.saving).toBe(minorToAmount(minorOf(expected) - minorOf(atCheapest), digits));
        }
      }
      const priced = list.filter((d) => d.money.renewal?.amount != null);

      // The summary's year of every domain adds up the cards.
      const summary = (await call<PortfolioSummary>(`/api/user-domains/summary?currency=${currency}`)).body;
      const year = summary.totals.yearOfEveryDomain;
      expect(summary.totals.currency).toBe(currency);
      expect(year.amount).toBe(sumOf(priced.map((d) => d.money.renewal!.amount)));
      expect(year.domains).toBe(list.length);
      expect(year.domainsWithoutPrice).toBe(list.length - priced.length);
      for (const state of ["on", "off", "unknown"] as const) {
        expect(year.byAutoRenew[state].amount, state).toBe(sumOf(priced.filter((d) => d.autoRenewState === state).map((d) => d.money.renewal!.amount)));
      }
      expect(year.possibleSaving).toBe(sumOf(priced.map((d) => d.money.saving)));
      expect(summary.display).toMatchObject({ currency, totalYearlyRenewal: year.amount, totalPossibleSaving: year.possibleSaving });

      // The months: what the cards say is due from today to the end of the twelfth month.
      const { from, until } = summary.totals.next12Months;
      expect(from).toBe(today);
      const due = priced.filter((d) => d.effectiveExpirationDate && d.effectiveExpirationDate >= from && d.effectiveExpirationDate <= until && !d.departedAt);
      const renews = due.filter((d) => d.money.counts === "renews");
      const ifRenews = due.filter((d) => d.money.counts === "if_renews");
      expect(summary.totals.next12Months.renewsAutomatically).toEqual({ domains: renews.length, amount: sumOf(renews.map((d) => d.money.renewal!.amount)) });
      expect(summary.totals.next12Months.ifItRenews).toEqual({ domains: ifRenews.length, amount: sumOf(ifRenews.map((d) => d.money.renewal!.amount)) });
      const rest = summary.totals.notRenewingInTheMonths;
      // The reconciliation: the year = the months' two sums + what the other priced domains cost.
      expect(minorOf(year.amount)).toBe([
        summary.totals.next12Months.renewsAutomatically.amount, summary.totals.next12Months.ifItRenews.amount,
        rest.notDue.amount, rest.autoRenewOff.amount, rest.departed.amount,
      ].reduce((s, a) => s + minorOf(a), 0));

      // The forecast: the same sums, the same year, the same sentence.
      const forecast = (await call<RenewalForecast>(`/api/user-domains/forecast?currency=${currency}`)).body;
      expect(forecast).toMatchObject({ currency, from, until });
      expect(forecast.total).toMatchObject({ domains: renews.length, atRegistrar: summary.totals.next12Months.renewsAutomatically.amount });
      expect(forecast.ifRenews).toMatchObject({ domains: ifRenews.length, atRegistrar: summary.totals.next12Months.ifItRenews.amount });
      expect(sumOf(forecast.months.map((m) => m.atRegistrar))).toBe(forecast.total.atRegistrar);
      expect(sumOf(forecast.months.map((m) => m.ifRenews.atRegistrar))).toBe(forecast.ifRenews.atRegistrar);
      expect(forecast.yearOfEveryDomain).toEqual(year);
      expect(forecast.reconciliation).toBe(summary.totals.reconciliation);

      // The per-domain CSV: one record per domain due, each at its card's amount.
      const records = parseCsv((await call(`/api/user-domains/forecast-domains.csv?currency=${currency}`)).text).slice(1);
      expect(records.map((r) => r[1]).sort()).toEqual(due.filter((d) => d.money.counts !== "not_renewing").map((d) => d.domainName).sort());
      for (const r of records) {
        const item = byName.get(r[1]!)!;
        expect(r[5]).toBe(currency);
        expect([r[4], r[6], r[7], r[8]], r[1]).toEqual([
          item.money.counts === "renews" ? "renews automatically" : "expected if it renews",
          item.money.renewal!.amount, item.money.move?.amount ?? item.money.renewal!.amount, item.money.saving,
        ]);
      }
      expect(sumOf(records.filter((r) => r[4] === "renews automatically").map((r) => r[6]))).toBe(forecast.total.atRegistrar);
      expect(sumOf(records.filter((r) => r[4] === "renews automatically").map((r) => r[7]))).toBe(forecast.total.atCheapest);
      expect(sumOf(records.filter((r) => r[4] === "expected if it renews").map((r) => r[6]))).toBe(forecast.ifRenews.atRegistrar);

      // The calendar feed: each dated domain's event names its card's amount, auto-renew as it is.
      const { url } = (await call<{ url: string }>(`/api/user-domains/calendar-token?currency=${currency}`, { method: "POST" })).body;
      expect(url).toContain(`.ics?currency=${currency}`);
      const feed = await app().request(url.replace(/^https?:\/\/[^/]+/, TEST_ORIGIN));
      expect(feed.status).toBe(200);
      const events = feedDescriptions(await feed.text());
      expect(events.size).toBe(list.filter((d) => d.effectiveExpirationDate).length);
      for (const item of list.filter((d) => d.effectiveExpirationDate)) {
        const text = events.get(`user-domain-${item.id}@tldscope`)!;
        expect(text.split("\n")[0]).toMatch(new RegExp(`^Auto-renew: ${item.autoRenewState}\\b`));
        const amount = item.money.renewal?.amount;
        if (amount == null) expect(text).toMatch(/\nRenewal price: (unknown|.*; no exchange rate converts it into)/);
        else expect(text, item.domainName).toContain(`Renewal price: ${formatTotal(amount, currency)} at ${item.money.renewal!.serviceProvider!.name} (`);
        if (item.money.move && item.money.move.amount !== null) {
          expect(text).toContain(`Cheapest renewal: ${formatTotal(item.money.move.amount, currency)} at ${item.money.move.serviceProvider.name}, saving ${formatTotal(item.money.saving!, currency)} a year`);
        } else expect(text).not.toContain("Cheapest renewal");
      }

      // The export: each domain's money columns are its card's, and they add up to the summary's and the forecast's totals.
      const exported = parseCsv((await call(`/api/user-domains/export.csv?currency=${currency}`)).text);
      const header = exported[0]!;
      const col = (name: string) => header.indexOf(name);
      expect(header.slice(-5)).toEqual(["renewalPrice", "renewalCurrency", "renewalPriceDate", "renewalPriceSource", "autoRenewState"]);
      const exportedBy = new Map(exported.slice(1).map((r) => [r[col("domainName")]!, r]));
      expect(exportedBy.size).toBe(list.length);
      for (const item of list) {
        const r = exportedBy.get(item.domainName)!;
        const renewal = item.money.renewal;
        expect([r[col("renewalPrice")], r[col("renewalCurrency")], r[col("renewalPriceDate")], r[col("renewalPriceSource")], r[col("autoRenewState")]], item.domainName).toEqual([
          renewal?.amount ?? "", currency, renewal ? renewal.lastCheckedAt.slice(0, 10) : "", renewal ? renewal.serviceProvider!.name : "", item.autoRenewState,
        ]);
      }
      const exportedSum = (items: UserDomainItem[]) => sumOf(items.map((d) => exportedBy.get(d.domainName)![col("renewalPrice")]));
      expect(exportedSum(list)).toBe(year.amount);
      expect(exportedSum(renews)).toBe(forecast.total.atRegistrar);
      expect(exportedSum(ifRenews)).toBe(forecast.ifRenews.atRegistrar);
      vi.useRealTimers();
    }), { numRuns: Number(process.env.MONEY_PROPERTY_RUNS ?? 20), seed: Number(process.env.MONEY_PROPERTY_SEED ?? 20271218) });
  }, 300_000);
});
