import { z } from "zod";
import { priceListQuerySchema, tldKeySchema } from "../../../shared/schemas/price-list.ts";
import type { CachedQuery } from "../../lib/trpc-cached-get.ts";
import { publicProcedure, router } from "../../trpc/init.ts";
import { commonPrices, getTldPriceHistory, pricePage, tldPrices, type PricePage, type PriceQuote, type PriceRow } from "./service.ts";

const byTldInput = z.object({ tldId: tldKeySchema });

/**
 * The procedures answer from the same cached JSON as the REST door. A plain GET of list,
 * common or byTld is answered before tRPC runs (see pricesCachedQueries); they run themselves
 * for batched streams, server-side callers and errors.
 */
export const pricesRouter = router({
  list: publicProcedure.input(priceListQuerySchema).query(async ({ ctx, input }) => JSON.parse((await pricePage(ctx.db, input)).json) as PricePage),
  common: publicProcedure.query(async ({ ctx }) => JSON.parse((await commonPrices(ctx.db)).json) as PriceRow[]),
  byTld: publicProcedure.input(byTldInput).query(async ({ ctx, input }) => JSON.parse((await tldPrices(ctx.db, input.tldId)).json) as PriceQuote[]),
  historyByTld: publicProcedure.input(byTldInput).query(({ ctx, input }) => getTldPriceHistory(ctx.db, input.tldId)),
});

/** The cached GETs of this router, by procedure name; invalid input is left to tRPC to report. */
export const pricesCachedQueries: Record<string, CachedQuery> = {
  list: (ctx, raw) => {
    const input = priceListQuerySchema.safeParse(raw);
    return input.success ? pricePage(ctx.db, input.data) : null;
  },
  common: (ctx) => commonPrices(ctx.db),
  byTld: (ctx, raw) => {
    const input = byTldInput.safeParse(raw);
    return input.success ? tldPrices(ctx.db, input.data.tldId) : null;
  },
};
