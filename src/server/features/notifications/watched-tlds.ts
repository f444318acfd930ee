/**
 * A user's watched TLDs: add, list, edit the target, remove. A name is resolved against the
 * catalogue ("ai", ".ai", "co.uk", an IDN in Unicode or punycode); the target's currency is the
 * user's display currency unless given, and must have stored rates. Adding or editing a watch
 * queues its first evaluation ("notifications.watch-check"), so a target the quotes already
 * meet is told within moments (watched-tld-plan.ts has the rules).
 */
import type { Db } from "../../../../db/client.ts";
import { findPreferences } from "../../../../db/repositories/notification-repository.ts";
import { loadDisplayRates } from "../../../../db/repositories/exchange-rate-repository.ts";
import { findTld } from "../../../../db/repositories/tld-repository.ts";
import {
  deleteWatch, findWatch, insertWatchWithinLimit, listQuotesOfTlds, listWatchesByUser, updateWatchTarget, type WatchRow,
} from "../../../../db/repositories/watched-tld-repository.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { minorToDecimalString } from "../../../shared/price-format.ts";
import { MAX_WATCHES, type watchAddSchema, type watchUpdateSchema } from "../../../shared/schemas/watched-tld.ts";
import type { z } from "zod";
import type { Config } from "../../config.ts";
import { requireKnownCurrency } from "../../domain/display-currency.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { preferencesOf } from "./preferences.ts";
import { bestFreshQuote } from "./watched-tld-plan.ts";

import { sendOptionsOf, WATCH_CHECK_QUEUE, type WatchCheckJobData } from "../../domain/job-catalogue.ts";
export { WATCH_CHECK_QUEUE, type WatchCheckJobData };

export interface WatchCtx {
  db: Db;
  config: Config;
  queue: JobQueue;
}

/** A watch as the settings page and the API show it, with the lowest fresh quote now. */
export interface WatchItem {
  id: number;
  tld: { id: number; name: string; unicodeName: string | null };
  priceKind: WatchRow["priceKind"];
  /** Decimal string in `currency`. */
  target: string;
  currency: string;
  /** The lowest fresh quote of the price at an active provider, in `currency`; null when none (or none a stored rate converts). */
  bestQuote: {
    price: string;
    provider: string;
    checkedAt: string;
    /** The quote as stored, and the ECB day it was converted at (null: not converted). */
    quoted: { price: string; currency: string };
    rateDate: string | null;
  } | null;
  /** Whether that quote is at or under the target. */
  met: boolean;
  createdAt: string;
}

async function itemsOf(ctx: WatchCtx, watches: WatchRow[], now = new Date()): Promise<WatchItem[]> {
  const quotes = await listQuotesOfTlds(ctx.db, [...new Set(watches.map((w) => w.tld.id))]);
  const sources = [...new Set(quotes.map((q) => q.currency))];
  const rates = new Map<string, Awaited<ReturnType<typeof loadDisplayRates>>>();
  for (const currency of new Set(watches.map((w) => w.currency))) rates.set(currency, await loadDisplayRates(ctx.db, currency, sources));
  return watches.map((w) => {
    const best = bestFreshQuote({ ...w, tldId: w.tld.id }, quotes, rates.get(w.currency)!, now, ctx.config.PRICE_STALE_DAYS);
    return {
      id: w.id, tld: w.tld, priceKind: w.priceKind, target: minorToDecimalString(w.targetMinor), currency: w.currency,
      bestQuote: best && {
        price: minorToDecimalString(best.amount), provider: best.provider.name, checkedAt: best.lastCheckedAt.toISOString(),
        quoted: { price: minorToDecimalString(best.quoted.amount), currency: best.quoted.currency }, rateDate: best.rateDate,
      },
      met: best !== null && best.amount <= w.targetMinor,
      createdAt: w.createdAt.toISOString(),
    };
  });
}

export async function listWatches(ctx: WatchCtx, userId: number): Promise<WatchItem[]> {
  return itemsOf(ctx, await listWatchesByUser(ctx.db, userId));
}

async function ownItem(ctx: WatchCtx, userId: number, id: number): Promise<WatchItem> {
  const watch = await findWatch(ctx.db, id, userId);
  if (!watch) throw notFound("Watch not found");
  return (await itemsOf(ctx, [watch]))[0]!;
}

const currencyOf = async (db: Db, userId: number, given: string | undefined) => given ?? preferencesOf(await findPreferences(db, userId)).currency;

async function checkSoon(queue: JobQueue, watchId: number): Promise<void> {
  await queue.send<WatchCheckJobData>(WATCH_CHECK_QUEUE, { watchId }, sendOptionsOf(WATCH_CHECK_QUEUE));
}

export async function addWatch(ctx: WatchCtx, userId: number, input: z.output<typeof watchAddSchema>): Promise<WatchItem> {
  const tld = await findTld(ctx.db, { name: input.tld });
  if (!tld) {
    const message = `No TLD named ".${input.tld}" is in the catalogue`;
    throw badRequest(message, [{ field: "tld", message }]);
  }
  const currency = await currencyOf(ctx.db, userId, input.currency);
  await requireKnownCurrency(ctx.db, currency);
  const added = await insertWatchWithinLimit(ctx.db, { userId, tldId: tld.id, priceKind: input.priceKind, targetMinor: input.target, currency }, MAX_WATCHES);
  if (added === "limit") throw conflict(`You can watch at most ${MAX_WATCHES} prices; remove a watch first`);
  if (added === "exists") throw conflict(`You already watch the ${input.priceKind} price of .${tld.unicodeName ?? tld.name}: edit its target instead`);
  await checkSoon(ctx.queue, added.id);
  return ownItem(ctx, userId, added.id);
}

/** A new target (and currency, the watch's own when left out); its crossing starts anew. */
export async function updateWatch(ctx: WatchCtx, userId: number, id: number, input: z.output<typeof watchUpdateSchema>): Promise<WatchItem> {
  const watch = await findWatch(ctx.db, id, userId);
  if (!watch) throw notFound("Watch not found");
  const currency = input.currency ?? watch.currency;
  await requireKnownCurrency(ctx.db, currency);
  if (!(await updateWatchTarget(ctx.db, id, userId, { targetMinor: input.target, currency }))) throw notFound("Watch not found");
  await checkSoon(ctx.queue, id);
  return ownItem(ctx, userId, id);
}

export async function removeWatch(db: Db, userId: number, id: number): Promise<{ removed: true }> {
  if (!(await deleteWatch(db, id, userId))) throw notFound("Watch not found");
  return { removed: true };
}
