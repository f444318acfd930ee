import { z } from "zod";
import { currencyCodeSchema, displayCurrencyQuerySchema } from "../../../shared/schemas/currency.ts";
import { priceListQuerySchema, tldKeySchema, tldQuotesPageSchema } from "../../../shared/schemas/price-list.ts";
import type { CachedQuery } from "../../lib/trpc-cached-get.ts";
import { publicProcedure, router } from "../../trpc/init.ts";
import type { CurrencyOption } from "../../../shared/currency.ts";
import {
  commonPrices, getTldPriceHistory, listCurrencies, pricePage, tldPrices, tldPricesPage, tldQuoteList, type PricePage, type PriceRow,
} from "./service.ts";
import { tldTransferPairs } from "./transfer-pairs.ts";
import { tldRegistrationStats } from "./registration-stats.ts";

const byTldInput = z.object({ tldId: tldKeySchema });
const byTldInCurrency = byTldInput.extend({ currency: currencyCodeSchema.optional() });
const commonInput = displayCurrencyQuerySchema.optional();

/**
 * The procedures answer from the same cached JSON as the REST door. A plain GET of list,
 * common or byTld is answered before tRPC runs (see pricesCachedQueries); they run themselves
 * for server-side callers, POSTed calls and errors (the client sends no batches: lib/trpc.ts).
 */
export const pricesRouter = router({
  list: publicProcedure.input(priceListQuerySchema).query(async ({ ctx, input }) => JSON.parse((await pricePage(ctx.db, input, ctx.config.PRICE_STALE_DAYS)).json) as PricePage),
  common: publicProcedure.input(commonInput).query(async ({ ctx, input }) => JSON.parse((await commonPrices(ctx.db, ctx.config.PRICE_STALE_DAYS, input?.currency)).json) as PriceRow[]),
  byTld: publicProcedure.input(byTldInCurrency).query(({ ctx, input }) => tldQuoteList(ctx.db, input.tldId, ctx.config.PRICE_STALE_DAYS, input.currency)),
  /** One page of the TLD's quotes, cheapest first, with how many there are in all. */
  byTldPage: publicProcedure.input(tldQuotesPageSchema).query(({ ctx, input }) => tldPricesPage(ctx.db, input, ctx.config.PRICE_STALE_DAYS)),
  /** The registration figures of one TLD's quotes, fresh ones preferred. */
  statsByTld: publicProcedure.input(byTldInCurrency).query(({ ctx, input }) => tldRegistrationStats(ctx.db, input.tldId, ctx.config.PRICE_STALE_DAYS, input.currency)),
  /** Per registrar quoting the TLD, the move that saves most and the year it pays off (transfer-pairs.ts). */
  transferPairs: publicProcedure.input(byTldInCurrency).query(({ ctx, input }) => tldTransferPairs(ctx.db, input.tldId, ctx.config.PRICE_STALE_DAYS, input.currency)),
  currencies: publicProcedure.query(async ({ ctx }) => JSON.parse((await listCurrencies(ctx.db)).json) as CurrencyOption[]),
  historyByTld: publicProcedure.input(byTldInCurrency).query(({ ctx, input }) => getTldPriceHistory(ctx.db, input.tldId, input.currency)),
});

/** The cached GETs of this router, by procedure name; invalid input is left to tRPC to report. */
export const pricesCachedQueries: Record<string, CachedQuery> = {
  list: (ctx, raw) => {
    const input = priceListQuerySchema.safeParse(raw);
    return input.success ? pricePage(ctx.db, input.data, ctx.config.PRICE_STALE_DAYS) : null;
  },
  common: (ctx, raw) => {
    const input = commonInput.safeParse(raw);
    return input.success ? commonPrices(ctx.db, ctx.config.PRICE_STALE_DAYS, input.data?.currency) : null;
  },
  byTld: (ctx, raw) => {
    const input = byTldInCurrency.safeParse(raw);
    return input.success ? tldPrices(ctx.db, input.data.tldId, ctx.config.PRICE_STALE_DAYS, input.data.currency) : null;
  },
  currencies: (ctx) => listCurrencies(ctx.db),
};
