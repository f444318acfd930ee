import { z } from "zod";
import { priceListQuerySchema, tldKeySchema } from "../../../shared/schemas/price-list.ts";
import { publicProcedure, router } from "../../trpc/init.ts";
import { getCommonPrices, getPricePage, getTldPriceHistory, getTldPrices } from "./service.ts";

export const pricesRouter = router({
  list: publicProcedure.input(priceListQuerySchema).query(({ ctx, input }) => getPricePage(ctx.db, input)),
  common: publicProcedure.query(({ ctx }) => getCommonPrices(ctx.db)),
  byTld: publicProcedure.input(z.object({ tldId: tldKeySchema })).query(({ ctx, input }) => getTldPrices(ctx.db, input.tldId)),
  historyByTld: publicProcedure
    .input(z.object({ tldId: tldKeySchema }))
    .query(({ ctx, input }) => getTldPriceHistory(ctx.db, input.tldId)),
});
