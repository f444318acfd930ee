/**
 * The portfolio entry as the API returns it. Money stays in integer cents until it is turned
 * into decimal strings here; the saving is only computed when both quotes are USD, since
 * nothing converts currencies.
 */
import { priceStaleDays } from "../../../../db/repositories/price-summary-repository.ts";
import type { PricedUserDomainRow } from "../../../../db/repositories/user-domain-repository.ts";
import { minorToDecimalString as money } from "../../../shared/price-format.ts";
import { isStaleAt, staleWindowMs } from "../../../shared/price-freshness.ts";

/** Quotes last checked at or before this instant are stale at `now` (the repository ranks them last). */
export const staleBefore = (now: Date): Date => new Date(now.getTime() - staleWindowMs(priceStaleDays()));

const stale = (q: { lastCheckedAt: Date }, now: Date) => isStaleAt(q.lastCheckedAt, now, priceStaleDays());

/**
 * Yearly saving in cents by moving to the cheapest provider, or null when there is none to make.
 * The cheapest quote is stale only when no fresh one exists for the TLD; it then makes no saving
 * claim against a fresh quote of the domain's own provider.
 */
export function savingCents(row: PricedUserDomainRow, now: Date): number | null {
  const { currentRenewal: current, cheapestRenewal: cheapest } = row;
  if (!current || !cheapest || current.currency !== "USD" || cheapest.currency !== "USD") return null;
  if (stale(cheapest, now) && !stale(current, now)) return null;
  const saving = current.price - cheapest.price;
  return saving > 0 ? saving : null;
}

/** When the quote behind a price was last confirmed by a source, when it took its value, and whether it is stale. */
const freshness = (q: { lastCheckedAt: Date; changedAt: Date }, now: Date) => ({
  lastCheckedAt: q.lastCheckedAt.toISOString(), isStale: stale(q, now), changedAt: q.changedAt.toISOString(),
});

export function toUserDomainItem(row: PricedUserDomainRow, now: Date) {
  const saving = savingCents(row, now);
  return {
    id: row.id,
    domainName: row.domainName,
    /** The TLD's name ("com"), as the form enters it. */
    tldId: row.tld.name,
    tld: row.tld,
    serviceProviderId: row.serviceProviderId,
    serviceProvider: row.serviceProvider,
    registrationDate: row.registrationDate,
    expirationDate: row.expirationDate,
    autoRenew: row.autoRenew,
    notes: row.notes,
    /** "manual" or "sync"; registrarAccount names the connected account it is linked to. */
    source: row.source,
    registrarAccount: row.registrarAccount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    pricing: {
      currentRenewal: row.currentRenewal ? { price: money(row.currentRenewal.price), currency: row.currentRenewal.currency, ...freshness(row.currentRenewal, now) } : null,
      cheapestRenewal: row.cheapestRenewal
        ? {
          price: money(row.cheapestRenewal.price), currency: row.cheapestRenewal.currency, ...freshness(row.cheapestRenewal, now),
          serviceProvider: row.cheapestRenewal.serviceProvider,
        }
        : null,
      yearlySaving: saving === null ? null : money(saving),
      /** The saving compares at least one stale quote (only when no fresh one could be compared). */
      yearlySavingIsStale: saving !== null && (stale(row.currentRenewal!, now) || stale(row.cheapestRenewal!, now)),
    },
  };
}
export type UserDomainItem = ReturnType<typeof toUserDomainItem>;
