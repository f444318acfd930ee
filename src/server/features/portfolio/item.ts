/**
 * The portfolio entry as the API returns it. Money stays in integer cents until it is turned
 * into decimal strings here; `yearlySaving` is USD only (it names no currency), while the
 * display currency's saving (display.ts) converts any currency with a stored rate.
 */
import type { Db } from "../../../../db/client.ts";
import { listRenewalQuotes, type RenewalQuote, type UserDomainRow } from "../../../../db/repositories/user-domain-repository.ts";
import { unicodeFormOf } from "../../../shared/idna.ts";
import { minorToDecimalString } from "../../../shared/price-format.ts";
import { autoRenewStateOf } from "../../../shared/schemas/user-domain.ts";
import { isStaleAt } from "../../../shared/price-freshness.ts";
import type { DisplayConverter } from "../../domain/display-currency.ts";
import { displayed, type DisplayedAmount } from "./display.ts";
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
  const byTld = new Map<number, RenewalQuote[]>();
  for (const q of quotes) {
    const ofTld = byTld.get(q.tldId);
    if (ofTld) ofTld.push(q);
    else byTld.set(q.tldId, [q]);
  }
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
function shownSaving(ownCents: number | null, ownCurrency: string | undefined, converter: DisplayConverter | undefined, usdCents: number | null) {
  if (!converter) return usdCents === null ? null : { price: minorToDecimalString(usdCents), currency: "USD" };
  const display = displayed(converter, ownCents, ownCurrency);
  return display && ownCents !== null && ownCurrency ? { price: minorToDecimalString(ownCents), currency: ownCurrency, display } : null;
}

/**
 * With a converter, each renewal quote and the saving are also given in the display currency.
 * Staleness is judged as of `now` with a window of `staleDays` (PRICE_STALE_DAYS).
 */
export function toUserDomainItem(row: PricedUserDomainRow, now: Date, staleDays: number, converter?: DisplayConverter) {
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
  const displaySaving: { displaySaving?: DisplayedAmount | null } = converter
    ? { displaySaving: displayed(converter, ownSaving, current?.currency) }
    : {};
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
      saving: shownSaving(ownSaving, current?.currency, converter, saving),
    },
  };
}
export type UserDomainItem = ReturnType<typeof toUserDomainItem>;
