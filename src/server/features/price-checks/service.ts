/**
 * The administrators' side of the price checks (decision 059): the list of unusual and hidden
 * quotes, confirming one (the price is real: no longer marked until it changes) or hiding one
 * (left out of every public answer until it changes), and the share by which two sources may
 * differ. Each is written to the audit log; each rewrites the rows it changes, so the public
 * answers follow at once (onPricesChanged) and in every other process on its next check.
 */
import type { Db } from "../../../../db/client.ts";
import {
  countUnusualPrices, listUnusualPrices, readSharePercent, reviewPrice, writeSharePercent, type UnusualPriceRow,
} from "../../../../db/repositories/price-check-repository.ts";
import { DEFAULT_SOURCE_DIFFERENCE_PERCENT } from "../../../shared/price-checks.ts";
import { minorToPrice } from "../../../shared/price-format.ts";
import type { UnusualPriceQuery } from "../../../shared/schemas/price-checks.ts";
import { notFound } from "../../lib/errors.ts";

export interface PriceCheckCtx {
  db: Db;
  config: { PRICE_STALE_DAYS: number };
  user: { id: number; email: string };
  ip: string;
  onPricesChanged: (db: Db) => void;
}

const served = (r: UnusualPriceRow) => ({
  ...r,
  registrationPrice: minorToPrice(r.registrationPrice), renewalPrice: minorToPrice(r.renewalPrice), transferPrice: minorToPrice(r.transferPrice),
});

const sharePercent = async (db: Db) => (await readSharePercent(db)) ?? DEFAULT_SOURCE_DIFFERENCE_PERCENT;

/** A page of the unusual and hidden quotes, how many are unusual and hidden, and the share in force. */
export async function getUnusualPrices(db: Db, query: UnusualPriceQuery) {
  const [{ rows, total }, counts, percent] = await Promise.all([
    listUnusualPrices(db, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    countUnusualPrices(db),
    sharePercent(db),
  ]);
  return {
    rows: rows.map(served), total, page: query.page, limit: query.limit, totalPages: Math.max(1, Math.ceil(total / query.limit)),
    counts, sharePercent: percent, defaultSharePercent: DEFAULT_SOURCE_DIFFERENCE_PERCENT,
  };
}

const audit = (ctx: PriceCheckCtx) => ({ actorUserId: ctx.user.id, actorEmail: ctx.user.email, ip: ctx.ip });

/** Confirms or hides a quote's present prices; 404 for an unknown quote. */
export async function reviewUnusualPrice(ctx: PriceCheckCtx, priceId: number, decision: "confirmed" | "hidden") {
  const row = await reviewPrice(ctx.db, { priceId, decision, reviewedBy: ctx.user.email, audit: audit(ctx) }, { staleDays: ctx.config.PRICE_STALE_DAYS, now: new Date() });
  if (!row) throw notFound("There is no price with this id.");
  ctx.onPricesChanged(ctx.db);
  return served(row);
}

/** Sets the share two sources' prices may differ by; every row is checked again with it. */
export async function setSharePercent(ctx: PriceCheckCtx, percent: number) {
  await writeSharePercent(ctx.db, percent, audit(ctx), { staleDays: ctx.config.PRICE_STALE_DAYS, now: new Date() });
  ctx.onPricesChanged(ctx.db);
  return { sharePercent: percent };
}
