import { z } from "zod";
import { idSchema } from "../../../shared/schemas/admin.ts";
import { PRICE_REVIEW_DECISIONS, priceCheckShareSchema, unusualPriceQuerySchema } from "../../../shared/schemas/price-checks.ts";
import { adminProcedure, router } from "../../trpc/init.ts";
import { getUnusualPrices, reviewUnusualPrice, setSharePercent } from "./service.ts";

export const priceChecksRouter = router({
  list: adminProcedure.input(unusualPriceQuerySchema).query(({ ctx, input }) => getUnusualPrices(ctx.db, input)),
  review: adminProcedure.input(z.object({ id: idSchema, decision: z.enum(PRICE_REVIEW_DECISIONS) }))
    .mutation(({ ctx, input }) => reviewUnusualPrice(ctx, input.id, input.decision)),
  setShare: adminProcedure.input(priceCheckShareSchema).mutation(({ ctx, input }) => setSharePercent(ctx, input.percent)),
});
