/**
 * The portfolio entry as the API returns it. Money stays in integer cents until it is turned
 * into decimal strings here; `yearlySaving` is USD only (it names no currency), while the
 * display currency's saving (display.ts) converts any currency with a stored rate.
 */
import type { Db } from "../../../../db/client.ts";
import { listRenewalQuotes, type UserDomainRow } from "../../../../db/repositories/user-domain-repository.ts";
import { unicodeFormOf } from "../../../shared/idna.ts";
import { minorToDecimalString } from "../../../shared/price-format.ts";
import { autoRenewStateOf } from "../../../shared/schemas/user-domain.ts";
import { isStaleAt } from "../../../shared/price-freshness.ts";
import type { DisplayConverter } from "../../domain/display-currency.ts";
import { groupBy } from "../../lib/group-by.ts";
import { displayed, type DisplayedAmount } from "./display.ts";
import type { PortfolioMoney, PricedQuote } from "./money.ts";
import { registryView } from "./registry-view.ts";
import { rankRenewals, yearlySaving, type RenewalPricing } from "../../../shared/renewal-comparison.ts";

/** A portfolio entry with its renewal pricing (renewal-comparison.ts), money in minor units. */
export type PricedUserDomainRow = UserDomainRow & RenewalPricing;

/** The provider an entry is priced at: the registrar in force (the entry's own, else the registry's). */
const pricedAt = (row: { serviceProviderId: number | null; registrar?: UserDomainRow["registrar"] }) =>
  row.registrar ? (row.registrar.provider?.id ?? null) : row.serviceProviderId;

/**
 * Prices entries from every stored quote of their TLDs, staleness as of `now` with a window of
 * `staleDays` (PRICE_STALE_DAYS); entries of one TLD at one provider share one ranking. An entry
 * with a `registrar` block is priced at its registrar in force, else at its `serviceProviderId`.
 */
export async function priceEntries<R extends Pick<UserDomainRow, "tldId" | "serviceProviderId"> & { registrar?: UserDomainRow["registrar"] }>(
  db: Db, rows: R[], now: Date, staleDays: number,
): Promise<(R & RenewalPricing)[]> {
  const quotes = await listRenewalQuotes(db, [...new Set(rows.map((r) => r.tldId))]);
  const byTld = groupBy(quotes, (q) => q.tldId);
  const ranked = new Map<string, RenewalPricing>();
  // The rows are the caller's own fresh reads: priced in place rather than copied (a portfolio holds thousands).
  return rows.map((row) => {
    const providerId = pricedAt(row);
    const key = `${row.tldId}:${providerId ?? ""}`;
    let pricing = ranked.get(key);
    if (!pricing) ranked.set(key, pricing = rankRenewals({ tldId: row.tldId, serviceProviderId: providerId }, byTld.get(row.tldId) ?? [], now, staleDays));
    return Object.assign(row, pricing);
  });
}

/** A saving (yearlySaving, in the current quote's currency) kept only when that currency is USD. */
const usdOnly = (row: PricedUserDomainRow, saving: number | null): number | null =>
  row.currentRenewal?.currency === "USD" ? saving : null;

/** The saving in cents when both quotes are USD (the `yearlySaving` field, which names no currency). */
export const savingCents = (row: PricedUserDomainRow, now: Date, staleDays: number): number | null =>
  usdOnly(row, yearlySaving(row, now, staleDays));

/** Present only when a display currency was asked for; null when no rate converts the amount. */
type InDisplay = { display?: DisplayedAmount | null };

/** The yearly saving the portfolio shows, or null when it shows none. */
function shownSaving(
  ownCents: number | null, ownCurrency: string | undefined, converter: DisplayConverter | undefined, usdCents: number | null, display: DisplayedAmount | null,
) {
  if (!converter) return usdCents === null ? null : { price: minorToDecimalString(usdCents), currency: "USD" };
  return display && ownCents !== null && ownCurrency ? { price: minorToDecimalString(ownCents), currency: ownCurrency, display } : null;
}

/** A priced quote of the domain's money as the API gives it: its amount in the display currency beside the quote. */
function moneyQuote(money: PortfolioMoney, q: PricedQuote) {
  return {
    /** In the display currency; null when no stored rate converts the quote's currency. */
    amount: q.minor === null ? null : money.amount(q.minor),
    price: minorToDecimalString(q.quote.price),
    priceCurrency: q.quote.currency,
    lastCheckedAt: q.quote.lastCheckedAt.toISOString(),
    isStale: q.isStale,
    rateDate: q.rateDate,
  };
}

/**
 * The entry's money (money.ts) as every surface shows it: the renewal at the registrar that
 * holds it in the display currency, with its quote, date and source; where moving saves money
 * and how much; and what its renewal counts as by its auto-renew.
 */
function moneyOf(row: PricedUserDomainRow, money: PortfolioMoney) {
  const m = money.of(row);
  const holder = row.registrar.provider ?? row.serviceProvider;
  return {
    currency: money.currency,
    autoRenewState: m.autoRenew,
    /** "renews" (auto-renew on), "if_renews" (unknown: the amount if it renews) or "not_renewing" (off). */
    counts: m.counts,
    renewal: m.renewal && { ...moneyQuote(money, m.renewal), serviceProvider: holder && { id: holder.id, name: holder.name } },
    /** The cheapest renewal elsewhere that saves money; null when staying saves as much. */
    move: m.move && { ...moneyQuote(money, m.move), serviceProvider: m.move.serviceProvider },
    /** renewal − move in the display currency ("0.00" without a move); null without a renewal amount. */
    saving: m.saving === null ? null : money.amount(m.saving),
  };
}

/**
 * `money` (money.ts) gives the entry's money in its display currency; with a converter (a display
 * currency was asked for, the same as money's), each renewal quote and the saving are also given
 * in it. Staleness is judged as of money's `now` with its window (PRICE_STALE_DAYS).
 */
export function toUserDomainItem(row: PricedUserDomainRow, money: PortfolioMoney, converter?: DisplayConverter) {
  const { now, staleDays } = money;
  const stale = (q: { lastCheckedAt: Date }) => isStaleAt(q.lastCheckedAt, now, staleDays);
  /** When the quote behind a price was last confirmed by a source, when it took its value, and whether it is stale. */
  const freshness = (q: { lastCheckedAt: Date; changedAt: Date }) => ({
    lastCheckedAt: q.lastCheckedAt.toISOString(), isStale: stale(q), changedAt: q.changedAt.toISOString(),
  });
  const ownSaving = yearlySaving(row, now, staleDays);
  const saving = usdOnly(row, ownSaving);
  const inDisplay = (cents: number | null, from: string | undefined): InDisplay =>
    converter ? { display: displayed(converter, cents, from) } : {};
  const { currentRenewal: current, cheapestRenewal: cheapest } = row;
  // The saving in the display currency is the money's: the difference of the two amounts shown.
  const savingShown = ownSaving === null ? null : moneySaving(row, money, converter);
  const displaySaving: { displaySaving?: DisplayedAmount | null } = converter ? { displaySaving: savingShown } : {};
  const registrar = row.registrar;
  return {
    id: row.id,
    /** The name as stored: ASCII, an IDN as its A-label ("xn--mller-kva.de"). */
    domainName: row.domainName,
    /** The name as people read it when it is an IDN ("müller.de"), else null. */
    unicodeName: unicodeFormOf(row.domainName),
    /** The TLD's name ("com"), as the form enters it. */
    tldId: row.tld.name,
    tld: row.tld,
    /** The registrar the owner chose, or the linked registrar account's; null when neither set one (see `registrar`). */
    serviceProviderId: row.serviceProviderId,
    serviceProvider: row.serviceProvider,
    /**
     * The registrar in force, which prices the entry: the owner's or the account's, else the
     * one the registry names (source "registry") when we list it. A registrar we have no
     * prices from is still named (ianaId, name), with `message` saying it is not compared.
     */
    registrar: {
      serviceProvider: registrar.provider,
      source: registrar.source,
      ianaId: registrar.ianaId,
      name: registrar.provider?.name ?? registrar.name,
      compared: registrar.provider !== null,
      message: registrar.provider === null && registrar.name !== null ? `not compared: we have no prices from ${registrar.name}` : null,
    },
    registrationDate: row.registrationDate,
    expirationDate: row.expirationDate,
    /** True only when it is known to renew automatically (autoRenewState "on"). */
    autoRenew: row.autoRenew === true,
    /** "on", "off", or "unknown" when nobody has said (added by name, a CSV without the column). */
    autoRenewState: autoRenewStateOf(row.autoRenew),
    notes: row.notes,
    /** "manual" or "sync"; registrarAccount names the connected account it is linked to. */
    source: row.source,
    /** Dates with their sources, the registry's record and the statuses that need action (registry-view.ts). */
    ...registryView(row, now.toISOString().slice(0, 10), ownSaving !== null && ownSaving > 0),
    registrarAccount: row.registrarAccount,
    /**
     * When a sync of registrarAccount first found the account no longer lists the domain
     * (transferred away, expired, deleted); null while it does, or when the entry is unlinked.
     */
    departedAt: row.departedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    pricing: {
      currentRenewal: current
        ? { price: minorToDecimalString(current.price), currency: current.currency, ...freshness(current), ...inDisplay(current.price, current.currency) }
        : null,
      cheapestRenewal: cheapest
        ? {
          price: minorToDecimalString(cheapest.price), currency: cheapest.currency, ...freshness(cheapest),
          serviceProvider: cheapest.serviceProvider, ...inDisplay(cheapest.price, cheapest.currency),
        }
        : null,
      yearlySaving: saving === null ? null : minorToDecimalString(saving),
      /** The saving compares at least one stale quote (only when no fresh one could be compared). */
      yearlySavingIsStale: saving !== null && (stale(current!) || stale(cheapest!)),
      /** The yearly saving (any quote currency with a rate) in the display currency, when one was asked for. */
      ...displaySaving,
      /** The saving to show: with a display currency, in the quotes' own currency plus `display` (null when no rate converts it); without one, the USD saving. */
      saving: shownSaving(ownSaving, current?.currency, converter, saving, savingShown),
    },
    /** What the entry costs, the one computation the summary, the forecast, its CSVs and the calendar feed read (money.ts). */
    money: moneyOf(row, money),
  };
}

/** The money's saving as a displayed amount, when a converter shows one. */
function moneySaving(row: PricedUserDomainRow, money: PortfolioMoney, converter: DisplayConverter | undefined): DisplayedAmount | null {
  const m = money.of(row);
  if (!converter || m.saving === null || !m.renewal) return null;
  return { currency: money.currency, price: money.amount(m.saving), converted: m.renewal.rateDate !== null, rateDate: m.renewal.rateDate };
}
export type UserDomainItem = ReturnType<typeof toUserDomainItem>;
