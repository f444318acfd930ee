/**
 * The portfolio entry as the API returns it. Money stays in integer cents until it is turned
 * into decimal strings here; the saving is only computed when both quotes are USD, since
 * nothing converts currencies.
 */
import type { PricedUserDomainRow } from "../../../../db/repositories/user-domain-repository.ts";
import { minorToDecimalString as money } from "../../../shared/price-format.ts";

/** Yearly saving in cents by moving to the cheapest provider, or null when there is none to make. */
export function savingCents(row: PricedUserDomainRow): number | null {
  const { currentRenewal: current, cheapestRenewal: cheapest } = row;
  if (!current || !cheapest || current.currency !== "USD" || cheapest.currency !== "USD") return null;
  const saving = current.price - cheapest.price;
  return saving > 0 ? saving : null;
}

/** When the quote behind a price was last confirmed by a source, and when it took its value. */
const freshness = (q: { lastCheckedAt: Date; changedAt: Date }) => ({ lastCheckedAt: q.lastCheckedAt.toISOString(), changedAt: q.changedAt.toISOString() });

export function toUserDomainItem(row: PricedUserDomainRow) {
  const saving = savingCents(row);
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
      currentRenewal: row.currentRenewal ? { price: money(row.currentRenewal.price), currency: row.currentRenewal.currency, ...freshness(row.currentRenewal) } : null,
      cheapestRenewal: row.cheapestRenewal
        ? {
          price: money(row.cheapestRenewal.price), currency: row.cheapestRenewal.currency, ...freshness(row.cheapestRenewal),
          serviceProvider: row.cheapestRenewal.serviceProvider,
        }
        : null,
      yearlySaving: saving === null ? null : money(saving),
    },
  };
}
export type UserDomainItem = ReturnType<typeof toUserDomainItem>;
