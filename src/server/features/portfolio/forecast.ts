/**
 * The next twelve months' renewal bill, worked out without I/O from priced entries
 * (item.ts priceEntries) and a display converter. The months are the twelve calendar months
 * (UTC) starting with today's; a renewal is a 1-year term, so a domain renews at most once in
 * them. Each auto-renewing domain expiring from today to the end of the twelfth month counts
 * in its expiry month at its registrar's current renewal price, and at the cheapest renewal the
 * portfolio would claim a saving for (renewal-comparison.ts yearlySaving: a stale cheapest quote
 * never claims a saving against a fresh one), else at the same price. A domain nobody has said
 * renews automatically or not (auto-renew unknown) is priced the same way but summed apart,
 * "expected if it renews", never in the totals. Amounts are converted per domain, rounded to
 * the display currency's minor unit, then added, so each figure is the sum of what each domain
 * costs in that currency; `domains` lists each domain's own figures.
 */
import { minorToAmount } from "../../../shared/currency.ts";
import type { DisplayConverter } from "../../../shared/display-converter.ts";
import { unicodeFormOf } from "../../../shared/idna.ts";
import { isStaleAt } from "../../../shared/price-freshness.ts";
import { yearlySaving, type Renewal, type RenewalPricing } from "../../../shared/renewal-comparison.ts";

/** What the forecast reads of a priced entry. */
export interface ForecastEntry extends RenewalPricing {
  id: number;
  domainName: string;
  expirationDate: string | null;
  /** null: unknown (nobody said); its renewal counts as "expected if it renews". */
  autoRenew: boolean | null;
  /** Its registrar account no longer lists it (transferred away, expired or deleted there). */
  departed: boolean;
  serviceProvider: { id: number; name: string } | null;
}

/** Why a domain that may renew within the twelve months is not in the totals. */
const NOT_IN_TOTALS_REASONS = ["noExpiryDate", "departed", "autoRenewOff", "noRegistrarPrice", "noExchangeRate"] as const;
export type NotInTotalsReason = (typeof NOT_IN_TOTALS_REASONS)[number];

/** One figure set: a month, a registrar within a month, or the whole twelve months. */
export interface ForecastCell {
  domains: number;
  /** At each domain's registrar, its current renewal price. */
  atRegistrar: string;
  /** At the cheapest renewal a saving is claimed for (the registrar's price where none is). */
  atCheapest: string;
  /** atRegistrar − atCheapest. */
  difference: string;
  /** When the oldest registrar quote behind atRegistrar was last confirmed (ISO instant); null with no domains. */
  registrarPriceCheckedAt: string | null;
  /** The same for the quotes behind atCheapest. */
  cheapestPriceCheckedAt: string | null;
  /** Some quote behind atRegistrar (or atCheapest) is stale (not confirmed within PRICE_STALE_DAYS). */
  registrarPriceIsStale: boolean;
  cheapestPriceIsStale: boolean;
  /** The oldest ECB day an amount of the cell was converted at; null when nothing was converted. */
  rateDate: string | null;
}

export interface ForecastMonth extends ForecastCell {
  /** "2026-11" */
  month: string;
  /** One cell per registrar renewing something in the month, by name. */
  registrars: (ForecastCell & { serviceProvider: { id: number; name: string } })[];
  /** The month's domains whose auto-renew is unknown, priced as if they renew: not in the month's figures above. */
  ifRenews: ForecastCell;
}

/** One domain in the forecast's figures: what it adds to its month, at its registrar and at the cheapest. */
export interface ForecastDomain {
  id: number;
  /** ASCII, an IDN as its A-label ("xn--mller-kva.de"). */
  domainName: string;
  /** The name as people read it when it is an IDN ("müller.de"), else null. */
  unicodeName: string | null;
  /** "2026-11" */
  month: string;
  expirationDate: string;
  serviceProvider: { id: number; name: string };
  /** "renews": auto-renew is on, in the totals; "if_renews": auto-renew unknown, in the "expected if it renews" sums. */
  counts: "renews" | "if_renews";
  atRegistrar: string;
  atCheapest: string;
  difference: string;
  /** The registrar the cheapest figure is at (the domain's own where no saving is claimed). */
  cheapestAt: { id: number; name: string };
  registrarPriceCheckedAt: string;
  cheapestPriceCheckedAt: string;
  rateDate: string | null;
}

export interface NotInTotals {
  id: number;
  /** ASCII, an IDN as its A-label ("xn--mller-kva.de"). */
  domainName: string;
  /** The name as people read it when it is an IDN ("müller.de"), else null. */
  unicodeName: string | null;
  expirationDate: string | null;
  /** The month it expires in ("2026-11"), null without an expiry date. */
  month: string | null;
  serviceProvider: { id: number; name: string } | null;
  reason: NotInTotalsReason;
}

export interface RenewalForecast {
  currency: string;
  /** Today (UTC), the first day counted, and the last day of the twelfth month. */
  from: string;
  until: string;
  months: ForecastMonth[];
  total: ForecastCell;
  /** The twelve months' domains whose auto-renew is unknown, priced as if they renew (not in `total`). */
  ifRenews: ForecastCell;
  /** Every domain in the figures (both kinds), by month then name, when asked for (the per-domain CSV); else empty. */
  domains: ForecastDomain[];
  /** Domains that may renew within the twelve months but are not in the totals, each with why: by reason, then soonest expiry, then name. */
  notInTotals: NotInTotals[];
  /** Domains whose expiry date has passed, and those expiring after the twelfth month: neither renews in the forecast. */
  expiredCount: number;
  laterCount: number;
}

/**
 * What one priced entry adds to a cell. Entries of one TLD at one registrar share their pricing
 * objects (item.ts priceEntries), so this is worked out once per pricing, not once per domain.
 */
interface Priced {
  registrar: number;
  cheapest: number;
  own: Renewal;
  move: Renewal;
  /** lastCheckedAt of each side in epoch ms. */
  ownChecked: number;
  moveChecked: number;
  ownStale: boolean;
  moveStale: boolean;
  rateDate: string | null;
  cheapestAt: { id: number; name: string } | null;
}

/** Running sums of a cell, in minor units of the display currency. */
class Sum {
  domains = 0;
  registrar = 0;
  cheapest = 0;
  registrarChecked = Infinity;
  cheapestChecked = Infinity;
  registrarStale = false;
  cheapestStale = false;
  rateDate: string | null = null;

  add(item: Priced) {
    this.domains += 1;
    this.registrar += item.registrar;
    this.cheapest += item.cheapest;
    if (item.ownChecked < this.registrarChecked) this.registrarChecked = item.ownChecked;
    if (item.moveChecked < this.cheapestChecked) this.cheapestChecked = item.moveChecked;
    this.registrarStale ||= item.ownStale;
    this.cheapestStale ||= item.moveStale;
    if (item.rateDate && (!this.rateDate || item.rateDate < this.rateDate)) this.rateDate = item.rateDate;
  }

  cell(digits: number): ForecastCell {
    return {
      domains: this.domains,
      atRegistrar: minorToAmount(this.registrar, digits),
      atCheapest: minorToAmount(this.cheapest, digits),
      difference: minorToAmount(this.registrar - this.cheapest, digits),
      registrarPriceCheckedAt: this.domains === 0 ? null : new Date(this.registrarChecked).toISOString(),
      cheapestPriceCheckedAt: this.domains === 0 ? null : new Date(this.cheapestChecked).toISOString(),
      registrarPriceIsStale: this.registrarStale,
      cheapestPriceIsStale: this.cheapestStale,
      rateDate: this.rateDate,
    };
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const monthKey = (year: number, month: number) => new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 7);

/**
 * The forecast as of `now`, with staleness judged over `staleDays` (PRICE_STALE_DAYS). Each
 * domain's own figures (`domains`) are listed only with `withDomains` (the per-domain CSV); else
 * that list is empty.
 */
export function forecastRenewals(
  entries: readonly ForecastEntry[], converter: DisplayConverter, now: Date, staleDays: number, options: { withDomains?: boolean } = {},
): RenewalForecast {
  const today = now.toISOString().slice(0, 10);
  const [year, month] = [now.getUTCFullYear(), now.getUTCMonth()];
  const keys = Array.from({ length: 12 }, (_, i) => monthKey(year, month + i));
  const end = `${monthKey(year, month + 12)}-01`; // first day after the twelfth month
  const months = new Map(keys.map((k) => [k, { sum: new Sum(), ifRenews: new Sum(), registrars: new Map<number, { provider: { id: number; name: string }; sum: Sum }>() }]));
  const total = new Sum();
  const ifRenews = new Sum();
  const lines: (Omit<ForecastDomain, "atRegistrar" | "atCheapest" | "difference"> & { registrar: number; cheapest: number })[] = [];
  const notInTotals: NotInTotals[] = [];
  // A portfolio holds thousands of domains but prices them from a few hundred quotes: convert each amount once.
  const converted = new Map<string, number>();
  const minor = (price: number, currency: string) => {
    const key = `${currency}${price}`;
    let amount = converted.get(key);
    if (amount === undefined) converted.set(key, amount = converter.minor(price, currency));
    return amount;
  };
  // Entries of one TLD at one registrar share their quote objects: price each pair once.
  const pricedByQuote = new WeakMap<Renewal, Priced>();
  const priceOf = (entry: ForecastEntry, own: Renewal): Priced => {
    let item = pricedByQuote.get(own);
    if (item) return item;
    // With a saving the cheapest quote is in the registrar quote's currency; without one the domain stays put.
    const moves = yearlySaving(entry, now, staleDays) !== null;
    const move = moves ? entry.cheapestRenewal! : own;
    item = {
      registrar: minor(own.price, own.currency), cheapest: minor(move.price, move.currency), own, move,
      ownChecked: own.lastCheckedAt.getTime(), moveChecked: move.lastCheckedAt.getTime(),
      ownStale: isStaleAt(own.lastCheckedAt, now, staleDays), moveStale: isStaleAt(move.lastCheckedAt, now, staleDays),
      rateDate: converter.conversion(own.currency).rateDate,
      cheapestAt: moves ? { id: entry.cheapestRenewal!.serviceProvider.id, name: entry.cheapestRenewal!.serviceProvider.name } : null,
    };
    pricedByQuote.set(own, item);
    return item;
  };
  const canConvert = new Map<string, boolean>();
  const convertible = (currency: string) => {
    let can = canConvert.get(currency);
    if (can === undefined) canConvert.set(currency, can = converter.canConvert(currency));
    return can;
  };
  let expiredCount = 0;
  let laterCount = 0;
  const skip = (entry: ForecastEntry, expiry: string | null, reason: NotInTotalsReason) => notInTotals.push({
    id: entry.id, domainName: entry.domainName, unicodeName: unicodeFormOf(entry.domainName), expirationDate: expiry, month: expiry?.slice(0, 7) ?? null,
    serviceProvider: entry.serviceProvider && { id: entry.serviceProvider.id, name: entry.serviceProvider.name }, reason,
  });
  for (const entry of entries) {
    const expiry = entry.expirationDate === null ? null : entry.expirationDate.length === 10 ? entry.expirationDate : entry.expirationDate.slice(0, 10);
    if (expiry === null) { skip(entry, expiry, "noExpiryDate"); continue; }
    if (expiry < today) { expiredCount += 1; continue; }
    if (expiry >= end) { laterCount += 1; continue; }
    if (entry.departed) { skip(entry, expiry, "departed"); continue; }
    if (entry.autoRenew === false) { skip(entry, expiry, "autoRenewOff"); continue; }
    const own = entry.currentRenewal;
    if (!own || !entry.serviceProvider) { skip(entry, expiry, "noRegistrarPrice"); continue; }
    if (!convertible(own.currency)) { skip(entry, expiry, "noExchangeRate"); continue; }
    const item = priceOf(entry, own);
    const month = expiry.slice(0, 7);
    const bucket = months.get(month)!;
    const provider = entry.serviceProvider;
    if (options.withDomains) {
      const cheapestAt = item.cheapestAt ?? provider;
      lines.push({
        id: entry.id, domainName: entry.domainName, unicodeName: unicodeFormOf(entry.domainName), month, expirationDate: expiry,
        serviceProvider: { id: provider.id, name: provider.name }, counts: entry.autoRenew === null ? "if_renews" : "renews",
        registrar: item.registrar, cheapest: item.cheapest, cheapestAt: { id: cheapestAt.id, name: cheapestAt.name },
        registrarPriceCheckedAt: item.own.lastCheckedAt.toISOString(), cheapestPriceCheckedAt: item.move.lastCheckedAt.toISOString(), rateDate: item.rateDate,
      });
    }
    if (entry.autoRenew === null) {
      bucket.ifRenews.add(item);
      ifRenews.add(item);
      continue;
    }
    let registrar = bucket.registrars.get(provider.id);
    if (!registrar) bucket.registrars.set(provider.id, registrar = { provider: { id: provider.id, name: provider.name }, sum: new Sum() });
    registrar.sum.add(item);
    bucket.sum.add(item);
    total.add(item);
  }
  const digits = converter.digits;
  const byReasonThenExpiry = (a: NotInTotals, b: NotInTotals) =>
    NOT_IN_TOTALS_REASONS.indexOf(a.reason) - NOT_IN_TOTALS_REASONS.indexOf(b.reason)
    || compare(a.expirationDate ?? "9999", b.expirationDate ?? "9999") || compare(a.domainName, b.domainName);
  return {
    currency: converter.currency,
    from: today,
    until: new Date(Date.parse(`${end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10),
    months: keys.map((key) => {
      const { sum, registrars, ifRenews: unknown } = months.get(key)!;
      const byName = [...registrars.values()].sort((a, b) =>
        a.provider.name === b.provider.name ? a.provider.id - b.provider.id : a.provider.name < b.provider.name ? -1 : 1);
      return {
        month: key, ...sum.cell(digits), registrars: byName.map((r) => ({ serviceProvider: r.provider, ...r.sum.cell(digits) })),
        ifRenews: unknown.cell(digits),
      };
    }),
    total: total.cell(digits),
    ifRenews: ifRenews.cell(digits),
    domains: lines
      .sort((a, b) => compare(a.month, b.month) || compare(a.domainName, b.domainName))
      .map(({ registrar, cheapest, ...line }) => ({
        ...line, atRegistrar: minorToAmount(registrar, digits), atCheapest: minorToAmount(cheapest, digits), difference: minorToAmount(registrar - cheapest, digits),
      })),
    notInTotals: notInTotals.sort(byReasonThenExpiry),
    expiredCount,
    laterCount,
  };
}
