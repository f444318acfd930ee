/**
 * Which renewal price alerts a price run's changes call for, as a pure function of the event,
 * the held domains of the changed TLDs, the stored renewal quotes and each receiver's thresholds.
 *
 * - "changed": the renewal at the registrar a domain is held with moved by at least the user's
 *   percent (up or down), from a renewal in the same currency.
 * - "undercut": the event's provider, with a fresh quote (checked within PRICE_STALE_DAYS),
 *   now renews a TLD for at least the user's amount less a year than the registrar a domain is
 *   held with, and did not before this change (its earlier renewal saved less, or it had none).
 *   Which quotes count and what a move saves are the portfolio's rules
 *   (src/shared/renewal-comparison.ts: quotesRenewal, savingAgainst): both providers active and
 *   quoting a renewal above zero in the same currency. The amount is in the user's display currency when
 *   a rate converts the quote's, else in the quote's own currency.
 *
 * One alert per (user, registrar the domains are held with, TLD), naming every such domain.
 */
import type { HeldDomain } from "../../../../db/repositories/renewal-alert-repository.ts";
import type { RenewalQuote } from "../../../../db/repositories/user-domain-repository.ts";
import type { DisplayConverter } from "../../../shared/display-converter.ts";
import { isStaleAt } from "../../../shared/price-freshness.ts";
import { quotesRenewal, savingAgainst, type Renewal } from "../../../shared/renewal-comparison.ts";
import type { PriceEvent, RenewalPriceChange } from "./price-events.ts";

export interface Receiver {
  renewalChangePercent: number;
  /** Hundredths of the display currency. */
  renewalUndercutMinor: number;
  converter: DisplayConverter | undefined;
}

interface AlertBase {
  userId: number;
  change: RenewalPriceChange;
  /** Names held, in name order. */
  domains: string[];
}
export type RenewalAlert =
  | (AlertBase & { type: "changed"; from: number })
  | (AlertBase & { type: "undercut"; heldAt: { id: number; name: string; price: number; lastCheckedAt: Date } });

/** Whether a saving in hundredths of `currency` (null: none) reaches the receiver's amount. */
function savingReaches(saving: number | null, currency: string, receiver: Receiver): boolean {
  if (saving === null) return false;
  const c = receiver.converter;
  if (c?.canConvert(currency)) return c.minor(saving, currency) * 100 >= receiver.renewalUndercutMinor * 10 ** c.digits;
  return saving >= receiver.renewalUndercutMinor;
}

export function decideRenewalAlerts(
  event: PriceEvent, held: readonly HeldDomain[], quotes: readonly RenewalQuote[], receivers: ReadonlyMap<number, Receiver>,
  now: Date, staleDays: number,
): RenewalAlert[] {
  const changes = new Map(event.renewalChanges.map((c) => [c.tldId, c]));
  const quoteOf = new Map<string, RenewalQuote & { renewalPrice: number }>();
  for (const q of quotes) if (quotesRenewal(q)) quoteOf.set(`${q.provider.id}|${q.tldId}`, q);
  const fresh = !isStaleAt(new Date(event.observedAt), now, staleDays);
  // null: the (user, registrar, TLD) was judged and calls for nothing.
  const alerts = new Map<string, RenewalAlert | null>();
  for (const d of held) {
    const receiver = receivers.get(d.userId);
    const change = changes.get(d.tldId);
    if (!receiver || !change) continue;
    const key = `${d.userId}|${d.serviceProviderId}|${d.tldId}`;
    const found = alerts.get(key);
    if (found !== undefined) {
      found?.domains.push(d.domainName);
      continue;
    }
    alerts.set(key, null);
    if (d.serviceProviderId === event.providerId) {
      const { from, to } = change;
      if (from === null || from === to || Math.abs(to - from) * 100 < receiver.renewalChangePercent * from) continue;
      alerts.set(key, { type: "changed", userId: d.userId, change, from, domains: [d.domainName] });
      continue;
    }
    if (!fresh || !quoteOf.has(`${event.providerId}|${d.tldId}`)) continue;
    const own = quoteOf.get(`${d.serviceProviderId}|${d.tldId}`);
    if (!own || own.currency !== change.currency) continue;
    const current: Renewal = { price: own.renewalPrice, currency: own.currency, lastCheckedAt: own.lastCheckedAt, changedAt: own.changedAt };
    const observedAt = new Date(event.observedAt);
    const moveTo = (price: number) => savingAgainst(current, { price, currency: change.currency, lastCheckedAt: observedAt, changedAt: observedAt }, now, staleDays);
    if (!savingReaches(moveTo(change.to), change.currency, receiver)) continue;
    if (change.from !== null && savingReaches(moveTo(change.from), change.currency, receiver)) continue;
    alerts.set(key, {
      type: "undercut", userId: d.userId, change, domains: [d.domainName],
      heldAt: { id: own.provider.id, name: own.provider.name, price: own.renewalPrice, lastCheckedAt: own.lastCheckedAt },
    });
  }
  return [...alerts.values()].filter((a): a is RenewalAlert => a !== null);
}
