import { z } from "zod";
import { tldKeySchema } from "../../../shared/schemas/price-list.ts";
import { publicProcedure, router } from "../../trpc/init.ts";
import { getDataStatus, getRegistryOperators, getStats, getTld } from "./service.ts";

export const catalogueRouter = router({
  tld: publicProcedure.input(z.object({ tldId: tldKeySchema })).query(({ ctx, input }) => getTld(ctx.db, input.tldId)),
  stats: publicProcedure.query(({ ctx }) => getStats(ctx.db)),
  registryOperators: publicProcedure.query(({ ctx }) => getRegistryOperators(ctx.db)),
  dataStatus: publicProcedure.query(({ ctx }) => getDataStatus(ctx.db)),
});
