/**
 * Watched TLDs: a user's target price for a name's registration, renewal or transfer. A watch is
 * met when a fresh quote (not stale by PRICE_STALE_DAYS) of that price at an active provider is
 * at or under the target, after converting the quote into the target's currency with the stored
 * ECB rates (a quote no stored rate converts is left out).
 *
 * Once per crossing: the first evaluation that finds a watch met tells its owner about the
 * lowest such quote and records the crossing as told (met_at); later evaluations that still find
 * it met tell nothing, whichever provider meets it. An evaluation that finds it no longer met
 * ends the crossing (crossing + 1, met_at cleared), so reaching the target again is told again;
 * so is a target edited by its owner. The notification's occurrence is the target and the
 * crossing's number (`registration at or under 10.00 USD, crossing 0`), so a retried job, a
 * second worker or two runs evaluating the same crossing at once plan it once.
 *
 * Watches are evaluated when a price run changed a quote of their name (any provider's run: the
 * evaluation looks at every provider's quotes), and once as soon as they are added or edited (a
 * target already met is told then). A run that only confirms fresh quotes unchanged evaluates
 * nothing; one that confirms a stale quote (fresh again) evaluates its name's watches. A user who turned
 * the kind off, or has no receiving channel, is not told and the crossing stays untold: turning
 * it on tells them at the next evaluation that still finds the target met.
 */
import type { Db } from "../../../../db/client.ts";
import { insertPlannedNotifications, type PlannedNotification } from "../../../../db/repositories/notification-repository.ts";
import { loadDisplayRates } from "../../../../db/repositories/exchange-rate-repository.ts";
import {
  findWatch, listQuotesOfTlds, listWatchesOfTlds, markWatchMet, markWatchUnmet, type WatchQuote, type WatchRow,
} from "../../../../db/repositories/watched-tld-repository.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { convertMinor } from "../../../shared/currency.ts";
import type { DisplayRate } from "../../../shared/display-converter.ts";
import { isStaleAt } from "../../../shared/price-freshness.ts";
import { minorToDecimalString } from "../../../shared/price-format.ts";
import { offersPrice, ranksBefore } from "../../../shared/renewal-comparison.ts";
import { enqueueDeliveries } from "./deliveries.ts";
import { publicOrigin } from "./deps.ts";
import { money } from "./expiry-message.ts";
import { utcDay } from "./expiry-plan.ts";
import { receiversFor } from "./receivers.ts";
import type { PriceEventPlanner } from "./price-events.ts";

export const WATCHED_TLD = "watched_tld";

/** The lowest fresh quote of a watch's price, in the target's currency (hundredths). */
export interface BestQuote {
  provider: { id: number; name: string };
  /** In the target's currency. */
  amount: number;
  /** The quote as stored. */
  quoted: { amount: number; currency: string };
  /** The ECB day of the conversion; null when the quote is in the target's currency. */
  rateDate: string | null;
  lastCheckedAt: Date;
}

const priceOf = (q: WatchQuote, kind: WatchRow["priceKind"]) => q[kind];

/**
 * The lowest fresh quote of the watch's price among `quotes` (other names' are passed over) at
 * an active provider quoting it above zero (offersPrice), converted with `rates` (source
 * currency → rate pair into the target's currency); equal amounts go to the provider whose name
 * sorts first, then the lower id (ranksBefore, src/shared/renewal-comparison.ts). Unlike a
 * renewal comparison, a stale quote never counts: a target is met only by a fresh price.
 */
export function bestFreshQuote(
  watch: Pick<WatchRow, "priceKind" | "currency"> & { tldId: number }, quotes: readonly WatchQuote[],
  rates: ReadonlyMap<string, DisplayRate | null>, now: Date, staleDays: number,
): BestQuote | null {
  let best: BestQuote | null = null;
  for (const q of quotes) {
    const price = priceOf(q, watch.priceKind);
    if (q.tldId !== watch.tldId || !offersPrice(q.provider, price) || isStaleAt(q.lastCheckedAt, now, staleDays)) continue;
    const rate = q.currency === watch.currency ? null : rates.get(q.currency);
    if (rate === undefined) continue;
    const amount = rate === null ? price : convertMinor(price, rate.fromPerEur, rate.toPerEur, 2);
    // Every candidate is fresh; the order is the renewal comparison's (price, name, id).
    if (best && !ranksBefore({ price: amount, stale: false, provider: q.provider }, { price: best.amount, stale: false, provider: best.provider })) continue;
    best = {
      provider: { id: q.provider.id, name: q.provider.name }, amount, quoted: { amount: price, currency: q.currency },
      rateDate: rate?.rateDate ?? null, lastCheckedAt: q.lastCheckedAt,
    };
  }
  return best;
}

const shownName = (tld: WatchRow["tld"]) => `.${tld.unicodeName ?? tld.name}`;
const shown = (amount: number, currency: string) => money({ amount: minorToDecimalString(amount), currency, converted: false, rateDate: null });

export const occurrenceOf = (w: Pick<WatchRow, "priceKind" | "targetMinor" | "currency" | "crossing">) =>
  `${w.priceKind} at or under ${minorToDecimalString(w.targetMinor)} ${w.currency}, crossing ${w.crossing}`;

/** The message of a watch met by `best`: name, price, provider, target and the quote's date. */
export function watchMessage(watch: WatchRow, best: BestQuote, origin: string) {
  const price = shown(best.amount, watch.currency);
  const target = shown(watch.targetMinor, watch.currency);
  const checked = utcDay(best.lastCheckedAt);
  const title = `${shownName(watch.tld)} ${watch.priceKind} is ${price} at ${best.provider.name}, at or under your ${target} target`;
  const converted = best.rateDate
    ? ` (${shown(best.quoted.amount, best.quoted.currency)} converted at the ECB rate of ${best.rateDate})`
    : "";
  const link = `${origin}/tld/${encodeURIComponent(watch.tld.name)}`;
  const text = `${title}, checked ${checked}.\n\n${best.provider.name} quotes ${price}${converted} for a ${watch.priceKind} of ${shownName(watch.tld)}. `
    + `Every price of ${shownName(watch.tld)}: ${link}\n\n`
    + "You hear about this target again only after the price has gone above it and comes back; "
    + "edit or remove the watch on your notification settings.";
  return {
    title, text,
    payload: {
      tld: watch.tld.name, priceKind: watch.priceKind, target: minorToDecimalString(watch.targetMinor), currency: watch.currency,
      price: minorToDecimalString(best.amount), provider: best.provider.name, checkedAt: best.lastCheckedAt.toISOString(),
      quoted: { price: minorToDecimalString(best.quoted.amount), currency: best.quoted.currency, rateDate: best.rateDate },
      url: link, text,
    },
  };
}

export interface WatchPlanOutcome {
  evaluated: number;
  planned: number;
  deliveries: number;
}

/** Evaluates the watches (see the file's comment) and plans what is to be told; `origin` builds the links. */
export async function evaluateWatches(db: Db, queue: JobQueue, watches: WatchRow[], now: Date, staleDays: number, origin: string): Promise<WatchPlanOutcome> {
  if (watches.length === 0) return { evaluated: 0, planned: 0, deliveries: 0 };
  const quotes = await listQuotesOfTlds(db, [...new Set(watches.map((w) => w.tld.id))]);
  const quoteCurrencies = [...new Set(quotes.map((q) => q.currency))];
  const ratesByCurrency = new Map<string, Map<string, DisplayRate | null>>();
  for (const currency of new Set(watches.map((w) => w.currency))) ratesByCurrency.set(currency, await loadDisplayRates(db, currency, quoteCurrencies));

  const met: { watch: WatchRow; best: BestQuote }[] = [];
  for (const watch of watches) {
    const best = bestFreshQuote({ ...watch, tldId: watch.tld.id }, quotes, ratesByCurrency.get(watch.currency)!, now, staleDays);
    const isMet = best !== null && best.amount <= watch.targetMinor;
    if (!isMet && watch.metAt) await markWatchUnmet(db, watch.id, watch.crossing);
    if (isMet && !watch.metAt) met.push({ watch, best });
  }
  if (met.length === 0) return { evaluated: watches.length, planned: 0, deliveries: 0 };

  const receivers = await receiversFor(db, WATCHED_TLD, { userIds: [...new Set(met.map((m) => m.watch.userId))] });
  const today = utcDay(now);
  const plans: PlannedNotification[] = [];
  const told: WatchRow[] = [];
  for (const { watch, best } of met) {
    const receiver = receivers.get(watch.userId);
    if (!receiver) continue;
    const { prefs: p, channels: to } = receiver;
    const message = watchMessage(watch, best, origin);
    const digestDate = p.deliveryModes[WATCHED_TLD] === "digest" ? today : null;
    plans.push({
      notification: {
        userId: watch.userId, kind: WATCHED_TLD, subjectKey: `watch:${watch.id}`, occurrence: occurrenceOf(watch),
        title: message.title, payload: message.payload, dueDate: today,
      },
      deliveries: to.map((c) => ({ channelId: c.id, digestDate })),
    });
    told.push(watch);
  }
  const created = await insertPlannedNotifications(db, plans);
  await enqueueDeliveries(queue, created.deliveries);
  for (const watch of told) await markWatchMet(db, watch.id, watch.crossing, now);
  return { evaluated: watches.length, planned: created.notifications, deliveries: created.deliveries.length };
}

/** The watches on any of `tldIds`. */
export async function planWatchesOfTlds(db: Db, queue: JobQueue, tldIds: number[], now: Date, staleDays: number, origin: string): Promise<WatchPlanOutcome> {
  return evaluateWatches(db, queue, await listWatchesOfTlds(db, tldIds), now, staleDays, origin);
}

/** One watch, just added or edited (nothing when it was removed meanwhile). */
export async function planWatch(db: Db, queue: JobQueue, watchId: number, now: Date, staleDays: number, origin: string): Promise<WatchPlanOutcome> {
  const watch = await findWatch(db, watchId, null);
  return evaluateWatches(db, queue, watch ? [watch] : [], now, staleDays, origin);
}

/** The price runs' planner (price-event-planners.ts): the watches on every TLD the run changed. */
export const watchedTldPlanner: PriceEventPlanner = {
  kind: WATCHED_TLD,
  plan: async (deps, event, now) => {
    return { ...await planWatchesOfTlds(deps.db, deps.queue, event.changedTldIds, now, deps.config.PRICE_STALE_DAYS, publicOrigin(deps.config)) };
  },
};
