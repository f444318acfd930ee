/**
 * The next twelve months' renewal bill, worked out without I/O from priced entries
 * (item.ts priceEntries) and a display converter. The months are the twelve calendar months
 * (UTC) starting with today's; a renewal is a 1-year term, so a domain renews at most once in
 * them. Each auto-renewing domain expiring from today to the end of the twelfth month counts
 * in its expiry month at its registrar's current renewal price, and at the cheapest renewal the
 * portfolio would claim a saving for (renewal-comparison.ts yearlySaving: a stale cheapest quote
 * never claims a saving against a fresh one), else at the same price. A domain nobody has said
 * renews automatically or not (auto-renew unknown) is priced the same way but summed apart,
 * "expected if it renews", never in the totals. Each domain's amounts are its money (money.ts,
 * the one computation the cards, the summary and the calendar feed read too), converted per
 * domain and rounded to the display currency's minor unit, then added, so each figure is the sum
 * of what each domain costs in that currency; `domains` lists each domain's own figures. Beside
 * the months: a year of every domain and the sentence reconciling it with them (money.ts).
 */
import { minorToAmount } from "../../../shared/currency.ts";
import type { DisplayConverter } from "../../../shared/display-converter.ts";
import { unicodeFormOf } from "../../../shared/idna.ts";
import type { Renewal } from "../../../shared/renewal-comparison.ts";
import {
  dueIn, PortfolioMoney, portfolioTotals, renewalWindow, type DomainMoney, type PortfolioTotals, type PricedQuote, type TotalsEntry,
} from "./money.ts";

/** What the forecast reads of a priced entry. */
export interface ForecastEntry extends TotalsEntry {
  id: number;
  domainName: string;
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
  /** One year's renewal of every domain (the summary's yearly cost), beside the months' totals. */
  yearOfEveryDomain: PortfolioTotals["yearOfEveryDomain"];
  /** The year's priced domains in neither of the months' sums (not due in them, auto-renew off, gone from their account). */
  notRenewingInTheMonths: PortfolioTotals["notRenewingInTheMonths"];
  /** How the year of every domain and the months' totals add up, in one sentence. */
  reconciliation: string;
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
  const money = new PortfolioMoney(converter, now, staleDays);
  const window = renewalWindow(now);
  const today = window.from;
  const [year, month] = [now.getUTCFullYear(), now.getUTCMonth()];
  const keys = Array.from({ length: 12 }, (_, i) => monthKey(year, month + i));
  const months = new Map(keys.map((k) => [k, { sum: new Sum(), ifRenews: new Sum(), registrars: new Map<number, { provider: { id: number; name: string }; sum: Sum }>() }]));
  const total = new Sum();
  const ifRenews = new Sum();
  const lines: (Omit<ForecastDomain, "atRegistrar" | "atCheapest" | "difference"> & { registrar: number; cheapest: number })[] = [];
  const notInTotals: NotInTotals[] = [];
  // Entries of one TLD at one registrar share their money (money.ts): turn each into cell figures once.
  const pricedByQuote = new WeakMap<PricedQuote, Priced>();
  const priceOf = (m: DomainMoney): Priced => {
    const own = m.renewal!;
    let item = pricedByQuote.get(own);
    if (item) return item;
    const move = m.move ?? own;
    item = {
      registrar: own.minor!, cheapest: move.minor!, own: own.quote, move: move.quote,
      ownChecked: own.quote.lastCheckedAt.getTime(), moveChecked: move.quote.lastCheckedAt.getTime(),
      ownStale: own.isStale, moveStale: move.isStale, rateDate: own.rateDate, cheapestAt: m.move?.serviceProvider ?? null,
    };
    pricedByQuote.set(own, item);
    return item;
  };
  let expiredCount = 0;
  let laterCount = 0;
  const skip = (entry: ForecastEntry, expiry: string | null, reason: NotInTotalsReason) => notInTotals.push({
    id: entry.id, domainName: entry.domainName, unicodeName: unicodeFormOf(entry.domainName), expirationDate: expiry, month: expiry?.slice(0, 7) ?? null,
    serviceProvider: entry.serviceProvider && { id: entry.serviceProvider.id, name: entry.serviceProvider.name }, reason,
  });
  for (const entry of entries) {
    const expiry = entry.expirationDate === null ? null : entry.expirationDate.slice(0, 10);
    const due = dueIn(expiry, window);
    if (due === "noExpiryDate") { skip(entry, expiry, "noExpiryDate"); continue; }
    if (due === "expired") { expiredCount += 1; continue; }
    if (due === "later") { laterCount += 1; continue; }
    if (entry.departed) { skip(entry, expiry, "departed"); continue; }
    const m = money.of(entry);
    if (m.counts === "not_renewing") { skip(entry, expiry, "autoRenewOff"); continue; }
    if (!m.renewal || !entry.serviceProvider) { skip(entry, expiry, "noRegistrarPrice"); continue; }
    if (m.renewal.minor === null) { skip(entry, expiry, "noExchangeRate"); continue; }
    const item = priceOf(m);
    const month = expiry!.slice(0, 7);
    const bucket = months.get(month)!;
    const provider = entry.serviceProvider;
    if (options.withDomains) {
      const cheapestAt = item.cheapestAt ?? provider;
      lines.push({
        id: entry.id, domainName: entry.domainName, unicodeName: unicodeFormOf(entry.domainName), month, expirationDate: expiry!,
        serviceProvider: { id: provider.id, name: provider.name }, counts: m.counts === "if_renews" ? "if_renews" : "renews",
        registrar: item.registrar, cheapest: item.cheapest, cheapestAt: { id: cheapestAt.id, name: cheapestAt.name },
        registrarPriceCheckedAt: item.own.lastCheckedAt.toISOString(), cheapestPriceCheckedAt: item.move.lastCheckedAt.toISOString(), rateDate: item.rateDate,
      });
    }
    if (m.counts === "if_renews") {
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
    until: window.until,
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
    ...reconciled(portfolioTotals(entries, money)),
  };
}

/** The year of every domain beside the months' totals, and the sentence that reconciles them (money.ts, as the summary has them). */
const reconciled = ({ yearOfEveryDomain, notRenewingInTheMonths, reconciliation }: PortfolioTotals) =>
  ({ yearOfEveryDomain, notRenewingInTheMonths, reconciliation });
